import { checkSheetLimits, HEADER_NUMBER_FORMAT, MAX_ROWS, parseA1, qualifiedAddress, a1Range } from "../sheet";
import { DEFAULT_MAX_PAYLOAD_BYTES, writeChunks } from "./chunk-writer";
import { TargetNotEmptyError } from "./errors";
import type { ExcelRun } from "./excel-run";
import { partialMessage, queuePartialMarker } from "./partial-marker";
import { isRowBatches, RowReader, type MatrixSource } from "./row-reader";
import { uniqueTableName } from "./table-name";

export interface WriteTarget {
  run: ExcelRun;
  /** Worksheet name; default the active worksheet. */
  sheet?: string;
  /** Top-left cell ("B3"); default A1 when `sheet` is given, else the top-left cell of the selection. */
  cell?: string;
}

export interface WriteOptions {
  /** Make an Excel table of the block once all rows are in. */
  asTable: boolean;
  /** The source's first row is the header row. */
  headers: boolean;
  /** Wished table name; made valid and unique. */
  tableName?: string;
  /** One number format per column (see `numberFormatsFor`); its length is the block's width. */
  numberFormats: readonly string[];
  signal?: AbortSignal;
  /** Data rows written so far (header excluded) and the total when known. */
  onProgress?: (rowsWritten: number, totalRows: number | undefined) => void;
  /** Data rows an async source will yield, when known: enables the up-front limit check and progress totals. */
  totalRows?: number;
  /** Write over non-empty cells; default false (the write is refused with TargetNotEmptyError). */
  overwrite?: boolean;
  maxPayloadBytes?: number;
  /** Autofit column widths on the first rows; default true. */
  autofit?: boolean;
  /**
   * A line of text for the row above the block (where its rows came from): the block then starts one row lower. Above,
   * so that the rows a refresh adds below never meet it.
   */
  caption?: string;
}

export interface WriteResult {
  status: "complete" | "cancelled";
  sheet: string;
  /** The block written, header included ("Sheet1!A1:L100001"); empty string when nothing was written. */
  address: string;
  rowsWritten: number;
  totalRows: number | undefined;
  tableName?: string;
  /** The caption's cell ("Sheet1!A1"), when one was asked for. */
  captionAddress?: string;
}

const AUTOFIT_ROWS = 200;

async function resolveStart(context: Excel.RequestContext, target: WriteTarget) {
  const sheet = target.sheet
    ? context.workbook.worksheets.getItem(target.sheet)
    : context.workbook.worksheets.getActiveWorksheet();
  sheet.load("name");
  if (target.cell || target.sheet) {
    const { row, column } = parseA1(target.cell ?? "A1");
    await context.sync();
    return { sheet, row, column };
  }
  const selection = context.workbook.getSelectedRange();
  selection.load("rowIndex, columnIndex");
  await context.sync();
  return { sheet, row: selection.rowIndex, column: selection.columnIndex };
}

/**
 * Writes a matrix (or rows streamed as batches) to a sheet in chunks of at most ~4 MB per sync, then optionally
 * makes it a table. Order per chunk: number formats, then values (see chunk-writer). After the last chunk:
 * `tables.add(address, true)` (values first, table after, as Excel handles best), header styling, autofit.
 *
 * Cancelling (`signal`) stops between chunks and leaves a clearly marked partial block — a marker row saying
 * "Insert cancelled: N of M rows written" — and no table, so a half result never passes for a whole one.
 * An error mid-way marks the block the same way ("Insert failed") and is rethrown.
 */
export async function writeMatrix(
  target: WriteTarget,
  source: MatrixSource,
  options: WriteOptions,
): Promise<WriteResult> {
  const width = options.numberFormats.length;
  if (width === 0) throw new RangeError("Nothing to write: the result has no columns.");
  if (!isRowBatches(source)) {
    const bad = source.findIndex((r) => r.length !== width);
    if (bad >= 0) throw new RangeError(`Row ${bad} has ${source[bad].length} cells; expected ${width}.`);
  }
  const headerRows = options.headers ? 1 : 0;
  const known = isRowBatches(source) ? options.totalRows : Math.max(0, source.length - headerRows);
  const reader = new RowReader(source);
  const dataFormats = options.numberFormats;
  const headerFormats = dataFormats.map(() => HEADER_NUMBER_FORMAT);
  // An Excel table always has a header row: without one we write Excel's own default names rather than let
  // tables.add shift the data down by a row.
  const generatedHeader = options.asTable && !options.headers;
  const lead = generatedHeader ? 1 : 0;
  try {
    return await target.run(async (context) => {
      const start = await resolveStart(context, target);
      const { sheet, column: left } = start;
      const captionRows = options.caption === undefined ? 0 : 1;
      const top = start.row + captionRows;
      // The area we may write: every row when the total is unknown; a table needs at least one data row.
      const reserved =
        known === undefined ? MAX_ROWS - top : Math.max(known + headerRows + lead, options.asTable ? 2 : 1);
      const limit = checkSheetLimits(known === undefined ? 1 : reserved, width, top, left);
      if (limit) throw limit;
      const startRow = top + lead;
      const area = sheet.getRangeByIndexes(start.row, left, reserved + captionRows, width);
      const used = options.overwrite ? undefined : area.getUsedRangeOrNullObject(true);
      used?.load("address");
      const tables = context.workbook.tables;
      if (options.asTable) tables.load("items/name");
      await context.sync();
      if (used && !used.isNullObject) throw new TargetNotEmptyError(used.address);
      const captionAddress =
        options.caption === undefined ? undefined : qualifiedAddress(sheet.name, a1Range(start.row, left, 1, 1));
      if (options.caption !== undefined) {
        const cell = sheet.getRangeByIndexes(start.row, left, 1, 1);
        cell.numberFormat = [["@"]]; // text as it is: a source line never becomes a number or a date
        cell.values = [[options.caption]];
        cell.format.font.italic = true;
      }

      if (generatedHeader) {
        const header = sheet.getRangeByIndexes(top, left, 1, width);
        header.numberFormat = [headerFormats as string[]];
        header.values = [dataFormats.map((_, i) => `Column${i + 1}`)];
        await context.sync(); // its own request: the chunk budget below does not count it
      }
      const outcome = await writeChunks({ context, sheet, row: startRow, column: left, width }, reader, {
        maxPayloadBytes: options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES,
        signal: options.signal,
        formatsFor: (i) => (i < headerRows ? headerFormats : dataFormats),
        onChunk: (n) => options.onProgress?.(Math.max(0, n - headerRows), known),
      }).catch(async (e: unknown) => {
        // Mark whatever landed before the failure, then let the error through.
        await markPartial(context, sheet, { top, left, width, lead, reserved }, "failed", e, known, headerRows);
        throw e;
      });
      const blockRows = lead + outcome.rowsWritten;
      const dataRows = Math.max(0, outcome.rowsWritten - headerRows);
      const address = blockRows > 0 ? qualifiedAddress(sheet.name, a1Range(top, left, blockRows, width)) : "";
      const base = {
        sheet: sheet.name,
        address,
        rowsWritten: dataRows,
        totalRows: known,
        ...(captionAddress ? { captionAddress } : {}),
      };
      if (outcome.cancelled) {
        if (blockRows > 0) {
          queuePartialMarker(
            sheet,
            { row: top, column: left, rowCount: blockRows, columnCount: width },
            partialMessage("Insert", "cancelled", dataRows, known),
          );
          await context.sync();
        }
        return { status: "cancelled", ...base };
      }
      let tableName: string | undefined;
      if (blockRows > 0) {
        if (options.asTable) {
          const table = sheet.tables.add(a1Range(top, left, Math.max(blockRows, 2), width), true);
          tableName = uniqueTableName(
            options.tableName,
            tables.items.map((t) => t.name),
          );
          table.name = tableName;
        } else if (options.headers) {
          sheet.getRangeByIndexes(top, left, 1, width).format.font.bold = true;
        }
        if (options.autofit ?? true)
          sheet.getRangeByIndexes(top, left, Math.min(blockRows, AUTOFIT_ROWS), width).format.autofitColumns();
        await context.sync();
      }
      return { status: "complete", ...base, tableName };
    });
  } finally {
    await reader.close();
  }
}

async function markPartial(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  at: { top: number; left: number; width: number; lead: number; reserved: number },
  outcome: "failed",
  error: unknown,
  known: number | undefined,
  headerRows: number,
): Promise<void> {
  try {
    // What landed is unknown after a failed sync: read it back rather than guess.
    const used = sheet.getRangeByIndexes(at.top, at.left, at.reserved, at.width).getUsedRangeOrNullObject(true);
    used.load("rowIndex, rowCount");
    await context.sync();
    if (used.isNullObject) return;
    const rows = used.rowIndex + used.rowCount - at.top;
    const reason = error instanceof Error ? error.message.slice(0, 200) : undefined;
    const data = Math.max(0, rows - at.lead - headerRows);
    queuePartialMarker(
      sheet,
      { row: at.top, column: at.left, rowCount: rows, columnCount: at.width },
      partialMessage("Insert", outcome, data, known, reason),
    );
    await context.sync();
  } catch {
    // The marker is best effort; the original error matters more.
  }
}
