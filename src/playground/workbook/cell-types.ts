import type { CellBlock } from "../../sheet";
import { Grid } from "./grid";

// #BUSY! is what a cell shows while an asynchronous (custom) function computes; it is not typed-in data, so it is
// not in ERROR_CODES (the list entry coercion and the formula tokenizer recognise).
export type ExcelErrorCode =
  "#N/A" | "#DIV/0!" | "#VALUE!" | "#REF!" | "#NAME?" | "#NUM!" | "#NULL!" | "#SPILL!" | "#CALC!" | "#BUSY!";
export const ERROR_CODES: readonly ExcelErrorCode[] = [
  "#N/A",
  "#DIV/0!",
  "#VALUE!",
  "#REF!",
  "#NAME?",
  "#NUM!",
  "#NULL!",
  "#SPILL!",
  "#CALC!",
];

/** An error value in a cell (`#N/A` …); `values` reads it as its code string, `valueTypes` as "Error". */
export class CellError {
  constructor(readonly code: ExcelErrorCode) {}
  toJSON(): string {
    return this.code;
  }
}

/** What a cell holds: a constant or the current result of its formula. Absent = empty. */
export type Stored = string | number | boolean | CellError;

export interface CellStyle {
  bold?: boolean;
  italic?: boolean;
  fontColor?: string;
  fillColor?: string;
}

/** One worksheet's cells, as layers: a formula cell has an entry in `formulas` and its result in `values`. */
export class SheetState {
  readonly values = new Grid<Stored>();
  readonly formulas = new Grid<string>();
  readonly formats = new Grid<string>();
  readonly styles = new Grid<CellStyle>();
  /** Cells entered with a leading apostrophe (Excel's quote prefix). */
  readonly quotePrefix = new Grid<true>();
  readonly columnWidths = new Map<number, number>();
  constructor(
    readonly id: string,
    public name: string,
  ) {}

  layers(): Grid<unknown>[] {
    return [this.values, this.formulas, this.formats, this.styles, this.quotePrefix];
  }
}

export interface TableState {
  id: string;
  name: string;
  sheetId: string;
  /** Header row included. */
  block: CellBlock;
  style: string;
}
