import { MAX_COLUMNS, MAX_ROWS, type CellBlock } from "../../sheet";
import type { SheetState, TableState } from "./cell-types";
import { officeError } from "./errors";
import type { Axis } from "./grid";
import type { WorkbookState } from "./workbook-state";

/** A block seen along one axis: `start/count` along it, `crossStart/crossCount` across it. */
interface Span {
  start: number;
  count: number;
  crossStart: number;
  crossCount: number;
}

function span(block: CellBlock, axis: Axis): Span {
  return axis === "rows"
    ? { start: block.row, count: block.rowCount, crossStart: block.column, crossCount: block.columnCount }
    : { start: block.column, count: block.columnCount, crossStart: block.row, crossCount: block.rowCount };
}

function setSpan(table: TableState, axis: Axis, start: number, count: number): void {
  if (axis === "rows") table.block = { ...table.block, row: start, rowCount: count };
  else table.block = { ...table.block, column: start, columnCount: count };
}

const conflict = (): Error =>
  officeError(
    "InsertDeleteConflict",
    "The insert or delete operation would shift cells in a table in a way Excel does not allow.",
  );

function crossDisjoint(t: Span, s: Span): boolean {
  return t.crossStart + t.crossCount <= s.crossStart || s.crossStart + s.crossCount <= t.crossStart;
}

function crossContained(t: Span, s: Span): boolean {
  return t.crossStart >= s.crossStart && t.crossStart + t.crossCount <= s.crossStart + s.crossCount;
}

/**
 * Inserts `block`-sized empty cells, shifting existing cells down ("Down") or right ("Right"), like
 * `range.insert`. Tables below or right of the insertion move; a table cut across its width grows when the
 * insertion spans all its columns (rows), otherwise the operation is refused, as Excel refuses it.
 */
export function insertCells(
  state: WorkbookState,
  sheet: SheetState,
  block: CellBlock,
  direction: "Down" | "Right",
): void {
  const axis: Axis = direction === "Down" ? "rows" : "columns";
  const s = span(block, axis);
  const limit = axis === "rows" ? MAX_ROWS : MAX_COLUMNS;
  // Cells pushed off the sheet would be lost: Excel refuses when any of them is non-empty.
  const edge: CellBlock =
    axis === "rows"
      ? { row: limit - s.count, rowCount: s.count, column: block.column, columnCount: block.columnCount }
      : { row: block.row, rowCount: block.rowCount, column: limit - s.count, columnCount: s.count };
  if (sheet.layers().some((layer) => layer.bounds(edge) !== null)) {
    throw officeError("NonBlankCellOffSheet", "Excel cannot shift non-blank cells off the worksheet.");
  }
  const updates: [TableState, number, number][] = [];
  for (const table of state.tablesOn(sheet.id)) {
    const t = span(table.block, axis);
    if (crossDisjoint(t, s) || t.start + t.count - 1 < s.start) continue;
    if (!crossContained(t, s)) throw conflict();
    if (t.start >= s.start) updates.push([table, t.start + s.count, t.count]);
    else updates.push([table, t.start, t.count + s.count]);
  }
  for (const layer of sheet.layers())
    layer.shift(axis, s.start, s.crossStart, s.crossStart + s.crossCount - 1, s.count);
  for (const [table, start, count] of updates) setSpan(table, axis, start, count);
  state.changes.structure(sheet.id);
}

/**
 * Deletes the cells of `block`, shifting the cells beyond it up ("Up") or left ("Left"), like `range.delete`.
 * A table wholly inside the block is deleted; rows (or columns) deleted across a table's full width shrink it;
 * deleting its header row alone, or only part of its width, is refused.
 */
export function deleteCells(state: WorkbookState, sheet: SheetState, block: CellBlock, direction: "Up" | "Left"): void {
  const axis: Axis = direction === "Up" ? "rows" : "columns";
  const s = span(block, axis);
  const end = s.start + s.count - 1;
  const removals: TableState[] = [];
  const updates: [TableState, number, number][] = [];
  for (const table of state.tablesOn(sheet.id)) {
    const t = span(table.block, axis);
    const tEnd = t.start + t.count - 1;
    if (crossDisjoint(t, s) || tEnd < s.start) continue;
    if (!crossContained(t, s)) throw conflict();
    if (t.start > end) {
      updates.push([table, t.start - s.count, t.count]);
      continue;
    }
    if (t.start >= s.start && tEnd <= end) {
      removals.push(table);
      continue;
    }
    const overlap = Math.min(tEnd, end) - Math.max(t.start, s.start) + 1;
    const remaining = t.count - overlap;
    // Along rows the first row is the header: it cannot go, and a table keeps at least one data row.
    if (axis === "rows" && (s.start <= t.start || remaining < 2)) throw conflict();
    updates.push([table, Math.min(t.start, s.start), remaining]);
  }
  for (const layer of sheet.layers())
    layer.shift(axis, s.start, s.crossStart, s.crossStart + s.crossCount - 1, -s.count);
  state.tables = state.tables.filter((t) => !removals.includes(t));
  for (const [table, start, count] of updates) setSpan(table, axis, start, count);
  state.changes.structure(sheet.id);
}
