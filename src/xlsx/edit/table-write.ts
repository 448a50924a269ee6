import { a1Range, blockAddress, checkSheetLimits, columnLetter, qualifiedAddress, type CellBlock } from "../../sheet";
import { XlsxError } from "../errors";
import type { XlsxValue } from "../model/cell-types";
import { cellsOf, subtract } from "./blocks";
import type { SheetState } from "./sheet-state";

export interface TablePlan {
  table: string;
  sheet: string;
  oldRef: string;
  newRef: string;
  rowsBefore: number;
  rowsAfter: number;
  takes: string[];
  leaves: string[];
}

const refOf = (b: CellBlock) => blockAddress(b);

/**
 * Replaces a table's data rows, keeping its header and columns: the table grows into empty cells below it or
 * shrinks (the rows it leaves are cleared), its range follows, and new cells take the number format of the first
 * data row. At least one data row stays, empty for an empty result, as in Excel. Refused when it would grow over
 * anything, when the columns differ, or when the table has a totals row. Returns the table part, whose range the
 * caller sets.
 */
export function writeTableInto(
  state: SheetState,
  tableName: string,
  rows: readonly (readonly XlsxValue[])[],
): { plan: TablePlan; part: string } {
  const { table, block } = state.tables.get(tableName)!;
  const named = `the table "${table.name}" (${qualifiedAddress(state.name, refOf(block))})`;
  if (table.totalsRowCount > 0) {
    throw new XlsxError(
      "blocked",
      `${named} has a totals row, which a refresh outside Excel does not move; nothing was written. Turn the totals row off (Table Design > Total Row) or refresh it in Excel.`,
    );
  }
  const width = table.columns.length;
  const wrong = rows.findIndex((r) => r.length !== width);
  if (wrong >= 0 || block.columnCount !== width) {
    throw new XlsxError(
      "blocked",
      `The new rows for ${named} have ${rows[Math.max(0, wrong)]?.length ?? 0} columns, but the table has ${width}; nothing was written. Insert the result again as a new table.`,
    );
  }
  const header = table.headerRowCount;
  const oldBody: CellBlock = {
    row: block.row + header,
    column: block.column,
    rowCount: block.rowCount - header,
    columnCount: width,
  };
  const count = Math.max(1, rows.length);
  const limit = checkSheetLimits(count + header, width, block.row, block.column);
  if (limit) throw new XlsxError("blocked", `${named}: ${limit.message}`);
  const newBody: CellBlock = { ...oldBody, rowCount: count };
  const takes = subtract(newBody, oldBody);
  for (const b of takes)
    state.refuseBlocked(
      `${named} grows to ${count} data rows`,
      b,
      { table: table.name },
      "Clear or move what is below the table, then refresh again.",
    );
  const leaves = subtract(oldBody, newBody);
  const styles = Array.from(
    { length: width },
    (_v, c) => state.layout.cells.get(a1Range(oldBody.row, block.column + c, 1, 1))?.style || undefined,
  );
  // Row by row with each column's letters found once: a table of 1,000,000 rows writes 10,000,000 cells here.
  const letters = Array.from({ length: width }, (_v, c) => columnLetter(block.column + c));
  for (let i = 0; i < count; i++) {
    const line = rows[i];
    const number = String(newBody.row + i + 1);
    for (let c = 0; c < width; c++) {
      const style = styles[c];
      const value = line?.[c] ?? null;
      state.writes.set(letters[c] + number, style ? { kind: "value", value, style } : { kind: "value", value });
    }
  }
  for (const b of leaves) for (const [r, c] of cellsOf(b)) state.writes.set(a1Range(r, c, 1, 1), { kind: "clear" });
  const next: CellBlock = { ...block, rowCount: header + count };
  state.tables.set(table.name, { table, block: next });
  const plan: TablePlan = {
    table: table.name,
    sheet: state.name,
    oldRef: refOf(block),
    newRef: refOf(next),
    rowsBefore: oldBody.rowCount,
    rowsAfter: count,
    takes: takes.map(refOf),
    leaves: leaves.map(refOf),
  };
  return { plan, part: table.part };
}
