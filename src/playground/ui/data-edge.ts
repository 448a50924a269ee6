import { MAX_COLUMNS, MAX_ROWS, type CellBlock } from "../../sheet";
import type { CellPoint } from "./selection";

/** Whether a cell holds something (a value, a formula, a value a formula spilled there). */
export type HasContent = (row: number, column: number) => boolean;

function onSheet(row: number, column: number): boolean {
  return row >= 0 && row < MAX_ROWS && column >= 0 && column < MAX_COLUMNS;
}

/**
 * Where Ctrl+arrow goes from `from`, as Excel moves: inside a run of filled cells, to the run's last cell; from a
 * filled cell before an empty one, or from an empty cell, to the next filled cell that way; with none, to the
 * sheet's edge. At the edge it stays.
 */
export function dataEdge(from: CellPoint, rows: number, columns: number, has: HasContent): CellPoint {
  let { row, column } = from;
  if (!onSheet(row + rows, column + columns)) return { row, column };
  if (has(row, column) && has(row + rows, column + columns)) {
    while (onSheet(row + rows, column + columns) && has(row + rows, column + columns)) {
      row += rows;
      column += columns;
    }
    return { row, column };
  }
  do {
    row += rows;
    column += columns;
  } while (onSheet(row + rows, column + columns) && !has(row, column));
  return { row, column };
}

/**
 * Excel's current region around a cell: the block of data it belongs to, bounded by empty rows and columns (what
 * Insert → Table takes from a single selected cell). An empty cell with nothing around is its own region.
 */
export function currentRegion(at: CellPoint, has: HasContent): CellBlock {
  let [top, bottom, left, right] = [at.row, at.row, at.column, at.column];
  const any = (r0: number, r1: number, c0: number, c1: number): boolean => {
    for (let r = Math.max(0, r0); r <= Math.min(MAX_ROWS - 1, r1); r++)
      for (let c = Math.max(0, c0); c <= Math.min(MAX_COLUMNS - 1, c1); c++) if (has(r, c)) return true;
    return false;
  };
  for (let grew = true; grew;) {
    grew = false;
    if (top > 0 && any(top - 1, top - 1, left - 1, right + 1)) [top, grew] = [top - 1, true];
    if (bottom < MAX_ROWS - 1 && any(bottom + 1, bottom + 1, left - 1, right + 1)) [bottom, grew] = [bottom + 1, true];
    if (left > 0 && any(top - 1, bottom + 1, left - 1, left - 1)) [left, grew] = [left - 1, true];
    if (right < MAX_COLUMNS - 1 && any(top - 1, bottom + 1, right + 1, right + 1)) [right, grew] = [right + 1, true];
  }
  return { row: top, column: left, rowCount: bottom - top + 1, columnCount: right - left + 1 };
}
