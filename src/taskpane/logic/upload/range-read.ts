import type { ExcelRun, UploadBinding } from "../../../excel";
import { parseAddress } from "../../../sheet";
import { readBlockRows, type Block, type SelectionRead } from "./selection-read";

/** Why an uploaded range could not be read again: its sheet or its Excel table is gone. */
export class RangeGoneError extends Error {
  override readonly name = "RangeGoneError";
}

/**
 * The range an upload was read from, read again in the form's blocks: an Excel table's current range (it may have
 * grown or shrunk since), else the same address. Rows left wholly empty at its foot are not rows.
 */
export async function readUploadRange(
  run: ExcelRun,
  where: Pick<UploadBinding, "address" | "excelTable">,
): Promise<SelectionRead> {
  const read = await run(async (context) => {
    if (where.excelTable !== undefined) {
      const table = context.workbook.tables.getItemOrNullObject(where.excelTable);
      await context.sync();
      if (table.isNullObject)
        throw new RangeGoneError(`The Excel table ${where.excelTable} is no longer in this workbook.`);
      const range = table.getRange();
      range.load("address, rowIndex, columnIndex, rowCount, columnCount");
      await context.sync();
      // Excel gives a table's range with its sheet ("Sheet1!A1:B4"): where it is now, however it grew.
      const address = range.address;
      const sheet = context.workbook.worksheets.getItem(parseAddress(address).sheet ?? "");
      const block = {
        row: range.rowIndex,
        column: range.columnIndex,
        rowCount: range.rowCount,
        columnCount: range.columnCount,
      };
      return readBlockRows(context, sheet, block, address, where.excelTable);
    }
    const parsed = parseAddress(where.address);
    const sheet = context.workbook.worksheets.getItemOrNullObject(parsed.sheet ?? "");
    await context.sync();
    if (sheet.isNullObject) throw new RangeGoneError(`The sheet of ${where.address} is no longer in this workbook.`);
    const block: Block = {
      row: parsed.row,
      column: parsed.column,
      rowCount: parsed.rowCount,
      columnCount: parsed.columnCount,
    };
    return readBlockRows(context, sheet, block, where.address, parsed.sheet ?? "");
  });
  const empty = (row: readonly unknown[]) => row.every((v) => v === null || v === undefined || v === "");
  let end = read.rows.length;
  while (end > 0 && empty(read.rows[end - 1]!)) end--;
  return { ...read, rows: read.rows.slice(0, end), formats: read.formats.slice(0, end) };
}
