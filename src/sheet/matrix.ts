import { cellConverter } from "./cell-value";
import type { CellOptions, CellValue } from "./cell-value-type";
import { escapeForValues } from "./escape";
import { withTimestampColumns } from "./timestamp-columns";

/** A result as the API returns it, with rows already positional (column names can repeat, so no objects). */
export interface ResultTable {
  columns: readonly string[];
  /** API type per column; missing entries count as unknown. */
  types: readonly string[];
  rows: readonly (readonly unknown[])[];
}

export interface MatrixOptions extends Omit<CellOptions, "onTruncated"> {
  /** Put the column names in the first row. */
  headers: boolean;
  /** Called for each cell cut to 32,767 characters (row index is within `rows`, header excluded). */
  onTruncated?: (cell: { row: number; column: number; originalLength: number }) => void;
}

/** Turns envelope rows (objects keyed by column name) into positional rows. */
export function rowsFromObjects(columns: readonly string[], rows: readonly Record<string, unknown>[]): unknown[][] {
  return rows.map((row) => columns.map((c) => row[c]));
}

/** Header cells: always text, escaped like data (a column may be named `=x`). */
export function headerRow(columns: readonly string[]): CellValue[] {
  return columns.map((c) => escapeForValues(String(c)));
}

/**
 * Maps a result to the rectangular matrix Excel expects: one row per result row (plus the header row when
 * asked), exactly `columns.length` cells each (short rows are padded with empty cells, extra cells dropped). With
 * Excel dates asked for, text columns of timestamps become dates as declared ones do (`withTimestampColumns`).
 */
export function toSheetMatrix(table: ResultTable, options: MatrixOptions): CellValue[][] {
  const width = table.columns.length;
  let atRow = 0;
  const types =
    options.timestamps === "excel-date" ? withTimestampColumns(table.types, table.rows, width) : table.types;
  const converters = table.columns.map((_, c) =>
    cellConverter(types[c] ?? "unknown", {
      timestamps: options.timestamps,
      arrayJoin: options.arrayJoin,
      onTruncated: options.onTruncated
        ? (originalLength) => options.onTruncated?.({ row: atRow, column: c, originalLength })
        : undefined,
    }),
  );
  const out: CellValue[][] = options.headers ? [headerRow(table.columns)] : [];
  for (let r = 0; r < table.rows.length; r++) {
    const src = table.rows[r];
    const row = new Array<CellValue>(width);
    atRow = r;
    for (let c = 0; c < width; c++) row[c] = converters[c](src[c]);
    out.push(row);
  }
  return out;
}
