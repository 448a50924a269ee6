import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from "@duckdb/node-api";
import type { ResultColumn } from "../executions/execution-record";
import { sqlString } from "../engine/sql-text";
import { csvLineSql, jsonRowSql } from "./render-sql";
import type { PageRequest } from "./page-request";

export interface Page {
  /** One rendered text per row: JSON object text, or a CSV line without its line break. */
  rows: string[];
  totalRowCount: number;
  /** Offset of the next page when rows remain after this one. */
  nextOffset?: number;
}

/**
 * Reads pages of stored Parquet results. Filtering, ordering, paging and rendering all happen in DuckDB, so a deep
 * page of a million-row result costs one scan, and the JS side only joins ready-made row texts.
 */
export class ResultReader {
  private readonly idle: DuckDBConnection[] = [];

  private constructor(private readonly instance: DuckDBInstance) {}

  static async create(threads: number): Promise<ResultReader> {
    return new ResultReader(await DuckDBInstance.create(":memory:", { threads: String(threads) }));
  }

  async page(
    file: string,
    columns: readonly ResultColumn[],
    request: PageRequest,
    format: "json" | "csv",
  ): Promise<Page> {
    const selected = request.columns.map((name) => columns.find((c) => c.name === name) as ResultColumn);
    const render = format === "json" ? jsonRowSql(selected) : csvLineSql(selected);
    const source = `read_parquet(${sqlString(file)})`;
    const where = request.where ? ` WHERE ${request.where}` : "";
    return this.withConnection(async (conn) => {
      const values = request.params as DuckDBValue[];
      const total =
        !where && request.knownTotal !== undefined
          ? request.knownTotal
          : Number((await conn.runAndReadAll(`SELECT count(*) FROM ${source}${where}`, values)).getRows()[0][0]);
      let take: number;
      let sql: string;
      if (request.sampleCount !== undefined) {
        take = Math.min(request.sampleCount, request.maxRows ?? Infinity);
        // USING SAMPLE applies before WHERE, so the path's conditions go in an inner query first.
        sql = `SELECT ${render} FROM (SELECT * FROM (SELECT * FROM ${source}${where}) USING SAMPLE reservoir(${take} ROWS))`;
        if (request.orderBy) sql += ` ORDER BY ${request.orderBy}`;
      } else {
        take = Math.max(0, Math.min(request.limit ?? Infinity, request.maxRows ?? Infinity, total - request.offset));
        sql = `SELECT ${render} FROM ${source}${where}`;
        if (request.orderBy) sql += ` ORDER BY ${request.orderBy}`;
        sql += ` LIMIT ${take} OFFSET ${request.offset}`;
      }
      const reader = await conn.runAndReadAll(sql, values);
      const rows = reader.getColumns()[0]?.map((v) => String(v)) ?? [];
      const end = request.offset + rows.length;
      const more = request.sampleCount === undefined && end < total && rows.length > 0;
      return { rows, totalRowCount: total, nextOffset: more ? end : undefined };
    });
  }

  async close(): Promise<void> {
    for (const c of this.idle.splice(0)) c.closeSync();
    this.instance.closeSync();
  }

  private async withConnection<T>(task: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    const conn = this.idle.pop() ?? (await this.instance.connect());
    try {
      return await task(conn);
    } finally {
      if (this.idle.length < 8) this.idle.push(conn);
      else conn.closeSync();
    }
  }
}
