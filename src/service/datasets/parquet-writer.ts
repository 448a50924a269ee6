/**
 * Writes generated columns to a Parquet file with exactly the dataset's column names and types.
 *
 * Rows are generated in JS (see prng.ts for why) and staged through DuckDB's appender in column-wise data chunks into a
 * temporary table, then `COPY (SELECT casts) TO path (FORMAT parquet)`. Staging uses only DOUBLE and VARCHAR, the two
 * types the node API converts cheaply: integers travel as doubles (exact below 2^53) and are cast on the way out; lists
 * travel as one string joined by U+001F and are split on the way out. Measured: about 3x faster than appending
 * row by row with bigint and list values, which matters because a request that opens a new refresh slot waits for it.
 */
import { DOUBLE, DuckDBDataChunk, VARCHAR } from "@duckdb/node-api";
import type { DuckDBConnection, DuckDBType } from "@duckdb/node-api";
import { sqlString } from "../engine/sql-text";
import { quoteIdentifier } from "../query-language";
import type { ApiColumnType, DatasetColumn } from "./types";

/**
 * One column's values, parallel to the dataset's `columns`: string for varchar, number for the numeric types (integers
 * must be whole), string[] for array(varchar). Loosely typed because datasets fill columns row by row.
 */
export type ColumnValues = readonly unknown[];

const LIST_SEPARATOR = "\u001f";
const CHUNK_ROWS = 2048; // DuckDB's vector size: the largest chunk the appender takes

/** The DuckDB type of an API type name, as `DESCRIBE` prints it (inverse of the engine's type-name mapping). */
export function duckdbTypeOf(type: ApiColumnType): string {
  switch (type) {
    case "varchar":
      return "VARCHAR";
    case "bigint":
      return "BIGINT";
    case "integer":
      return "INTEGER";
    case "double":
      return "DOUBLE";
    case "date":
      return "DATE";
    case "array(varchar)":
      return "VARCHAR[]";
  }
}

function stagingType(type: ApiColumnType): DuckDBType {
  return type === "bigint" || type === "integer" || type === "double" ? DOUBLE : VARCHAR;
}

/** The output expression of one staged column. */
function outputExpr(col: DatasetColumn, staged: string): string {
  const out = quoteIdentifier(col.name);
  switch (col.type) {
    case "array(varchar)":
      // '' stands for the empty list: generated arrays never hold an empty string.
      return `CASE WHEN ${staged} = '' THEN []::VARCHAR[] ELSE string_split(${staged}, chr(31)) END AS ${out}`;
    case "varchar":
      return `${staged} AS ${out}`;
    default:
      return `CAST(${staged} AS ${duckdbTypeOf(col.type)}) AS ${out}`;
  }
}

let stagingCounter = 0;

export async function writeParquet(
  conn: DuckDBConnection,
  columns: readonly DatasetColumn[],
  values: readonly ColumnValues[],
  parquetPath: string,
): Promise<void> {
  if (values.length !== columns.length)
    throw new Error(`expected ${columns.length} columns of values, got ${values.length}`);
  const rowCount = values[0]?.length ?? 0;
  values.forEach((v, i) => {
    if (v.length !== rowCount)
      throw new Error(`column ${columns[i].name} has ${v.length} values, expected ${rowCount}`);
  });
  const staged = columns.map((col, i) =>
    col.type === "array(varchar)"
      ? (values[i] as readonly (readonly string[])[]).map((a) => a.join(LIST_SEPARATOR))
      : values[i],
  ) as readonly (readonly (string | number)[])[];
  const types = columns.map((c) => stagingType(c.type));
  // Unique per call, so a write never meets another write's staging table (temp tables live as long as the connection).
  const table = `dataset_stage_${process.pid}_${++stagingCounter}`;
  const ddl = types.map((t, i) => `c${i} ${t.toString()}`).join(", ");
  await conn.run(`CREATE TEMP TABLE ${table} (${ddl})`);
  try {
    const appender = await conn.createAppender(table);
    try {
      for (let start = 0; start < rowCount; start += CHUNK_ROWS) {
        const n = Math.min(CHUNK_ROWS, rowCount - start);
        const chunk = DuckDBDataChunk.create(types, n);
        chunk.setColumns(staged.map((col) => col.slice(start, start + n)));
        appender.appendDataChunk(chunk);
      }
    } finally {
      appender.closeSync();
    }
    const select = columns.map((col, i) => outputExpr(col, `c${i}`)).join(", ");
    // ORDER BY rowid keeps the generated row order even on a connection with preserve_insertion_order = false.
    await conn.run(
      `COPY (SELECT ${select} FROM ${table} ORDER BY rowid) TO ${sqlString(parquetPath)} (FORMAT parquet)`,
    );
  } finally {
    await conn.run(`DROP TABLE IF EXISTS ${table}`);
  }
}
