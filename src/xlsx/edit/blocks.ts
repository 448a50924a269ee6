import type { CellBlock } from "../../sheet";

export function intersect(a: CellBlock, b: CellBlock): CellBlock | null {
  const row = Math.max(a.row, b.row);
  const column = Math.max(a.column, b.column);
  const rowEnd = Math.min(a.row + a.rowCount, b.row + b.rowCount);
  const columnEnd = Math.min(a.column + a.columnCount, b.column + b.columnCount);
  if (rowEnd <= row || columnEnd <= column) return null;
  return { row, column, rowCount: rowEnd - row, columnCount: columnEnd - column };
}

export function contains(block: CellBlock, row: number, column: number): boolean {
  return (
    row >= block.row &&
    row < block.row + block.rowCount &&
    column >= block.column &&
    column < block.column + block.columnCount
  );
}

/** `a` without `b`, as at most four blocks: the rows above and below the overlap, then its left and right. */
export function subtract(a: CellBlock, b: CellBlock): CellBlock[] {
  const overlap = intersect(a, b);
  if (!overlap) return [a];
  const out: CellBlock[] = [];
  const aEnd = a.row + a.rowCount;
  const oEnd = overlap.row + overlap.rowCount;
  if (overlap.row > a.row)
    out.push({ row: a.row, column: a.column, rowCount: overlap.row - a.row, columnCount: a.columnCount });
  if (aEnd > oEnd) out.push({ row: oEnd, column: a.column, rowCount: aEnd - oEnd, columnCount: a.columnCount });
  if (overlap.column > a.column) {
    out.push({
      row: overlap.row,
      column: a.column,
      rowCount: overlap.rowCount,
      columnCount: overlap.column - a.column,
    });
  }
  const aRight = a.column + a.columnCount;
  const oRight = overlap.column + overlap.columnCount;
  if (aRight > oRight)
    out.push({ row: overlap.row, column: oRight, rowCount: overlap.rowCount, columnCount: aRight - oRight });
  return out;
}

/** Every cell of a block, row by row. */
export function* cellsOf(block: CellBlock): Generator<[number, number]> {
  for (let r = block.row; r < block.row + block.rowCount; r++) {
    for (let c = block.column; c < block.column + block.columnCount; c++) yield [r, c];
  }
}
