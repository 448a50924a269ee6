import type { XlsxValue } from "../model/cell-types";

/** A cell of a workbook to build, zero-based. */
export interface NewCell {
  row: number;
  column: number;
  /** The value; for a formula, its cached result (the anchor's value for a dynamic array). */
  value: XlsxValue;
  /** The formula as the file stores it, without "=" (`_xldudf_SERVICE_DATASET("dex","ethereum")`). */
  formula?: string;
  /** A dynamic array: the block its result spills over from this cell (`cm` and `ref` are written for it). */
  spill?: { rowCount: number; columnCount: number };
  /** The number format code ("0.00", "yyyy-mm-dd"); General when absent. */
  numberFormat?: string;
}

/** A table (ListObject): the block includes its header row, whose cells become the column names. */
export interface NewTable {
  name: string;
  row: number;
  column: number;
  rowCount: number;
  columnCount: number;
  /** The table style ("TableStyleMedium2"). */
  style?: string;
}

export interface NewSheet {
  name: string;
  cells: readonly NewCell[];
  tables?: readonly NewTable[];
}

/** An Office add-in stored in the workbook with its document settings, as Excel saves it with its pane open. */
export interface NewAddin {
  /** The add-in's manifest id. */
  referenceId: string;
  version?: string;
  /** Each document setting's JSON text, by name (as Office.js keeps them). */
  settings: Readonly<Record<string, string>>;
}

export interface NewWorkbook {
  sheets: readonly NewSheet[];
  /** Position of the sheet shown when the file opens; the first when absent. */
  activeSheet?: number;
  addin?: NewAddin;
  /** Ask Excel to recalculate every formula when it opens the file. */
  fullCalcOnLoad?: boolean;
}
