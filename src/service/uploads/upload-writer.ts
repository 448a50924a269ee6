import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { rename, rm, stat } from "node:fs/promises";
import { sqlString } from "../engine/sql-text";
import type { UploadColumn } from "./upload-rules";
import { fromText, ident, inferredType, storedType } from "./upload-types";

/** Where a stored column's values come from in an incoming file: its name there. */
export interface ColumnSource {
  column: UploadColumn;
  /** The file's column (CSV header) or key (NDJSON); absent: the column gets NULL in every row. */
  from?: string;
}

export type DataFormat = "csv" | "ndjson";

/** The user's data broke a rule: the message says which, in words a user can act on. */
export class DataError extends Error {}

/**
 * The one DuckDB instance that reads uploaded data and writes the tables' Parquet files. It runs only SQL written
 * here, with names we checked and quoted and paths we made; the user's data is read as data (CSV, NDJSON), never as
 * SQL. Each stored table is one Parquet file, rewritten whole on insert (old rows and new) and renamed into place,
 * so a crash leaves the old file or the new, and an insert is all or nothing, as the real service promises.
 */
export class UploadWriter {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connection: DuckDBConnection,
  ) {}

  static async open(spillDir: string): Promise<UploadWriter> {
    const instance = await DuckDBInstance.create(":memory:", {
      threads: "1",
      memory_limit: "256MB",
      temp_directory: spillDir,
      autoinstall_known_extensions: "false",
      autoload_known_extensions: "false",
    });
    return new UploadWriter(instance, await instance.connect());
  }

  /** An empty table's file. */
  async writeEmpty(columns: readonly UploadColumn[], file: string): Promise<number> {
    const select = columns.map((c) => `CAST(NULL AS ${storedType(c.type)}) AS ${ident(c.name)}`).join(", ");
    return this.copy(`SELECT ${select} LIMIT 0`, file);
  }

  /** The names in the file's header (CSV) or the keys its objects use (NDJSON). */
  async names(input: string, format: DataFormat): Promise<string[]> {
    const sql =
      format === "csv"
        ? `SELECT column_name FROM (DESCRIBE SELECT * FROM ${csvSource(input)})`
        : `SELECT DISTINCT unnest(json_keys(json)) FROM read_ndjson_objects(${sqlString(input)})`;
    return (await this.read(sql)).map((row) => String(row[0]));
  }

  /** The columns DuckDB detects in a CSV file (names as in the header, types by sniffing). */
  async detectCsv(input: string): Promise<{ name: string; type: UploadColumn["type"] }[]> {
    const rows = await this.read(`DESCRIBE SELECT * FROM read_csv(${sqlString(input)}, header = true)`);
    return rows.map((row) => ({ name: String(row[0]), type: inferredType(String(row[1])) }));
  }

  /**
   * Appends the rows of `input` to the table stored in `current` (none: a new table), writing `target`; returns the
   * rows added and the new file's size. Nothing is written when a value does not fit its column or a column that
   * is not nullable gets a NULL.
   */
  async append(
    input: string,
    format: DataFormat,
    sources: readonly ColumnSource[],
    current: string | undefined,
    target: string,
  ): Promise<{ rows: number; bytes: number }> {
    const raw = format === "csv" ? csvSource(input) : ndjsonSource(input, sources);
    const select = sources
      .map(({ column, from }) => {
        const text = from === undefined ? "CAST(NULL AS VARCHAR)" : `CAST(${ident(from)} AS VARCHAR)`;
        return `${fromText(text, column.type)} AS ${ident(column.name)}`;
      })
      .join(", ");
    await this.connection.run("DROP TABLE IF EXISTS incoming");
    try {
      await this.run(`CREATE TEMP TABLE incoming AS SELECT ${select} FROM ${raw}`, input);
      for (const { column } of sources) {
        if (column.nullable) continue;
        const nulls = await this.read(`SELECT count(*) FROM incoming WHERE ${ident(column.name)} IS NULL`);
        if (Number(nulls[0]?.[0]) > 0) {
          throw new DataError(`column ${column.name} is not nullable, but ${String(nulls[0]?.[0])} rows have no value`);
        }
      }
      const rows = Number((await this.read("SELECT count(*) FROM incoming"))[0]?.[0] ?? 0);
      const old = current === undefined ? "" : `SELECT * FROM read_parquet(${sqlString(current)}) UNION ALL `;
      const bytes = await this.copy(`${old}SELECT * FROM incoming`, target);
      return { rows, bytes };
    } finally {
      await this.connection.run("DROP TABLE IF EXISTS incoming");
    }
  }

  close(): void {
    this.connection.closeSync();
    this.instance.closeSync();
  }

  /** Writes `select` as the Parquet file `target` (through a temporary file renamed into place); its size. */
  private async copy(select: string, target: string): Promise<number> {
    const temp = `${target}.tmp`;
    try {
      await this.connection.run(`COPY (${select}) TO ${sqlString(temp)} (FORMAT parquet, COMPRESSION zstd)`);
      await rename(temp, target);
    } finally {
      await rm(temp, { force: true });
    }
    return (await stat(target)).size;
  }

  private async read(sql: string): Promise<unknown[][]> {
    return (await this.runAndRead(sql)).getRows() as unknown[][];
  }

  private async runAndRead(sql: string) {
    try {
      return await this.connection.runAndReadAll(sql);
    } catch (error) {
      throw dataError(error);
    }
  }

  private async run(sql: string, input: string): Promise<void> {
    try {
      await this.connection.run(sql);
    } catch (error) {
      throw dataError(error, input);
    }
  }
}

/** CSV as the real service reads it: a header, commas, every value read as text and then converted by its column. */
function csvSource(input: string): string {
  return `read_csv(${sqlString(input)}, header = true, all_varchar = true, delim = ',', quote = '"', escape = '"')`;
}

/** NDJSON with each column read as the text of its value (a missing key is NULL). */
function ndjsonSource(input: string, sources: readonly ColumnSource[]): string {
  const columns = sources
    .filter((s) => s.from !== undefined)
    .map((s) => `${sqlString(s.from as string)}: 'VARCHAR'`)
    .join(", ");
  return `read_json(${sqlString(input)}, format = 'newline_delimited', columns = {${columns}})`;
}

/** DuckDB's words for what is wrong with the data, without the temporary file's path. */
function dataError(error: unknown, input?: string): DataError {
  if (error instanceof DataError) return error;
  let message = String(error instanceof Error ? error.message : error).split("\n")[0] ?? "the data could not be read";
  if (input) message = message.split(input).join("the data");
  message = message.replace(/\/[^\s"']+/g, "the data");
  return new DataError(message);
}
