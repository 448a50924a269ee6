import { CellError, ERROR_CODES, type ExcelErrorCode, type Stored } from "./cell-types";
import type { Grid } from "./grid";
import type { WorkbookState } from "./workbook-state";

/** A cell's value as JSON keeps it: an error value as its code in an object, so it is not read back as text. */
export type SavedValue = string | number | boolean | { error: ExcelErrorCode };

/** Every filled cell of a layer as [row, column, value]. */
export type Cells<T> = [number, number, T][];

/** A block of calculated values a formula spilled: its anchor (the formula's cell) and its size. */
export interface SpillBlock {
  sheet: string;
  row: number;
  column: number;
  rowCount: number;
  columnCount: number;
}

/** A spill as the reopened workbook has it: the block and the values it held when the file was saved. */
export interface OpenedSpill extends SpillBlock {
  values: Stored[][];
}

/** A formula of the reopened file, with the value it showed when the file was saved. */
export interface OpenedFormula {
  sheet: string;
  row: number;
  column: number;
  formula: string;
  value: Stored | undefined;
}

/**
 * The workbook as a file keeps it: sheets with their values (formula results as last calculated, spilled cells
 * included), formulas and number formats, tables, the document settings as last saved (`saveAsync`), and which
 * blocks are a formula's spill (as Excel's file records a dynamic array's range). Like a file reopened in Excel,
 * restoring it shows the values as they were; formulas compute again on the next calculation, and a formula's new
 * result replaces its old spill instead of being blocked by it. Styles and column widths are not kept.
 */
export interface WorkbookDocument {
  version: 1;
  sheets: { name: string; values: Cells<SavedValue>; formulas: Cells<string>; formats: Cells<string> }[];
  tables: {
    name: string;
    sheet: string;
    row: number;
    column: number;
    rowCount: number;
    columnCount: number;
    style: string;
  }[];
  activeSheet: string;
  settings: Record<string, unknown>;
  /** Absent in files saved before spills were kept: their spilled cells reopen as plain values. */
  spills?: SpillBlock[];
}

const WHOLE_SHEET = { row: 0, column: 0, rowCount: 1_048_576, columnCount: 16_384 };

function cellsOf<T, S>(grid: Grid<T>, save: (value: T) => S): Cells<S> {
  const cells: Cells<S> = [];
  grid.forEachIn(WHOLE_SHEET, (row, col, value) => cells.push([row, col, save(value)]));
  return cells;
}

export const saveValue = (v: Stored): SavedValue => (v instanceof CellError ? { error: v.code } : v);

export function loadValue(v: SavedValue): Stored {
  if (typeof v !== "object") return v;
  return new CellError(v.error === "#BUSY!" || ERROR_CODES.includes(v.error) ? v.error : "#N/A");
}

export function documentOf(
  state: WorkbookState,
  settings: Record<string, unknown>,
  spills: readonly SpillBlock[],
): WorkbookDocument {
  const nameOf = (sheetId: string) => state.sheetById(sheetId)?.name ?? "";
  return {
    version: 1,
    sheets: state.sheets.map((sheet) => ({
      name: sheet.name,
      values: cellsOf(sheet.values, saveValue),
      formulas: cellsOf(sheet.formulas, (f) => f),
      formats: cellsOf(sheet.formats, (f) => f),
    })),
    tables: state.tables.map((t) => ({ name: t.name, sheet: nameOf(t.sheetId), ...t.block, style: t.style })),
    activeSheet: nameOf(state.activeSheetId),
    settings: JSON.parse(JSON.stringify(settings)) as Record<string, unknown>,
    spills: spills.map(({ sheet, row, column, rowCount, columnCount }) => ({
      sheet,
      row,
      column,
      rowCount,
      columnCount,
    })),
  };
}

/** Whether `value` is a document this version can open (anything else is ignored: the workbook starts empty). */
export function isWorkbookDocument(value: unknown): value is WorkbookDocument {
  const doc = value as Partial<WorkbookDocument> | null;
  return (
    typeof doc === "object" &&
    doc !== null &&
    doc.version === 1 &&
    Array.isArray(doc.sheets) &&
    doc.sheets.length > 0 &&
    doc.sheets.every((s) => typeof s?.name === "string" && Array.isArray(s.values) && Array.isArray(s.formulas)) &&
    Array.isArray(doc.tables) &&
    typeof doc.settings === "object"
  );
}

/**
 * Fills a workbook state made with the document's sheet names: values as saved, no formula evaluated. Returns the
 * document's spills, each with the values it held, for whoever calculates the formulas.
 */
export function restoreInto(state: WorkbookState, doc: WorkbookDocument): OpenedSpill[] {
  doc.sheets.forEach((saved, i) => {
    const sheet = state.sheets[i]!;
    for (const [row, col, value] of saved.values) sheet.values.set(row, col, loadValue(value));
    for (const [row, col, formula] of saved.formulas) sheet.formulas.set(row, col, formula);
    for (const [row, col, format] of saved.formats ?? []) sheet.formats.set(row, col, format);
  });
  state.tables = doc.tables.flatMap((t) => {
    const sheet = state.sheetByName(t.sheet);
    if (!sheet) return [];
    const block = { row: t.row, column: t.column, rowCount: t.rowCount, columnCount: t.columnCount };
    return [{ id: state.newId("table"), name: t.name, sheetId: sheet.id, block, style: t.style }];
  });
  const active = state.sheetByName(doc.activeSheet);
  if (active) {
    state.activeSheetId = active.id;
    state.selection = { sheetId: active.id, block: { row: 0, column: 0, rowCount: 1, columnCount: 1 } };
  }
  state.changes.drain(() => undefined); // opening a file is not a change
  return (doc.spills ?? []).flatMap((spill) => {
    const sheet = state.sheetByName(spill.sheet);
    const sizes = [spill.row, spill.column, spill.rowCount, spill.columnCount];
    if (!sheet || !sizes.every((n) => Number.isInteger(n) && n >= 0)) return [];
    const values = Array.from({ length: spill.rowCount }, (_, i) =>
      Array.from({ length: spill.columnCount }, (_, j) => sheet.values.get(spill.row + i, spill.column + j) ?? ""),
    );
    return [{ ...spill, values }];
  });
}

/** Every formula of an opened file, with its saved value (read after `restoreInto`). */
export function openedFormulasOf(state: WorkbookState, doc: WorkbookDocument): OpenedFormula[] {
  return doc.sheets.flatMap((saved) => {
    const sheet = state.sheetByName(saved.name);
    if (!sheet) return [];
    return saved.formulas.map(([row, column, formula]) => ({
      sheet: sheet.name,
      row,
      column,
      formula,
      value: sheet.values.get(row, column),
    }));
  });
}
