import type { UploadColumnType } from "../../../client";
import { utcMsFromSerial } from "../../../sheet";

/**
 * A cell as the CSV field the service reads for its column's type: Excel's date serials as ISO 8601 (the timestamp
 * format the service documents), booleans as `true`/`false`, numbers as written; empty cells as empty fields (null).
 */
export function fieldText(value: unknown, type: UploadColumnType): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "number" && (type === "timestamp" || type === "date")) {
    const iso = new Date(utcMsFromSerial(value)).toISOString();
    return type === "date" ? iso.slice(0, 10) : iso.replace(/\.000Z$/, "Z");
  }
  if (typeof value === "boolean") return value ? "true" : "false";
  return String(value);
}

/** One value as a CSV field: quoted when it holds a comma, a quote or a line break. */
export function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row as a CSV line, each cell as its column's type. */
export function csvLine(types: readonly UploadColumnType[], row: readonly unknown[]): string {
  return types.map((type, c) => csvCell(fieldText(row[c], type))).join(",");
}

/** The rows as the CSV body of an insert: a header of the column names, then one line per row. */
export function uploadCsv(
  names: readonly string[],
  types: readonly UploadColumnType[],
  rows: readonly (readonly unknown[])[],
): string {
  const lines = [names.map(csvCell).join(",")];
  for (const row of rows) lines.push(csvLine(types, row));
  return `${lines.join("\n")}\n`;
}

/** Bytes of a text as UTF-8: what the insert sends and the service prices. */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}
