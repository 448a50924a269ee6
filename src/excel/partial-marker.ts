import { escapeForValues, MAX_COLUMNS, MAX_ROWS } from "../sheet";

/** Looks unlike data on purpose: bold dark red on light yellow. */
export const MARKER_STYLE = { fontColor: "#9C0006", fillColor: "#FFEB9C" } as const;

function count(n: number): string {
  return n.toLocaleString("en-US");
}

export function partialMessage(
  verb: "Insert" | "Refresh",
  outcome: "cancelled" | "failed",
  written: number,
  total: number | undefined,
  reason?: string,
): string {
  const of = total === undefined ? "" : ` of ${count(total)}`;
  const why = reason ? ` (${reason})` : "";
  return `${verb} ${outcome}${why}: ${count(written)}${of} rows written. The block above is incomplete.`;
}

/**
 * Queues a marker row right under a partially written block (or, at the sheet's last row, beside it), so a
 * stopped insert never looks like a complete result: the message in the first cell, the block's width filled.
 */
export function queuePartialMarker(
  sheet: Excel.Worksheet,
  block: { row: number; column: number; rowCount: number; columnCount: number },
  message: string,
): void {
  let row = block.row + block.rowCount;
  let column = block.column;
  let width = block.columnCount;
  if (row >= MAX_ROWS) {
    row = block.row;
    column = block.column + block.columnCount;
    width = 1;
    if (column >= MAX_COLUMNS) return; // no cell left to write on
  }
  const band = sheet.getRangeByIndexes(row, column, 1, width);
  band.format.fill.color = MARKER_STYLE.fillColor;
  band.format.font.bold = true;
  band.format.font.color = MARKER_STYLE.fontColor;
  const cell = sheet.getRangeByIndexes(row, column, 1, 1);
  cell.numberFormat = [["@"]];
  cell.values = [[escapeForValues(message)]];
}
