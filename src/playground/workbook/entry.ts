import { MAX_CELL_CHARS } from "../../sheet";
import type { Stored } from "./cell-types";
import { coerceText } from "../../formulas";
import { officeError } from "./errors";

/** Excel's formula length limit (characters). */
export const MAX_FORMULA_CHARS = 8_192;

/** What writing one input value into one cell does. */
export type Entry =
  | { kind: "skip" }
  | { kind: "empty" }
  | { kind: "constant"; value: Stored; quotePrefix: boolean; format?: string }
  | { kind: "formula"; formula: string };

const LOTUS_FUNCTION = /^@[A-Za-z][A-Za-z0-9_.]*\(/;

function textEntry(text: string, quotePrefix: boolean): Entry {
  if (text.length > MAX_CELL_CHARS) {
    throw officeError("InvalidArgument", `A cell can hold at most ${MAX_CELL_CHARS} characters (got ${text.length}).`);
  }
  return { kind: "constant", value: text, quotePrefix };
}

function formulaEntry(formula: string): Entry {
  if (formula.length > MAX_FORMULA_CHARS) {
    throw officeError("FormulaLengthExceedsLimit", `A formula can have at most ${MAX_FORMULA_CHARS} characters.`);
  }
  return { kind: "formula", formula };
}

/**
 * Interprets one value written through `range.values` (or `range.formulas`), the way Excel does:
 *  - null (and NaN/±Infinity, which JSON turns into null on the wire) leaves the cell unchanged; "" empties it;
 *  - a leading apostrophe stores the rest as text, whatever the number format (the apostrophe is Excel's quote
 *    prefix, not part of the value);
 *  - in a Text-formatted cell (`@`) any other input is stored as text exactly as given: no formula, no coercion
 *    (numbers and booleans become their text too, as when typed into a Text cell);
 *  - otherwise `=…` is a formula; `+…` is a formula (`+1` → `=+1`) and `-…` is a number when it is one, else a
 *    formula (`-1+1` → `=-1+1`) — the Office.js reference says values starting with + or - are interpreted as
 *    formulas; `@NAME(…)` is Lotus-style entry that Excel turns into `=NAME(…)`;
 *  - remaining strings are coerced (numbers, booleans, error literals, dates; see coercion.ts) or kept as text.
 */
export function parseEntry(input: unknown, numberFormat: string): Entry {
  if (input === null || input === undefined) return { kind: "skip" };
  const textFormat = numberFormat === "@";
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return { kind: "skip" };
    return textFormat ? textEntry(String(input), false) : { kind: "constant", value: input, quotePrefix: false };
  }
  if (typeof input === "boolean") {
    return textFormat
      ? textEntry(input ? "TRUE" : "FALSE", false)
      : { kind: "constant", value: input, quotePrefix: false };
  }
  if (typeof input !== "string") {
    throw officeError("InvalidArgument", `Cell values must be strings, numbers or booleans (got ${typeof input}).`);
  }
  if (input === "") return { kind: "empty" };
  if (input.startsWith("'")) return textEntry(input.slice(1), true);
  if (textFormat) return textEntry(input, false);
  const first = input[0];
  if (first === "=" && input.length > 1) return formulaEntry(input);
  if (first === "+" && input.length > 1) return formulaEntry(`=${input}`);
  if (first === "-" && input.length > 1) {
    const n = coerceText(input);
    if (n && typeof n.value === "number" && !n.format?.includes("/"))
      return { kind: "constant", value: n.value, quotePrefix: false, format: n.format };
    return formulaEntry(`=${input}`);
  }
  if (LOTUS_FUNCTION.test(input)) return formulaEntry(`=${input.slice(1)}`);
  const coerced = coerceText(input);
  if (coerced) return { kind: "constant", value: coerced.value, quotePrefix: false, format: coerced.format };
  return textEntry(input, false);
}
