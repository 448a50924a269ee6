import { EXCEL_ERROR_VALUES } from "../../sheet";

/** An error value as Excel stores it ("#N/A", "#DIV/0!", "#SPILL!"…). */
export interface CellError {
  error: string;
}

/** A cell's value: a number (dates are serial numbers), text, a boolean, an error, or nothing. */
export type XlsxValue = number | string | boolean | CellError | null;

/**
 * How the value is stored (the cell's `t`): number, shared string, formula text result, inline string, boolean,
 * error, ISO 8601 date, or no value at all.
 */
export type StoredType = "n" | "s" | "str" | "inlineStr" | "b" | "e" | "d" | "none";

export type FormulaKind = "normal" | "shared" | "array" | "dataTable";

export interface Formula {
  kind: FormulaKind;
  /**
   * The formula as stored, without "=" (`_xldudf_SERVICE_DATASET("dex","ethereum")`); for a cell that shares its
   * formula with the first cell of its group, the text moved to this cell as Excel would show it.
   */
  text: string;
  /** The range an array formula fills, or a shared formula's group ("B2:D40"); absent otherwise. */
  ref?: string;
  /** The shared-formula group (`si`). */
  sharedIndex?: number;
  /** A dynamic array (Excel 365's spilling formula): the cell's `cm` points at XLDAPR metadata with fDynamic. */
  dynamicArray: boolean;
}

export interface Cell {
  /** "B3". */
  ref: string;
  /** Zero-based. */
  row: number;
  column: number;
  type: StoredType;
  value: XlsxValue;
  formula?: Formula;
  /** Index into the workbook's cell formats (`s`); 0 when absent. */
  style: number;
}

/** The errors a cell can hold in a file (Excel's error values); anything else in a `t="e"` cell is refused as damage. */
export const ERROR_VALUES = EXCEL_ERROR_VALUES;

export function isCellError(v: unknown): v is CellError {
  return typeof v === "object" && v !== null && typeof (v as CellError).error === "string";
}
