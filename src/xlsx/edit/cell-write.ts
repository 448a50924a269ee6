import type { XlsxValue } from "../model/cell-types";

/**
 * What an edit does to one cell:
 * - `value`: a plain value (any formula goes); text is written as an inline string;
 * - `result`: a value computed by a formula elsewhere (a member of a spill); text is written as a formula's text
 *   result (`t="str"`), as Excel stores the cells of an array formula's range;
 * - `anchor`: the formula stays, its cached value changes, and so does a dynamic array's range (`ref`, null to keep
 *   it);
 * - `clear`: value and formula go; the cell's formatting stays.
 */
export type CellWrite =
  | { kind: "value"; value: XlsxValue; style?: number }
  | { kind: "result"; value: XlsxValue }
  | { kind: "anchor"; value: XlsxValue; ref: string | null }
  | { kind: "clear" };
