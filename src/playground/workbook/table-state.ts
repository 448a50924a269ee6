import type { CellBlock } from "../../sheet";
import { CellError, type SheetState, type TableState } from "./cell-types";
import { displayText } from "../../formulas";
import { officeError } from "./errors";
import { insertCells } from "./structure";
import type { WorkbookState } from "./workbook-state";

function overlaps(a: CellBlock, b: CellBlock): boolean {
  return (
    a.row < b.row + b.rowCount &&
    b.row < a.row + a.rowCount &&
    a.column < b.column + b.columnCount &&
    b.column < a.column + a.columnCount
  );
}

/** Excel's table-name rules: letter, _ or \ first; letters, digits, _ . \ after; not a cell reference; ≤255. */
export function validateTableName(state: WorkbookState, name: string, self?: TableState): void {
  const looksLikeCell = /^[A-Za-z]{1,3}\d+$/.test(name) || /^[Rr](\d*)?[Cc]?(\d*)?$/.test(name);
  if (!/^[A-Za-z_\\][A-Za-z0-9_.\\]*$/.test(name) || name.length > 255 || looksLikeCell) {
    throw officeError("InvalidArgument", `"${name}" is not a valid table name.`);
  }
  const clash = state.tableByKey(name);
  if (clash && clash !== self) throw officeError("InvalidArgument", `A table named "${name}" already exists.`);
}

/**
 * Table headers are unique, non-empty text: Excel turns numbers into text, fills blanks with ColumnN and
 * appends 2, 3… to repeated names (an API result can repeat a column name).
 */
export function normalizeHeaders(sheet: SheetState, table: TableState): void {
  const { row, column, columnCount } = table.block;
  const seen = new Set<string>();
  for (let i = 0; i < columnCount; i++) {
    const c = column + i;
    const v = sheet.values.get(row, c);
    let name = v === undefined || v instanceof CellError ? "" : displayText(v, "General");
    if (name === "") name = `Column${i + 1}`;
    let unique = name;
    for (let n = 2; seen.has(unique.toLowerCase()); n++) unique = `${name}${n}`;
    seen.add(unique.toLowerCase());
    sheet.formulas.delete(row, c);
    sheet.values.set(row, c, unique);
  }
}

export function addTable(state: WorkbookState, sheet: SheetState, block: CellBlock, hasHeaders: boolean): TableState {
  for (const other of state.tablesOn(sheet.id)) {
    if (overlaps(other.block, block)) throw officeError("InvalidOperation", "A table can't overlap another table.");
  }
  let tableBlock = block;
  if (!hasHeaders) {
    // Documented: without headers Excel generates a header row and shifts the data down by one row.
    insertCells(
      state,
      sheet,
      { row: block.row, column: block.column, rowCount: 1, columnCount: block.columnCount },
      "Down",
    );
    tableBlock = { ...block, rowCount: block.rowCount + 1 };
  } else if (block.rowCount === 1) {
    tableBlock = { ...block, rowCount: 2 }; // a table always has at least one data row
  }
  let n = state.tables.length + 1;
  while (state.tableByKey(`Table${n}`)) n++;
  const table: TableState = {
    id: String(n),
    name: `Table${n}`,
    sheetId: sheet.id,
    block: tableBlock,
    style: "TableStyleMedium2",
  };
  if (state.tables.some((t) => t.id === table.id)) table.id = state.newId("table");
  normalizeHeaders(sheet, table);
  state.tables.push(table);
  state.changes.structure(sheet.id);
  state.changes.touch(sheet.id, tableBlock);
  return table;
}

/** `table.resize`: the header stays in its row, the new range must overlap the old one and no other table. */
export function resizeTable(state: WorkbookState, sheet: SheetState, table: TableState, block: CellBlock): void {
  if (block.row !== table.block.row || !overlaps(block, table.block) || block.rowCount < 2) {
    throw officeError(
      "InvalidArgument",
      "The table's header must stay in the same row and the new range must overlap the table.",
    );
  }
  for (const other of state.tablesOn(sheet.id)) {
    if (other !== table && overlaps(other.block, block))
      throw officeError("InvalidOperation", "A table can't overlap another table.");
  }
  table.block = block;
  normalizeHeaders(sheet, table);
  state.changes.structure(sheet.id);
}

/**
 * `table.rows.add(index, values)`: inserts `count` rows into the table (cells below, within the table's
 * columns, shift down). New rows take the number formats of the row above them, as Excel extends a table's
 * column formatting; the values are then entered like `range.values`.
 */
export function addTableRows(
  state: WorkbookState,
  sheet: SheetState,
  table: TableState,
  index: number | null,
  count: number,
): CellBlock {
  const bodyRows = table.block.rowCount - 1;
  const at = index === null || index === undefined ? bodyRows : index;
  if (at < 0 || at > bodyRows) throw officeError("InvalidArgument", `Row index ${at} is outside the table.`);
  const row = table.block.row + 1 + at;
  const block = { row, column: table.block.column, rowCount: count, columnCount: table.block.columnCount };
  const appending = at === bodyRows;
  insertCells(state, sheet, block, "Down");
  if (appending) table.block = { ...table.block, rowCount: table.block.rowCount + count };
  for (let c = block.column; c < block.column + block.columnCount; c++) {
    const above = row - 1 > table.block.row ? sheet.formats.get(row - 1, c) : undefined;
    for (let r = row; r < row + count; r++) sheet.formats.set(r, c, above);
  }
  return block;
}
