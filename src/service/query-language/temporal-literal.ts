/**
 * Date and date-time literals in filters: `YYYY-MM-DD`, optionally followed by ` ` or `T` and `HH:MM[:SS[.f…]]`,
 * optionally ending in `Z` (only after a time). All times are UTC, like the API's own timestamps, so `Z` changes
 * nothing. Up to 9 fractional digits are accepted because the API prints nanoseconds and users paste them back;
 * the engine keeps microseconds, so digits beyond 6 are dropped.
 */
const TEMPORAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz])?)?$/;

export type TemporalLiteral = { type: "date"; value: string } | { type: "timestamp"; value: string };

/** Returns the normalized literal, or undefined when `text` is not a real calendar date/time. */
export function parseTemporalLiteral(text: string): TemporalLiteral | undefined {
  const m = TEMPORAL.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  const date = `${y}-${mo}-${d}`;
  if (h === undefined) return { type: "date", value: date };
  if (Number(h) > 23 || Number(mi) > 59 || (s !== undefined && Number(s) > 59)) return undefined;
  const fraction = frac ? `.${frac.slice(0, 6)}` : "";
  return { type: "timestamp", value: `${date} ${h}:${mi}:${s ?? "00"}${fraction}` };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
