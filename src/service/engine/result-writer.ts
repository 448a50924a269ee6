import type { DuckDBConnection, DuckDBResult } from "@duckdb/node-api";
import { randomUUID } from "node:crypto";
import { rename, rm, stat } from "node:fs/promises";
import { collectChunkGarbage } from "./chunk-garbage";
import { QueryCancelledError, type StoredResult } from "./query-engine";
import { sqlString } from "./sql-text";
import { holdsWideInteger, isWideInteger, sqlType } from "./stored-types";
import { apiTypeName } from "./type-names";

/**
 * Row groups of 16,384 rows: a page read decodes whole row groups, so DuckDB's default (122,880) made a 100-row page
 * decode 120k rows of every column (measured: 23 ms → 10 ms per 100-row page), while deep offsets skip whole groups
 * by their row counts either way and the file grows by under 1%.
 */
const PARQUET_OPTIONS = "FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 16384";
/** Chunks between two collections of their native memory (see chunk-garbage.ts). */
const CHUNKS_PER_COLLECTION = 64;

/**
 * Moves a sandboxed query's rows into a table of the writer instance (DuckDB's appender takes whole data chunks, with
 * no per-row JS work) and writes that table as the result's Parquet file. Wide integers are written as their decimal
 * text, since Parquet would make them doubles; the result's columns keep their own type (`hugeint`), and the reader
 * casts the text back (see results/stored-columns.ts).
 */
export async function writeResult(
  rows: DuckDBResult,
  writer: DuckDBConnection,
  target: { file: string; maxBytes: number; cancelled: () => boolean },
): Promise<StoredResult> {
  const names = rows.columnNames();
  const types = rows.columnTypes();
  if (names.length === 0) throw new Error("The query returned no columns: its last statement must be a query.");
  const table = `run_${randomUUID().replace(/-/g, "")}`;
  const temp = `${target.file}.tmp`;
  await writer.run(`CREATE TABLE ${table} (${types.map((t, i) => `c${i} ${sqlType(t)}`).join(", ")})`);
  try {
    const appender = await writer.createAppender(table);
    try {
      for (let n = 1; ; n++) {
        const chunk = await rows.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        if (target.cancelled()) throw new QueryCancelledError();
        appender.appendDataChunk(chunk);
        if (n % CHUNKS_PER_COLLECTION === 0) collectChunkGarbage();
      }
    } finally {
      appender.closeSync();
    }
    collectChunkGarbage();
    const select = names
      .map((name, i) => {
        const stored = isWideInteger(types[i]) || holdsWideInteger(types[i]);
        const value = stored ? `CAST(c${i} AS ${sqlType(types[i], true)})` : `c${i}`;
        return `${value} AS "${name.replace(/"/g, '""')}"`;
      })
      .join(", ");
    const source = `SELECT ${select} FROM ${table}`;
    const copy = await writer.runAndReadAll(`COPY (${source}) TO ${sqlString(temp)} (${PARQUET_OPTIONS})`);
    let rowCount = Number(copy.getRows()[0]?.[0] ?? 0);
    let bytes = (await stat(temp)).size;
    const truncated = bytes > target.maxBytes;
    if (truncated) {
      ({ rowCount, bytes } = await truncateToFit(writer, source, target.file, rowCount, bytes, target.maxBytes));
      await rm(temp, { force: true });
    } else {
      await rename(temp, target.file);
    }
    const columns = (await describeParquet(writer, target.file)).map((column, i) =>
      isWideInteger(types[i]) ? { ...column, type: apiTypeName(types[i].toString()) } : column,
    );
    return { rowCount, columns, bytes, truncated };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  } finally {
    await writer.run(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
  }
}

export async function describeParquet(connection: DuckDBConnection, file: string) {
  const reader = await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${sqlString(file)})`);
  return reader.getRows().map((row) => ({ name: String(row[0]), type: apiTypeName(String(row[1])) }));
}

/**
 * A result over the maximum stored size keeps its first rows: the row count is scaled by the size ratio and
 * shrunk until the rewritten file fits (Parquet size is not linear in rows, so a few passes may be needed).
 */
async function truncateToFit(
  connection: DuckDBConnection,
  source: string,
  target: string,
  rowCount: number,
  bytes: number,
  maxBytes: number,
): Promise<{ rowCount: number; bytes: number }> {
  let keep = Math.floor((rowCount * maxBytes) / bytes);
  for (let pass = 0; pass < 8; pass++) {
    keep = Math.max(0, keep);
    await connection.run(`COPY (${source} LIMIT ${keep}) TO ${sqlString(target)} (${PARQUET_OPTIONS})`);
    const size = (await stat(target)).size;
    if (size <= maxBytes || keep === 0) return { rowCount: keep, bytes: size };
    keep = Math.floor((keep * maxBytes * 0.9) / size);
  }
  return { rowCount: keep, bytes: (await stat(target)).size };
}
