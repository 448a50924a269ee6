import type { XmlAttr } from "../xml/scanner";
import type { Cell } from "../model/cell-types";

/** Where an element lies in its part: what an edit at the `<row>`/`<c>` level splices. */
export interface ElementSpan {
  name: string;
  attrs: XmlAttr[];
  start: number;
  /** Just after the start tag (equal to `end` for an empty element). */
  openEnd: number;
  /** Where the end tag starts (equal to `end` for an empty element). */
  closeStart: number;
  end: number;
}

/** An element whose text was collected while reading (a formula, a value). */
export interface TextElementSpan extends ElementSpan {
  text: string;
}

export interface CellLayout {
  row: number;
  column: number;
  element: ElementSpan;
  f?: TextElementSpan;
  v?: TextElementSpan;
  is?: ElementSpan;
  /** Other children (an extension list…), kept as they are by an edit. */
  others: ElementSpan[];
}

export interface RowLayout {
  row: number;
  element: ElementSpan;
  cells: CellLayout[];
}

/** A worksheet part read for editing: its text, and the spans of what edits touch. */
export interface SheetLayout {
  part: string;
  text: string;
  /** The prefix the sheet's SpreadsheetML elements are written with ("" or "x:"), for elements we add. */
  prefix: string;
  sheetData: ElementSpan;
  dimension?: ElementSpan;
  rows: RowLayout[];
  /** By address ("B3"). */
  cellLayouts: Map<string, CellLayout>;
  cells: Map<string, Cell>;
  mergedRanges: string[];
}
