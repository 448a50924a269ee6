import { MAX_CELL_CHARS } from "../../sheet";
import { CODES_WITH_MESSAGE, isCustomFunctionsError } from "../custom-functions";
import { CellError, type ExcelErrorCode, type Stored } from "../workbook";

/** A function's result as cells: the values to show and, per cell, the message shown on hover. */
export interface ShapedResult {
  values: Stored[][];
  /** Messages by "row,column" relative to the anchor (only #VALUE! and #N/A carry one, as in Excel). */
  messages: Map<string, string>;
}

const MALFORMED = "The function returned something Excel can't show in cells.";

function element(value: unknown, at: string, messages: Map<string, string>): Stored {
  if (isCustomFunctionsError(value)) {
    if (value.message && CODES_WITH_MESSAGE.includes(value.code)) messages.set(at, value.message);
    return new CellError(value.code as ExcelErrorCode);
  }
  // Excel shows null as 0 in a custom function's result, by design (OfficeDev/office-js#1503): emulate it, so a
  // function that means "empty" has to return "".
  if (value === null || value === undefined) return 0;
  if (typeof value === "number") return Number.isFinite(value) ? value : new CellError("#NUM!");
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    if (value.length <= MAX_CELL_CHARS) return value;
    messages.set(at, `A cell can hold at most ${MAX_CELL_CHARS} characters.`);
    return new CellError("#VALUE!");
  }
  messages.set(at, MALFORMED);
  return new CellError("#VALUE!");
}

function failed(message: string): ShapedResult {
  return { values: [[new CellError("#VALUE!")]], messages: new Map([["0,0", message]]) };
}

/**
 * Turns what a custom function returned (or passed to setResult) into cells: a scalar is one cell, an array of
 * rows spills. Rows of different lengths and empty arrays are shown as #VALUE! (Excel does not document these
 * cases for custom functions; an error makes the bug visible instead of guessing a padding).
 */
export function shapeResult(raw: unknown): ShapedResult {
  const messages = new Map<string, string>();
  if (!Array.isArray(raw)) return { values: [[element(raw, "0,0", messages)]], messages };
  if (raw.length === 0 || !raw.every((row) => Array.isArray(row))) {
    return failed(
      raw.length === 0
        ? "The function returned an empty array."
        : "The function must return rows (an array of arrays).",
    );
  }
  const rows = raw as unknown[][];
  const width = rows[0].length;
  if (width === 0) return failed("The function returned an empty array.");
  if (rows.some((row) => row.length !== width)) return failed("The function returned rows of different lengths.");
  const values = rows.map((row, r) => row.map((v, c) => element(v, `${r},${c}`, messages)));
  return { values, messages };
}
