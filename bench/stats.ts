/** Small statistics and number formatting shared by the sections. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function min(values: readonly number[]): number {
  return values.length ? Math.min(...values) : NaN;
}

export function max(values: readonly number[]): number {
  return values.length ? Math.max(...values) : NaN;
}

/** 1234567 → "1,234,567"; fractions kept to `digits`. */
export function num(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return "–";
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return "–";
  return value >= 10_000 ? `${num(value / 1000, 1)} s` : `${num(value, value < 10 ? 1 : 0)} ms`;
}

export function mb(bytes: number, digits = 1): string {
  return Number.isFinite(bytes) ? `${num(bytes / 1_000_000, digits)} MB` : "–";
}

export function kb(bytes: number): string {
  return Number.isFinite(bytes) ? `${num(bytes / 1000, 1)} kB` : "–";
}

export function ratio(value: number): string {
  return Number.isFinite(value) ? `${num(value, 2)}x` : "–";
}

export function pct(value: number): string {
  return Number.isFinite(value) ? `${num(value * 100, 0)}%` : "–";
}
