import type { Cell } from "./cell-types";

export type SheetKind = "worksheet" | "chartsheet" | "dialogsheet" | "macrosheet";

export interface SheetInfo {
  name: string;
  /** The workbook's `sheetId` (what the calculation chain's `i` refers to). */
  sheetId: number;
  /** Position in the workbook, from 0. */
  index: number;
  /** The relationship id in workbook.xml (`r:id`). */
  relId: string;
  /** The part it lives in ("xl/worksheets/sheet1.xml"). */
  part: string;
  kind: SheetKind;
  state: "visible" | "hidden" | "veryHidden";
}

export interface DefinedName {
  name: string;
  /** The formula it stands for ("Data!$A$1:$B$9"). */
  formula: string;
  /** The sheet it belongs to, for a name local to a sheet. */
  sheet?: string;
  hidden: boolean;
}

/** `workbook.xml`'s calcPr, as stored (absent attributes stay absent). */
export interface CalcProperties {
  calcId?: string;
  calcMode?: string;
  fullCalcOnLoad: boolean;
  /** Every attribute as written. */
  attributes: Record<string, string>;
}

export interface TableColumn {
  id: number;
  name: string;
  /** A calculated column's formula, when it has one. */
  calculatedFormula?: string;
}

export interface TableInfo {
  id: number;
  name: string;
  displayName: string;
  sheet: string;
  part: string;
  /** "A1:D20", header and totals rows included. */
  ref: string;
  /** The auto-filter's ref, when the table has one. */
  autoFilterRef?: string;
  /** The table style's name (`tableStyleInfo`), when it has one. */
  style?: string;
  headerRowCount: number;
  totalsRowCount: number;
  columns: TableColumn[];
}

export interface CalcChainEntry {
  /** "B2". */
  ref: string;
  /** The sheet's `sheetId` (carried from the previous entry where the file leaves it out, as the format says). */
  sheetId: number;
}

export interface WebExtensionProperty {
  name: string;
  /** As stored: for an add-in's document settings, the JSON text of the setting's value. */
  value: string;
}

export interface WebExtension {
  part: string;
  /** The instance's own id ("{52811C31-…}"). */
  id: string;
  /** The add-in it runs: its manifest id (or store asset id), version and store. */
  reference: { id: string; version: string; store: string; storeType: string };
  properties: WebExtensionProperty[];
  /** Whether a task pane in taskpanes.xml shows it. */
  taskpane?: { dockState?: string; visible: boolean; width?: number };
}

export interface MergedRange {
  ref: string;
}

export interface Worksheet {
  info: SheetInfo;
  /** Cells by address ("B3"), including cells that hold only a style. */
  cells: ReadonlyMap<string, Cell>;
  /** The `<dimension>` ref as stored, when present. */
  dimension?: string;
  mergedRanges: readonly string[];
  tables: readonly TableInfo[];
}
