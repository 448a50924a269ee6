import type { ExcelRun } from "../../../excel";
import { a1Range, parseAddress, qualifiedAddress } from "../../../sheet";

/** The selection as an upload reads it: where it is, its header row, its rows and their number formats. */
export interface SelectionRead {
  /** "Sheet1!A1:B1001". */
  address: string;
  /** The Excel table the selection was in (its name), or the sheet's name: what the table's name is suggested from. */
  label: string;
  /** The Excel table read (one cell of it was selected): a re-upload reads that table's range again. */
  excelTable?: string;
  headers: unknown[];
  rows: unknown[][];
  formats: string[][];
}

/**
 * Rows per read: Office.js answers a range read in one response, which Excel on the web refuses over 5 MB; blocks of
 * at most 5,000 rows and 20,000 cells stay well under it, and the pane stays responsive between them.
 */
export const ROWS_PER_READ = 5000;
const CELLS_PER_READ = 20_000;

export interface Block {
  row: number;
  column: number;
  rowCount: number;
  columnCount: number;
}

/** The row blocks a block is read in. */
export function readBlocks(block: Block): Block[] {
  const step = Math.max(1, Math.min(ROWS_PER_READ, Math.floor(CELLS_PER_READ / Math.max(1, block.columnCount))));
  const out: Block[] = [];
  for (let top = 0; top < block.rowCount; top += step)
    out.push({ ...block, row: block.row + top, rowCount: Math.min(step, block.rowCount - top) });
  return out;
}

/** Where two blocks overlap (a whole-column selection and the sheet's used cells), or undefined. */
export function overlap(a: Block, b: Block): Block | undefined {
  const row = Math.max(a.row, b.row);
  const column = Math.max(a.column, b.column);
  const rowEnd = Math.min(a.row + a.rowCount, b.row + b.rowCount);
  const columnEnd = Math.min(a.column + a.columnCount, b.column + b.columnCount);
  if (rowEnd <= row || columnEnd <= column) return undefined;
  return { row, column, rowCount: rowEnd - row, columnCount: columnEnd - column };
}

const blockOf = (r: Excel.Range): Block => ({
  row: r.rowIndex,
  column: r.columnIndex,
  rowCount: r.rowCount,
  columnCount: r.columnCount,
});

/**
 * Reads the selected range to upload, its first row the headers: only its used cells (a whole column selected reads
 * down to the last value), and when one cell is selected inside an Excel table, that table. Read in blocks of rows.
 * The selection is on the active sheet (Excel selects on the sheet shown).
 */
export async function readSelection(run: ExcelRun): Promise<SelectionRead | undefined> {
  return run(async (context) => {
    const selected = context.workbook.getSelectedRange();
    selected.load("rowIndex, columnIndex, rowCount, columnCount");
    const sheet = context.workbook.worksheets.getActiveWorksheet();
    sheet.load("name");
    const used = sheet.getUsedRangeOrNullObject(true);
    used.load("rowIndex, columnIndex, rowCount, columnCount");
    const tables = context.workbook.tables;
    tables.load("items/name");
    await context.sync();
    let block: Block | undefined = blockOf(selected);
    let excelTable: string | undefined;
    if (block.rowCount === 1 && block.columnCount === 1) {
      const ranges = tables.items.map((t) => {
        const range = t.getRange();
        range.load("address, rowIndex, columnIndex, rowCount, columnCount");
        return { name: t.name, range };
      });
      await context.sync();
      const at = block;
      const onSheet = (address: string) => parseAddress(address).sheet?.toLowerCase() === sheet.name.toLowerCase();
      const table = ranges.find((t) => onSheet(t.range.address) && overlap(blockOf(t.range), at) !== undefined);
      if (table) {
        block = blockOf(table.range);
        excelTable = table.name;
      }
    }
    block = used.isNullObject ? undefined : overlap(block, blockOf(used));
    if (!block) return undefined;
    const address = qualifiedAddress(sheet.name, a1Range(block.row, block.column, block.rowCount, block.columnCount));
    const read = await readBlockRows(context, sheet, block, address, excelTable ?? sheet.name);
    return excelTable === undefined ? read : { ...read, excelTable };
  });
}

/** A block's cells read in row blocks (one request each), its first row the headers. */
export async function readBlockRows(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  block: Block,
  address: string,
  label: string,
): Promise<SelectionRead> {
  const out: SelectionRead = { address, label, headers: [], rows: [], formats: [] };
  for (const part of readBlocks(block)) {
    const range = sheet.getRangeByIndexes(part.row, part.column, part.rowCount, part.columnCount);
    range.load("values, numberFormat");
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one request per block keeps each response under Excel's limit
    await context.sync();
    out.rows.push(...(range.values as unknown[][]));
    out.formats.push(...(range.numberFormat as string[][]));
  }
  out.headers = out.rows.shift() ?? [];
  out.formats.shift();
  return out;
}
