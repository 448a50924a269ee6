/** Shared helpers of the dataset snapshot tests: a real in-memory DuckDB, a temp dir, and SQL-side assertions. */
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { mkdtempSync, readFileSync, rmSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import type { DatasetDefinition } from "../../../src/service/datasets";
import { duckdbTypeOf } from "../../../src/service/datasets/parquet-writer";

export interface SnapshotFixture {
  conn: DuckDBConnection;
  dir: string;
  /** Writes snapshot (seed, k) of `def` and returns its path; times the write. */
  write(def: DatasetDefinition, seed: number, k: number, name?: string): Promise<{ path: string; millis: number }>;
  /** Runs SQL and returns the rows as JSON-friendly objects (bigints as strings, per the node API's Json getters). */
  rows(sql: string): Promise<Record<string, unknown>[]>;
  /** The single number of a `SELECT count(*) ...`-style query. */
  number(sql: string): Promise<number>;
  close(): void;
}

export async function openFixture(): Promise<SnapshotFixture> {
  const instance = await DuckDBInstance.create(":memory:");
  const conn = await instance.connect();
  const dir = mkdtempSync(join(tmpdir(), "datasets-test-"));
  const fixture: SnapshotFixture = {
    conn,
    dir,
    async write(def, seed, k, name) {
      const path = join(dir, name ?? `${def.name}-${seed}-${k}.parquet`);
      const started = Date.now();
      await def.writeSnapshot(conn, { seed, refreshIndex: k, refreshedAt: new Date(), parquetPath: path });
      return { path, millis: Date.now() - started };
    },
    async rows(sql) {
      return (await conn.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
    },
    async number(sql) {
      const rows = (await conn.runAndReadAll(sql)).getRowsJson();
      return Number(rows[0][0]);
    },
    close() {
      conn.closeSync();
      instance.closeSync();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return fixture;
}

/** `read_parquet('path')`, quoted. */
export function table(path: string): string {
  return `read_parquet('${path.replace(/'/g, "''")}')`;
}

/** Column names and DuckDB types of a Parquet file, as DESCRIBE reports them. */
export async function describeFile(fx: SnapshotFixture, path: string): Promise<[string, string][]> {
  const rows = await fx.rows(`DESCRIBE SELECT * FROM ${table(path)}`);
  return rows.map((r) => [String(r.column_name), String(r.column_type)]);
}

/** What DESCRIBE should report for a definition's columns. */
export function expectedSchema(def: DatasetDefinition): [string, string][] {
  return def.columns.map((c) => [c.name, duckdbTypeOf(c.type)]);
}

export function sameBytes(a: string, b: string): boolean {
  return Buffer.compare(readFileSync(a), readFileSync(b)) === 0;
}

/** Rows of `a` that are not in `b` (as a multiset), both in file order: 0 means identical contents. */
export async function differingRows(fx: SnapshotFixture, a: string, b: string): Promise<number> {
  return fx.number(`SELECT count(*) FROM (SELECT * FROM ${table(a)} EXCEPT ALL SELECT * FROM ${table(b)})`);
}
