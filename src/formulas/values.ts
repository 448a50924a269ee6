import type { CellBlock } from "../sheet";

/**
 * Excel's error values. `#BUSY!` is what a cell shows while an asynchronous (custom) function computes: it flows
 * through formulas like any error but cannot be typed, so it is not in ERROR_CODES.
 */
export type ErrorCode =
  "#N/A" | "#DIV/0!" | "#VALUE!" | "#REF!" | "#NAME?" | "#NUM!" | "#NULL!" | "#SPILL!" | "#CALC!" | "#BUSY!";

/** The error literals a formula (or a typed entry) may contain. */
export const ERROR_CODES: readonly ExcelLiteralError[] = [
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
type ExcelLiteralError = Exclude<ErrorCode, "#BUSY!">;

/**
 * An error value. The message says why in words a spreadsheet user can act on; the cell shows it on hover, and it
 * travels with the error into the formulas that refer to it. JSON keeps only the code, as a cell's value.
 */
export class FormulaError {
  constructor(
    readonly code: ErrorCode,
    readonly message?: string,
  ) {}
  toJSON(): string {
    return this.code;
  }
}

/** One cell's worth of value; null is an empty cell (or an omitted argument). */
export type Scalar = number | string | boolean | FormulaError | null;

/** An array value (a constant, a function's array result): rows of scalars, never empty. */
export type Matrix = Scalar[][];

/** A reference to cells, kept as a reference until a function or an operator needs the values. */
export class RangeRef {
  constructor(
    /** The sheet's name as the workbook spells it. */
    readonly sheet: string,
    readonly block: CellBlock,
  ) {}
  get isCell(): boolean {
    return this.block.rowCount === 1 && this.block.columnCount === 1;
  }
}

/** What evaluating an expression gives. */
export type Value = Scalar | Matrix | RangeRef;

export const isMatrix = (v: Value): v is Matrix => Array.isArray(v);
export const isError = (v: unknown): v is FormulaError => v instanceof FormulaError;
export const errorOf = (code: ErrorCode, message?: string): FormulaError => new FormulaError(code, message);
