import { yieldToPage } from "../../../clock";
import type { UploadColumnType } from "../../../client";
import { csvCell, csvLine } from "./upload-csv";

/**
 * Rows written per slice: a 100,000-row range of a few columns takes about a second to write as CSV in one go,
 * long enough to freeze the pane; slices of this size keep each step to a few tens of milliseconds.
 */
export const CSV_CHUNK_ROWS = 4_000;

export interface BuiltCsv {
  text: string;
  /** Its UTF-8 bytes (what the insert sends and the service prices), counted slice by slice as it was written. */
  bytes: number;
}

export interface CsvBuildOptions {
  /** Gives the page a turn between slices (default: a task of its own, see yieldToPage); tests pass their own. */
  yieldToPage?: () => Promise<void>;
  chunkRows?: number;
}

/**
 * The same text as `uploadCsv`, written once in slices with the page given a turn between them, and its bytes
 * counted from those slices: the size and price need no second pass over the rows.
 */
export async function buildUploadCsv(
  names: readonly string[],
  types: readonly UploadColumnType[],
  rows: readonly (readonly unknown[])[],
  options: CsvBuildOptions = {},
): Promise<BuiltCsv> {
  const give = options.yieldToPage ?? yieldToPage;
  const size = Math.max(1, options.chunkRows ?? CSV_CHUNK_ROWS);
  const encoder = new TextEncoder();
  const header = `${names.map(csvCell).join(",")}\n`;
  const parts = [header];
  let bytes = encoder.encode(header).length;
  for (let start = 0; start < rows.length; start += size) {
    if (start > 0) await give();
    const lines: string[] = [];
    for (const row of rows.slice(start, start + size)) lines.push(csvLine(types, row));
    const part = `${lines.join("\n")}\n`;
    parts.push(part);
    bytes += encoder.encode(part).length;
  }
  return { text: parts.join(""), bytes };
}
