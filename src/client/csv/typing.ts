/**
 * Typing of CSV fields. CSV carries no types, so a column becomes numbers only when every non-empty field in
 * it is a number written exactly: a column holding `007`, `1e5` and `=1+1` is a text column, and `1e5` stays
 * the text it was. A field is exact when
 * - it is a canonical decimal (no leading zeros, no `+`, no spaces, no `0x`), and
 * - an integer has at most 15 digits (Excel keeps 15; `12345678901234567890` would be rounded), and
 * - a fraction or exponent survives the trip through a double (`3.14159265358979323846` would not).
 */

/** Canonical decimal: optional minus, no leading zeros, optional fraction and exponent. */
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * Excel keeps 15 significant decimal digits; anything wider is shown (and re-typed) with digits lost, so a wider
 * integer (an id, an amount in wei) must stay text. The client types values for Excel; sheet/ uses this too.
 */
export const EXCEL_SIGNIFICANT_DIGITS = 15;

export type CsvValue = string | number;

/** Significant digits of a decimal text, without sign, point, exponent, or leading and trailing zeros. */
function significantDigits(text: string): string {
  const mantissa = text.replace(/^-/, "").replace(/[eE].*$/, "");
  return mantissa.replace(".", "").replace(/^0+/, "").replace(/0+$/, "");
}

/** The number a field says, when it says it exactly; undefined for text. */
export function exactNumber(text: string): number | undefined {
  // Fast rejection: most text fields fail on the first character, without a regex.
  const first = text.charCodeAt(0);
  if (!(first === 45 || (first >= 48 && first <= 57))) return undefined;
  if (text.length > 400) return undefined;
  if (isPlainInteger(text)) {
    const digits = first === 45 ? text.length - 1 : text.length;
    return digits <= EXCEL_SIGNIFICANT_DIGITS ? Number(text) + 0 : undefined; // +0 turns -0 into 0
  }
  if (!DECIMAL.test(text)) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  // Round trip: the double's shortest form carries the same digits as the text (1e-400 → 0 does not).
  // The common case, text already in shortest form, is settled by one comparison.
  const shortest = String(value);
  if (shortest === text) return value;
  return significantDigits(String(Math.abs(value))) === significantDigits(text) ? value + 0 : undefined;
}

/** `0`, `-12`, `345`: digits only (after an optional minus), no leading zero. */
function isPlainInteger(text: string): boolean {
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

/** How the real service's CSV writes a null (its engine's Go-style nil): read as an empty field. */
export const CSV_NULL = "<nil>";

/** A record's field, with the service's null spelling read as empty. */
function fieldOf(record: readonly string[], c: number): string {
  const text = record[c] ?? "";
  return text === CSV_NULL ? "" : text;
}

/** One field on its own: the number when exact, else the text unchanged. Empty stays empty (""), never 0. */
export function typeField(text: string): CsvValue {
  return exactNumber(text) ?? text;
}

/**
 * Typed rows and column types from text records (`<nil>` is an empty field). A column is numeric when all its
 * non-empty fields are exact numbers, exponent forms included (`3.83e+10`); then its type is bigint (all integers) or double; otherwise varchar ("unknown" if all empty).
 */
export function typeColumns(
  records: readonly (readonly string[])[],
  width: number,
): { rows: CsvValue[][]; types: string[] } {
  const numeric = new Array<boolean>(width).fill(true);
  const integral = new Array<boolean>(width).fill(true);
  const seen = new Array<boolean>(width).fill(false);
  /** Rows before which column c held only numbers; those are put back to text if the column turns out mixed. */
  const failedAt = new Array<number>(width).fill(-1);
  const rows = new Array<CsvValue[]>(records.length);
  // One pass converts optimistically; a column stops being tried at its first text value.
  for (let r = 0; r < records.length; r++) {
    const record = records[r]!;
    const row = new Array<CsvValue>(width);
    for (let c = 0; c < width; c++) {
      const text = fieldOf(record, c);
      row[c] = text;
      if (!numeric[c] || text === "") continue;
      seen[c] = true;
      const value = exactNumber(text);
      if (value === undefined) {
        numeric[c] = false;
        failedAt[c] = r;
      } else {
        row[c] = value;
        if (integral[c] && !isPlainInteger(text)) integral[c] = false;
      }
    }
    rows[r] = row;
  }
  for (let c = 0; c < width; c++) {
    for (let r = 0; r < failedAt[c]!; r++) rows[r]![c] = fieldOf(records[r]!, c);
  }
  const types = numeric.map((isNumeric, c) =>
    !seen[c] ? "unknown" : isNumeric ? (integral[c] ? "bigint" : "double") : "varchar",
  );
  return { rows, types };
}

/**
 * Makes a column consistent across pages: when one page typed a column as numbers and another as text, the
 * numbers go back to text (their exact text, since only exact numbers were converted).
 */
export function reconcileColumn(rows: unknown[][], column: number): void {
  for (const row of rows) {
    const value = row[column];
    if (typeof value === "number") row[column] = String(value);
  }
}
