/**
 * Credits as the add-in, the local service and the relay count them: whole hundredths. The service shows credits
 * with two decimals (`credits_used: 100.10` in its usage answer); sums are made in integer hundredths so that adding
 * many small reads never drifts, and a fraction of a hundredth always counts as a whole one (never rounded down:
 * an estimate that comes out low would let an automatic refresh spend more than its budget).
 */
export const HUNDREDTHS = 100;

/**
 * Credits rounded up to the hundredth; any positive amount is at least 0.01. Float noise of under a billionth of a
 * hundredth above a whole hundredth (0.1 + 0.2) is not rounded up.
 */
export function roundUpCredits(credits: number): number {
  if (!Number.isFinite(credits) || credits <= 0) return 0;
  const scaled = credits * HUNDREDTHS;
  const nearest = Math.round(scaled);
  const hundredths = nearest > 0 && Math.abs(scaled - nearest) < 1e-9 ? nearest : Math.ceil(scaled);
  return hundredths / HUNDREDTHS;
}

/** The exact sum of amounts already kept to hundredths. */
export function addCredits(...amounts: readonly number[]): number {
  let hundredths = 0;
  for (const amount of amounts) hundredths += Math.round(amount * HUNDREDTHS);
  return hundredths / HUNDREDTHS;
}

/** `a - b`, exact in hundredths, never below 0. */
export function subtractCredits(a: number, b: number): number {
  return Math.max(0, Math.round(a * HUNDREDTHS) - Math.round(b * HUNDREDTHS)) / HUNDREDTHS;
}

/** "12.5 credits", "1 credit", "0.01 credits": two decimals at most, none when whole. */
export function formatCredits(credits: number): string {
  const rounded = roundUpCredits(credits);
  const text = rounded.toLocaleString("en-US", { maximumFractionDigits: 2 });
  return `${text} ${rounded === 1 ? "credit" : "credits"}`;
}

/** "12.5", "20", "1,234.56": credits to the hundredth, without the unit ("0 of 20 credits"). */
export function creditsNumber(credits: number): string {
  return credits.toLocaleString("en-US", { maximumFractionDigits: 2 });
}
