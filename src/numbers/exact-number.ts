/**
 * When a decimal text is exactly a number in Excel. Excel holds numbers as IEEE doubles with 15 significant digits
 * of precision: it keeps no more digits of what is typed or written into a cell ("Excel specifications and limits",
 * support.microsoft.com: number precision 15 digits), and has no denormal numbers (the smallest positive number is
 * 2.2251E-308). A text is an exact number when it comes back from Excel unchanged:
 * - it is a canonical decimal: optional minus, no leading zeros (`007`, `00.5` are codes), no `+`, no spaces, no
 *   bare `.5` or `5.`, optionally a fraction and an exponent (`3.83e+10`);
 * - it has at most 15 significant digits, integers and fractions alike (`1234567890123456` and `0.1234567890123456`
 *   would lose their 16th digit; `1000000000000000000` has one and is kept);
 * - its double is finite, normal, and prints back with the same digits (`1e999` and `1e-400` do not).
 */

/** Excel keeps 15 significant decimal digits; anything wider is shown (and re-typed) with digits lost. */
export const EXCEL_SIGNIFICANT_DIGITS = 15;

/** Canonical decimal: optional minus, no leading zeros, optional fraction and exponent. */
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** Excel's smallest positive number: the smallest normal double. */
const SMALLEST_NORMAL = 2 ** -1022;

/** Significant digits of a decimal text, without sign, point, exponent, or leading and trailing zeros. */
export function significantDigits(text: string): string {
  const mantissa = text.replace(/^-/, "").replace(/[eE].*$/, "");
  return mantissa.replace(".", "").replace(/^0+/, "").replace(/0+$/, "");
}

/** `0`, `-12`, `345`: digits only (after an optional minus), no leading zero. */
export function isPlainInteger(text: string): boolean {
  let i = text.charCodeAt(0) === 45 ? 1 : 0;
  const start = i;
  if (i >= text.length) return false;
  if (text.charCodeAt(i) === 48 && text.length > i + 1) return false;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return i > start;
}

/**
 * The number a text says, when Excel holds it exactly (see above); undefined otherwise. `-0` is 0 (Excel has no
 * negative zero). Fast on the common cases: most text fails on its first character, and a short plain integer or a
 * fraction already in its double's shortest form is settled without a second parse.
 */
export function exactNumber(text: string): number | undefined {
  const first = text.charCodeAt(0);
  if (!(first === 45 || (first >= 48 && first <= 57))) return undefined;
  if (text.length > 400) return undefined;
  if (isPlainInteger(text)) {
    const digits = first === 45 ? text.length - 1 : text.length;
    if (digits <= EXCEL_SIGNIFICANT_DIGITS) return Number(text) + 0; // +0 turns -0 into 0
    if (significantDigits(text).length > EXCEL_SIGNIFICANT_DIGITS) return undefined;
    const wide = Number(text);
    return Number.isFinite(wide) ? wide : undefined;
  }
  if (!DECIMAL.test(text)) return undefined;
  // With a point or an exponent, 16 characters hold at most 15 digits.
  if (text.length > 16 && significantDigits(text).length > EXCEL_SIGNIFICANT_DIGITS) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || (value !== 0 && Math.abs(value) < SMALLEST_NORMAL)) return undefined;
  // Round trip: the double's shortest form carries the same digits as the text (1e-400 → 0 does not).
  if (String(value) === text) return value;
  return significantDigits(String(Math.abs(value))) === significantDigits(text) ? value + 0 : undefined;
}
