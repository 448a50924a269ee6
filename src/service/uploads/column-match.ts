import { readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { columnNameProblem, MAX_COLUMNS, type UploadColumn } from "./upload-rules";
import { DataError, type ColumnSource, type DataFormat } from "./upload-writer";

/**
 * Which of the file's names feeds each column of the table. CSV: "the column names in the header must match the
 * column names of the table" (all of them, any order). NDJSON: "each line must have keys that match the column
 * names": a key the table lacks is refused; a column no line names gets NULL (refused if it is not nullable).
 */
export function matchColumns(
  columns: readonly UploadColumn[],
  names: readonly string[],
  format: DataFormat,
): ColumnSource[] {
  const known = new Set(columns.map((c) => c.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) {
    throw new DataError(
      `the table has no column named ${unknown.slice(0, 5).join(", ")} (its columns: ${[...known].join(", ")})`,
    );
  }
  const present = new Set(names);
  const missing = columns.filter((c) => !present.has(c.name)).map((c) => c.name);
  if (format === "csv" && missing.length > 0) {
    throw new DataError(
      `the CSV header lacks the table's column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`,
    );
  }
  return columns.map((column) => (present.has(column.name) ? { column, from: column.name } : { column }));
}

/** The rules every table's columns follow, applied to a CSV upload's header. */
export function checkColumns(sources: ColumnSource[]): ColumnSource[] {
  if (sources.length === 0) throw new DataError("the CSV has no columns: its first line must be a header");
  if (sources.length > MAX_COLUMNS) throw new DataError(`a table may have at most ${MAX_COLUMNS} columns`);
  const seen = new Set<string>();
  for (const { column } of sources) {
    const problem = columnNameProblem(column.name);
    if (problem) throw new DataError(`column name "${column.name.slice(0, 60)}" ${problem}`);
    if (seen.has(column.name)) throw new DataError(`column name "${column.name}" appears twice`);
    seen.add(column.name);
  }
  return sources;
}

export async function writeText(file: string, text: string): Promise<void> {
  await writeFile(file, text, "utf8");
}

/** Files an interrupted change left in a namespace's folder (a table file being written). */
export async function removeStrays(dir: string): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (name.endsWith(".next") || name.endsWith(".tmp")) await rm(join(dir, name), { force: true });
  }
}
