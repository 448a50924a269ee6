import type { CellValue } from "./cell-value-type";

/**
 * Why an apostrophe, and for which strings.
 *
 * Excel takes a string written through `range.values` that starts with `=` as a formula, and the Office.js
 * typings say the same of `+` and `-`; Lotus-style entry turns `@SUM(…)` into `=SUM(…)`. Data from the API is
 * data, so such strings must land as text. Two mechanisms exist:
 *  - the Text number format (`@`) set before the write: Excel then stores what it is given without parsing it.
 *    That protects only cells whose format we set, and only while it stays set;
 *  - a leading apostrophe (Excel's quote prefix): Excel stores the rest of the string as text, the apostrophe is
 *    not part of the value, the cell shows exactly the original text, and it works whatever the number format.
 * We use both: text columns get `@` (which also stops `00123`, `TRUE`, `2018-12-31` being coerced), and every
 * string that starts with a formula trigger gets the apostrophe. The triggers are the OWASP CSV-injection list
 * (`=`, `+`, `-`, `@`, tab, carriage return), their full-width forms (East Asian input can turn `＝` into `=`), and
 * the apostrophe itself — a value that really starts with `'` would otherwise lose it as Excel eats the prefix.
 * The playground workbook models exactly this: a leading apostrophe is consumed and the rest stored as text,
 * whatever the cell's number format.
 */
const TRIGGERS = new Set(["=", "+", "-", "@", "\t", "\r", "'", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]);

export const QUOTE_PREFIX = "'";

/** True when the string would not be stored verbatim as text in a Text-formatted cell without a quote prefix. */
export function startsWithFormulaTrigger(text: string): boolean {
  return text.length > 0 && TRIGGERS.has(text[0]);
}

export interface EscapeOptions {
  /**
   * Whether the target cell has the Text format (`@`). Default true. In any other format Excel also coerces
   * number-, date-, boolean- and error-like strings, so every non-empty string then gets the prefix: the value
   * stays exactly the string and the display is unchanged.
   */
  textFormatted?: boolean;
}

/** Makes a value safe to assign through `range.values`: strings land as the same text, never as a formula. */
export function escapeForValues(value: CellValue, options: EscapeOptions = {}): CellValue {
  if (typeof value !== "string" || value === "") return value;
  const textFormatted = options.textFormatted ?? true;
  return !textFormatted || startsWithFormulaTrigger(value) ? QUOTE_PREFIX + value : value;
}
