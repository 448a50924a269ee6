import { FormulaError, ERROR_CODES, type ErrorCode } from "../../formulas";
import type { CellBlock } from "../../sheet";
import { Grid } from "./grid";

// Cell values share the formula engine's error type, so an error computed by a formula is stored as it is (its
// message included) and read back by the formulas that refer to it.
export { FormulaError as CellError, ERROR_CODES };
export type ExcelErrorCode = ErrorCode;
type CellError = FormulaError;

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
