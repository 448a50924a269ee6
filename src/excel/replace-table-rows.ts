import { a1Range, qualifiedAddress } from "../sheet";
import type { TableBinding } from "./bindings";
import { DEFAULT_MAX_PAYLOAD_BYTES, writeChunks } from "./chunk-writer";
import { BindingError } from "./errors";
import type { ExcelRun } from "./excel-run";
import { partialMessage, queuePartialMarker } from "./partial-marker";
import { officeSupports, type SupportsSet, TABLE_RESIZE } from "./requirements";
import { RowReader, type MatrixSource } from "./row-reader";

export interface ReplaceOptions {
  /** Per-column number formats; default: those of the table's first data row. */
  numberFormats?: readonly string[];
  signal?: AbortSignal;
  onProgress?: (rowsWritten: number, totalRows: number | undefined) => void;
  /** Data rows an async source will yield, when known. */
  totalRows?: number;
  maxPayloadBytes?: number;
  /** Clock for `refreshedAt`. */
  now?: () => Date;
  /** Which requirement sets the host supports; default Office's answer. */
  supports?: SupportsSet;
  /** The new text of the table's caption row (the cell above its header), when it was inserted with one. */
  caption?: string;
}

export interface ReplaceResult {
  status: "complete" | "cancelled";
  rowsWritten: number;
  /** The binding with the table's new address and `refreshedAt`; save it with `saveBinding`. */
  binding: TableBinding;
}

function cannotResize(tableName: string, rows: number, wanted: number, exact: boolean): BindingError {
  const count = `${exact ? "" : "at least "}${wanted.toLocaleString("en-US")}`;
  return new BindingError(
    "cannot-resize",
    `This version of Excel cannot resize a table (that needs the ExcelApi 1.13 requirement set): "${tableName}" has ` +
      `${rows.toLocaleString("en-US")} data rows and the new result ${count}. Update Excel, or insert the result ` +
      "again as a new table.",
  );
}

/** A band of rows across the table's columns. */
function band(sheet: Excel.Worksheet, row: number, column: number, rows: number, width: number): Excel.Range {
  return sheet.getRangeByIndexes(row, column, rows, width);
}

/**
 * Refreshes a bound table in place with new data rows (no header: the table's header is kept).
 *  - more rows: empty cells are inserted under the table (what was below moves down) and the table is resized;
 *  - fewer rows: the table is resized and the freed rows deleted (what was below moves up); a table keeps at
 *    least one data row, left empty for an empty result;
 *  - then the rows are written in chunks like an insert (formats, values, ≤ 4 MB per sync).
 * On cancel the rest of the body is cleared (no stale rows under new ones) and a marker row is inserted
 * under the table: "Refresh cancelled: N of M rows written".
 * Resizing a table needs ExcelApi 1.13. Where Excel lacks it, a table keeps its size: fewer rows leave the surplus
 * rows empty (nothing old stays under the new rows), and more rows are refused with a BindingError ("cannot-resize")
 * before anything is written when the row count is known, or with the "Refresh failed" marker when a stream of
 * unknown length outgrows the table.
 */
export async function replaceTableRows(
  run: ExcelRun,
  binding: TableBinding,
  rows: MatrixSource,
  options: ReplaceOptions = {},
): Promise<ReplaceResult> {
  const reader = new RowReader(rows);
  const known = Array.isArray(rows) ? rows.length : options.totalRows;
  try {
    return await run(async (context) => {
      const table = context.workbook.tables.getItemOrNullObject(binding.tableName);
      await context.sync();
      if (table.isNullObject) {
        throw new BindingError(
          "table-missing",
          `The table "${binding.tableName}" is no longer in this workbook; insert the result again.`,
        );
      }
      const whole = table.getRange();
      whole.load("rowIndex, columnIndex, rowCount, columnCount");
      const sheet = table.worksheet;
      sheet.load("name");
      const firstRow = options.numberFormats ? undefined : table.getDataBodyRange().getRow(0);
      firstRow?.load("numberFormat");
      await context.sync();
      const top = whole.rowIndex;
      const left = whole.columnIndex;
      const width = whole.columnCount;
      const oldBody = whole.rowCount - 1;
      const formats = options.numberFormats ?? (firstRow?.numberFormat[0] as string[]);
      if (formats.length !== width) {
        throw new BindingError(
          "columns-changed",
          `The new result has ${formats.length} columns but the table "${binding.tableName}" has ${width}; insert it again as a new table.`,
        );
      }
      if (Array.isArray(rows) && rows.some((r) => r.length !== width)) {
        throw new BindingError(
          "columns-changed",
          `The new result's rows do not have the table's ${width} columns; insert it again as a new table.`,
        );
      }
      // The body size is tracked here and changed by queued operations only (no extra round trips).
      let body = oldBody;
      const canResize = (options.supports ?? officeSupports)(TABLE_RESIZE);
      const setBody = (rowsWanted: number): void => {
        if (rowsWanted === body) return;
        if (!canResize) {
          if (rowsWanted > body) throw cannotResize(binding.tableName, body, rowsWanted, known !== undefined);
          band(sheet, top + 1 + rowsWanted, left, body - rowsWanted, width).clear("Contents");
          return;
        }
        if (rowsWanted > body) band(sheet, top + 1 + body, left, rowsWanted - body, width).insert("Down");
        table.resize(band(sheet, top, left, 1 + rowsWanted, width));
        if (rowsWanted < body) band(sheet, top + 1 + rowsWanted, left, body - rowsWanted, width).delete("Up");
        body = rowsWanted;
      };
      if (known !== undefined && Math.max(known, 1) !== body) {
        setBody(Math.max(known, 1));
        await context.sync();
      }
      let confirmed = 0;
      const outcome = await writeChunks({ context, sheet, row: top + 1, column: left, width }, reader, {
        maxPayloadBytes: options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES,
        signal: options.signal,
        formatsFor: () => formats,
        // A streamed source of unknown length grows the table just before each chunk lands.
        beforeChunk: (from, count) => setBody(Math.max(body, from + count)),
        onChunk: (n) => {
          confirmed = n;
          options.onProgress?.(n, known);
        },
      }).catch(async (e: unknown) => {
        // Best effort, then the original error: cut the table to the rows known to be new, and mark it.
        try {
          const actual = table.getRange();
          actual.load("rowCount");
          await context.sync(); // a failed sync discarded its queued resizes: start from what is there
          body = actual.rowCount - 1;
          setBody(Math.max(confirmed, 1));
          if (confirmed === 0) band(sheet, top + 1, left, 1, width).clear("Contents");
          band(sheet, top + 1 + body, left, 1, width).insert("Down");
          const reason = e instanceof Error ? e.message.slice(0, 200) : undefined;
          queuePartialMarker(
            sheet,
            { row: top, column: left, rowCount: 1 + body, columnCount: width },
            partialMessage("Refresh", "failed", confirmed, known, reason),
          );
          await context.sync();
        } catch {
          // the marker is best effort
        }
        throw e;
      });
      const written = outcome.rowsWritten;
      // Never leave old rows under new ones (a cancelled or shorter stream): the body ends at the last row written.
      setBody(Math.max(written, 1));
      if (written === 0) band(sheet, top + 1, left, 1, width).clear("Contents");
      if (outcome.cancelled) {
        band(sheet, top + 1 + body, left, 1, width).insert("Down");
        queuePartialMarker(
          sheet,
          { row: top, column: left, rowCount: 1 + body, columnCount: width },
          partialMessage("Refresh", "cancelled", written, known),
        );
      }
      if (options.caption !== undefined && top > 0) {
        const cell = sheet.getRangeByIndexes(top - 1, left, 1, 1);
        cell.numberFormat = [["@"]];
        cell.values = [[options.caption]];
      }
      await context.sync();
      const refreshed: TableBinding = {
        ...binding,
        sheet: sheet.name,
        address: qualifiedAddress(sheet.name, a1Range(top, left, 1 + body, width)),
        refreshedAt: (options.now?.() ?? new Date()).toISOString(),
      };
      return { status: outcome.cancelled ? "cancelled" : "complete", rowsWritten: written, binding: refreshed };
    });
  } finally {
    await reader.close();
  }
}
