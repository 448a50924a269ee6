/**
 * Typing of CSV fields. CSV carries no types, and a spreadsheet shows 15 significant digits, so a field
 * becomes a number only when the number is exactly what the text says; everything else stays text:
 * `0x00ab` (hex), `00123` (codes with leading zeros), `12345678901234567890` (too wide), `1e999`.
 */

/** Canonical decimal: optional minus, no leading zeros, optional fraction and exponent. */
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** Excel keeps 15 significant digits; more would be silently rounded. */
const MAX_SIGNIFICANT_DIGITS = 15;

/** Smallest magnitude that is still a normal double (below it, digits are lost). */
const MIN_NORMAL = 2.2250738585072014e-308;

export type CsvValue = string | number;

/** One field as a number when exact, else the text unchanged. Empty stays empty (""), never 0. */
export function typeField(text: string): CsvValue {
  if (text === "" || text.length > 40 || !DECIMAL.test(text)) return text;
  const mantissa = text.replace(/^-/, "").replace(/[eE].*$/, "");
  const [whole = "", fraction = ""] = mantissa.split(".");
  // Significant digits: drop leading zeros of the whole mantissa and trailing zeros of the fraction.
  const digits = (whole + fraction.replace(/0+$/, "")).replace(/^0+/, "");
  if (digits.length > MAX_SIGNIFICANT_DIGITS) return text;
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  if (value === 0) return digits.length === 0 ? 0 : text; // underflow to zero is not exact
  if (Math.abs(value) < MIN_NORMAL) return text;
  return value;
}

/** A column type for a CSV column, from its typed values: what the JSON endpoints would have called it. */
export function inferColumnType(rows: readonly (readonly unknown[])[], column: number): string {
  let sawNumber = false;
  let allIntegers = true;
  for (const row of rows) {
    const value = row[column];
    if (value === "" || value === null || value === undefined) continue;
    if (typeof value !== "number") return "varchar";
    sawNumber = true;
    if (!Number.isInteger(value)) allIntegers = false;
  }
  if (!sawNumber) return "unknown";
  return allIntegers ? "bigint" : "double";
}
