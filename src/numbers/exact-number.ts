/**
 * When a decimal text is exactly a number in Excel. Excel holds numbers as IEEE doubles, has no denormal numbers
 * (the smallest positive number is 2.2251E-308) and no NaN or infinities, and shows 15 significant digits: a cell
 * holding the double 4102297.0815538215 shows 4102297.08155382 but calculates (and saves) with the whole double
 * ("Excel specifications and limits", support.microsoft.com: number precision 15 digits). The rule:
 * - the text is a canonical decimal: optional minus, no leading zeros (`007`, `00.5` are codes), no `+`, no spaces,
 *   no bare `.5` or `5.`, optionally a fraction and an exponent (`3.83e+10`, `1e+06`);
 * - a plain integer (digits only) is a number when it has at most 15 significant digits: a wider one (an amount in
 *   wei, a uint256) is a value whose every digit matters, which a double cannot hold and Excel would show rounded, so
 *   it stays text (`1234567890123456`; `1000000000000000000` has one significant digit and is a number);
 * - a fraction or an exponent form is a number when it is its double's shortest round-trip text, up to normalising
 *   the form (trailing zeros, exponent spelling, `e+06` or not): that is how the service writes a double (16 or 17
 *   significant digits when the double needs them: `4.1022970815538215e+06`, `7.29145530962105e+09`), and the cell
 *   then holds exactly the value the text names. `1e+06` is 1000000, `1e+21` is 1e21, `0.1` is 0.1. A text with more
 *   digits than its double gives back (`0.10000000000000001`, an 18-digit fraction of a decimal column) is not that
 *   double and stays text, as does one that overflows (`1e999`) or underflows (`1e-400`, a denormal);
 * - `-0` is 0 (Excel has no negative zero); `NaN`, `Infinity`, `+Inf`, `-Inf` are no numbers in Excel (see
 *   `isNonFiniteText`: a double column may hold them, and they stay text in it).
 */

/** Excel keeps 15 significant decimal digits; anything wider is shown (and re-typed) with digits lost. */
export const EXCEL_SIGNIFICANT_DIGITS = 15;

/** Canonical decimal: optional minus, no leading zeros, optional fraction and exponent. */
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** How the service's engine (Go's strconv) and JavaScript write the doubles that are no numbers. */
const NON_FINITE = /^(NaN|[+-]?Inf|-?Infinity)$/;

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

/** `NaN`, `+Inf`, `-Inf`, `Infinity`: a double that is no number in Excel, as the service writes it in a double column. */
export function isNonFiniteText(text: string): boolean {
  return NON_FINITE.test(text);
}

/**
 * The number a text says, when Excel holds it exactly (see above); undefined otherwise. Fast on the common cases:
 * most text fails on its first character, and a short plain integer or a text already in its double's shortest form
 * is settled without a second parse.
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
  const value = Number(text);
  if (!Number.isFinite(value) || (value !== 0 && Math.abs(value) < SMALLEST_NORMAL)) return undefined;
  if (String(value) === text) return value;
  // Round trip up to the form: the double's shortest text carries the same digits (1e-400 → 0 does not).
  return significantDigits(String(Math.abs(value))) === significantDigits(text) ? value + 0 : undefined;
}
