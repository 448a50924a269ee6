import { MAX_COLUMNS, MAX_ROWS, type CellBlock } from "../sheet";

export { blockContains, blocksIntersect } from "./formula-cell";

export type SpillPlan =
  { kind: "fits"; block: CellBlock } | { kind: "blocked"; block: CellBlock | null; message: string };

/** Excel's hover texts for the two #SPILL! causes the playground can meet. */
export const SPILL_NOT_BLANK = "Spill range isn't blank";
export const SPILL_BEYOND_EDGE = "Spill range extends beyond the edge of the worksheet";

/**
 * Where a rows × columns result from an anchor cell would go, and whether it can: it must fit on the sheet and
 * every cell but the anchor must be free (`occupied` decides: other content, another formula's spill).
 * Cells are checked row by row and the first occupied one stops the walk.
 */
export function planSpill(
  anchor: { row: number; column: number },
  rows: number,
  columns: number,
  occupied: (row: number, column: number) => boolean,
): SpillPlan {
  if (anchor.row + rows > MAX_ROWS || anchor.column + columns > MAX_COLUMNS) {
    return { kind: "blocked", block: null, message: SPILL_BEYOND_EDGE };
  }
  const block: CellBlock = { row: anchor.row, column: anchor.column, rowCount: rows, columnCount: columns };
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      if (r === 0 && c === 0) continue;
      if (occupied(anchor.row + r, anchor.column + c)) return { kind: "blocked", block, message: SPILL_NOT_BLANK };
    }
  }
  return { kind: "fits", block };
}
