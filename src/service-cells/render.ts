import type { DatasetOrigin } from "../session";
import { type CellValue, QUOTE_PREFIX, estimateValuesPayloadBytes, toSheetMatrix } from "../sheet";
import type { CellRequestOptions } from "./options";
import { SpillTooLargeError } from "./spill-limit";

/** Rows as fetched (and cached): positional, with the server's (or the CSV typer's) column types. */
export interface CachedTable {
  columns: string[];
  types: string[];
  rows: unknown[][];
  /** Rows in the whole stored result, when the service said. */
  totalRowCount?: number;
  partial: boolean;
  /** Types were guessed from CSV text (E5), so timestamps arrive as varchar. */
  typesInferred: boolean;
  /** A dataset read through its saved query (its endpoint is gone): which query, and the result's age. */
  origin?: DatasetOrigin;
  /** When the service deletes the stored result (epoch ms), when it said: a kept copy of an execution's rows lasts as long. */
  expiresAt?: number;
  /** Where the rows came from, as the service said (JSON sources), and when they were read (epoch ms: what a held refresh's note says its data dates from). */
  executionId?: string;
  endedAt?: string;
  queryId?: number;
  readAt?: number;
}

/**
 * Undoes the sheet module's apostrophe. `toSheetMatrix` prepares values for `range.values`, where Excel parses a
 * leading `=`, `+`, `-`, `@` as a formula, so it prefixes those strings (and any string starting with `'`) with an
 * apostrophe. A custom function's result is NOT parsed: Excel stores returned strings as text verbatim, and an
 * apostrophe would show up in the cell. Every string that starts with `'` in the matrix got exactly one added, so
 * removing exactly one restores the original text.
 */
function withoutQuotePrefix(matrix: CellValue[][]): CellValue[][] {
  for (const row of matrix) {
    for (let c = 0; c < row.length; c++) {
      const value = row[c];
      if (typeof value === "string" && value.startsWith(QUOTE_PREFIX)) row[c] = value.slice(1);
    }
  }
  return matrix;
}

/**
 * The spill for one cell: header row (unless headers=false), values typed by the sheet module, refused with a
 * message past the spill limit. An empty result still shows its header; with headers off it shows one empty cell
 * (a custom function must return at least one cell).
 */
export function renderSpill(
  table: CachedTable,
  options: CellRequestOptions["render"],
  limitBytes: number,
): CellValue[][] {
  const matrix = withoutQuotePrefix(
    toSheetMatrix(
      { columns: table.columns, types: table.types, rows: table.rows },
      { headers: options.headers, timestamps: options.timestamps, arrayJoin: options.arrayJoin },
    ),
  );
  const bytes = estimateValuesPayloadBytes(matrix);
  if (bytes > limitBytes)
    throw new SpillTooLargeError({
      rows: table.rows.length,
      columns: table.columns.length,
      bytes,
      limitBytes,
      totalRows: table.totalRowCount,
    });
  if (matrix.length === 0 || matrix[0]!.length === 0) return [[""]];
  return matrix;
}
