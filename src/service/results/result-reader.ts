import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from "@duckdb/node-api";
import type { ResultColumn } from "../executions/execution-record";
import { sqlString } from "../engine/sql-text";
import { csvLineSql, jsonRowSql } from "./render-sql";
import { storedSource } from "./stored-columns";
import type { PageRequest } from "./page-request";

/** Pages above this many rows are streamed in chunks rather than rendered whole (see `ResultReader.page`). */
export const STREAM_ABOVE_ROWS = 50_000;

/**
 * The largest sample DuckDB takes: `USING SAMPLE reservoir(n ROWS)` with n above it is refused when the statement
 * is parsed ("Sample rows … out of range, must be between 0 and 1000000000"), which for a streamed page would only
 * surface after the response began. `sample_count` is checked against it before anything is read.
 */
export const MAX_SAMPLE_ROWS = 1_000_000_000;

interface PageBase {
  totalRowCount: number;
  /** Offset of the next page when rows remain after this one. */
  nextOffset?: number;
}

/** A page rendered whole: the row texts joined (JSON objects by `,`, CSV lines by a line break). */
export interface RenderedPage extends PageBase {
  kind: "rendered";
  text: string;
  rowCount: number;
}

/**
 * A page too large to hold: its rows come as text chunks (rows joined as in `RenderedPage`, each chunk a whole
 * number of rows) while the engine reads them. Iterating holds one engine connection; ending early releases it.
 */
export interface StreamedPage extends PageBase {
  kind: "streamed";
  chunks: AsyncIterable<{ text: string; rows: number }>;
}

export type Page = RenderedPage | StreamedPage;

const FILE_ROW = "file_row_number";

/**
 * A name for the rendered row text that no column of the result has. ORDER BY binds an output alias before a
 * column of the same name (DuckDB's identifiers ignore case), so the alias must not shadow a column it sorts by.
 */
function rowTextAlias(columns: readonly ResultColumn[]): string {
  const taken = new Set(columns.map((c) => c.name.toLowerCase()));
  let alias = "svc_row_text";
  while (taken.has(alias)) alias = `_${alias}`;
  return alias;
}

/**
 * Reads pages of stored Parquet results. Filtering, ordering, paging and rendering all happen in DuckDB, which hands
 * back one text per page (`string_agg`), so the JS side never touches a row (measured on a 25,000-row page: one
 * string per row costs 64 ms, one per page 42). A plain page (no filter, no order) picks its rows by the Parquet
 * file's own row numbers, which lets DuckDB skip the row groups before the offset instead of counting through them.
 */
export class ResultReader {
  private readonly idle: DuckDBConnection[] = [];

  private constructor(private readonly instance: DuckDBInstance) {}

  static async create(threads: number): Promise<ResultReader> {
    // A stored result never changes once written (a new run writes a new file), so its Parquet footer is read once
    // and kept: a fresh 100-row page spent a fifth of its CPU re-reading it. DuckDB keeps these footers in its object
    // cache, a least-recently-used cache charged to its memory limit (duckdb/duckdb#20157), so they do not pile up.
    const instance = await DuckDBInstance.create(":memory:", { threads: String(threads) });
    const conn = await instance.connect();
    try {
      await conn.run("SET GLOBAL parquet_metadata_cache = true");
    } finally {
      conn.closeSync();
    }
    return new ResultReader(instance);
  }

  async page(
    file: string,
    columns: readonly ResultColumn[],
    request: PageRequest,
    format: "json" | "csv",
  ): Promise<Page> {
    const selected = request.columns.map((name) => columns.find((c) => c.name === name) as ResultColumn);
    const render = format === "json" ? jsonRowSql(selected) : csvLineSql(selected);
    const separator = format === "json" ? "," : "\n";
    const values = bound(request.params as DuckDBValue[]);
    const where = request.where ? ` WHERE ${request.where}` : "";
    const source = storedSource(file, columns);
    const total =
      !where && request.knownTotal !== undefined
        ? request.knownTotal
        : await this.withConnection(async (conn) =>
            Number((await conn.runAndReadAll(`SELECT count(*) FROM ${source}${where}`, values)).getRows()[0][0]),
          );
    const sampled = request.sampleCount !== undefined;
    // A sample larger than the rows there are is all of them: asking the engine for no more keeps a small result's
    // page rendered whole instead of streamed.
    const take = sampled
      ? Math.min(request.sampleCount as number, request.maxRows ?? Infinity, total)
      : Math.max(0, Math.min(request.limit ?? Infinity, request.maxRows ?? Infinity, total - request.offset));
    const end = request.offset + take;
    const nextOffset = !sampled && end < total && take > 0 ? end : undefined;
    const j = rowTextAlias(columns);
    // `plain`: the page's row texts (column `j`) in page order, which DuckDB keeps for a result set. `numbered`:
    // the same with each row's position `n`, so an aggregate can keep that order.
    let plain: string;
    let numbered: string;
    if (sampled) {
      // USING SAMPLE applies before WHERE, so the path's conditions go in an inner query first.
      const inner = `SELECT * FROM (SELECT * FROM ${source}${where}) USING SAMPLE reservoir(${take} ROWS)`;
      plain = `SELECT ${render} AS ${j} FROM (${inner})${request.orderBy ? ` ORDER BY ${request.orderBy}` : ""}`;
      numbered = withPositions(plain, j);
    } else if (!where && !request.orderBy && !columns.some((c) => c.name.toLowerCase() === FILE_ROW)) {
      const range = `WHERE ${FILE_ROW} >= ${request.offset} AND ${FILE_ROW} < ${end}`;
      numbered = `SELECT ${FILE_ROW} AS n, ${render} AS ${j} FROM ${storedSource(file, columns, `, ${FILE_ROW} = true`)} ${range}`;
      plain = `SELECT ${j} FROM (${numbered})`;
    } else {
      const order = request.orderBy ? ` ORDER BY ${request.orderBy}` : "";
      plain = `SELECT ${render} AS ${j} FROM ${source}${where}${order} LIMIT ${take} OFFSET ${request.offset}`;
      numbered = withPositions(plain, j);
    }
    if (take > STREAM_ABOVE_ROWS && !request.whole) {
      return { kind: "streamed", totalRowCount: total, nextOffset, chunks: this.stream(plain, values, separator) };
    }
    if (take === 0) return { kind: "rendered", text: "", rowCount: 0, totalRowCount: total, nextOffset };
    return this.withConnection(async (conn) => {
      const sql = `SELECT count(*)::INTEGER, coalesce(string_agg(${j}, ${sqlString(separator)} ORDER BY n), '') FROM (${numbered})`;
      const [count, text] = (await conn.runAndReadAll(sql, values)).getRows()[0] as [number, string];
      return { kind: "rendered", text, rowCount: count, totalRowCount: total, nextOffset };
    });
  }

  async close(): Promise<void> {
    for (const c of this.idle.splice(0)) c.closeSync();
    this.instance.closeSync();
  }

  private async *stream(
    plain: string,
    values: DuckDBValue[] | undefined,
    separator: string,
  ): AsyncGenerator<{ text: string; rows: number }> {
    const conn = this.idle.pop() ?? (await this.instance.connect());
    try {
      const result = await conn.stream(plain, values);
      for (;;) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        const rows = chunk.getColumnValues(0) as string[];
        yield { text: rows.join(separator), rows: rows.length };
      }
    } finally {
      this.release(conn);
    }
  }

  private async withConnection<T>(task: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    const conn = this.idle.pop() ?? (await this.instance.connect());
    try {
      return await task(conn);
    } finally {
      this.release(conn);
    }
  }

  private release(conn: DuckDBConnection): void {
    if (this.idle.length < 8) this.idle.push(conn);
    else conn.closeSync();
  }
}

/**
 * The values to bind, or none: given any array, even empty, the DuckDB client prepares the statement and then runs
 * it, planning it twice; a plain page (no filter, no parameter) measured 12 ms of CPU so against 8 without.
 */
function bound(values: DuckDBValue[]): DuckDBValue[] | undefined {
  return values.length > 0 ? values : undefined;
}

/** Numbers the rows of `sql` (one column, `j`) in the order it yields them (a streaming window keeps that order). */
function withPositions(sql: string, j: string): string {
  return `SELECT row_number() OVER () AS n, ${j} FROM (${sql})`;
}
