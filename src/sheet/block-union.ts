import type { CellBlock } from "./a1";

/**
 * The smallest block covering both `a` and `b`: the cells a change touched when a spill or a table moves from one
 * block to another (what the engine recalculates, what the playground repaints).
 */
export function blockUnion(a: CellBlock, b: CellBlock): CellBlock {
  const row = Math.min(a.row, b.row);
  const column = Math.min(a.column, b.column);
  return {
    row,
    column,
    rowCount: Math.max(a.row + a.rowCount, b.row + b.rowCount) - row,
    columnCount: Math.max(a.column + a.columnCount, b.column + b.columnCount) - column,
  };
}
