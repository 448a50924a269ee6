/**
 * Child-process entry: `page-anatomy-worker.ts <parquet file>`. Where the service's CPU for one result page goes,
 * measured in-process on the very file the service serves, with the service's own reader and SQL renderers.
 * The HTTP load test says how fast pages are; this says why, and what a change in the service would save.
 * Prints one JSON line of CPU milliseconds per page (process CPU: DuckDB's threads included).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { DuckDBInstance } from "@duckdb/node-api";
import { describeParquet } from "../src/service/engine/duckdb-engine";
import { sqlString } from "../src/service/engine/sql-text";
import type { ResultColumn } from "../src/service/executions/execution-record";
import { jsonRowSql } from "../src/service/results/render-sql";
import { ResultReader } from "../src/service/results/result-reader";

export interface PageAnatomy {
  /** reader.page for a 25,000-row JSON page with 2 DuckDB threads and with 1. */
  bigPageThreads2: number;
  bigPageThreads1: number;
  /** Of a 25,000-row page (1 thread): the DuckDB query alone, and turning its row texts into JS strings. */
  bigQuery: number;
  bigToJs: number;
  /** The same page's rows as one string made by DuckDB (string_agg): query + conversion. */
  bigAggregated: number;
  /** gzip level 1 (what the service uses) of the page body. */
  bigGzip: number;
  bigBodyBytes: number;
  /** reader.page for a 100-row JSON page, 2 and 1 threads. */
  smallThreads2: number;
  smallThreads1: number;
  /** Rows per row group in the service's file. */
  rowGroupRows: number;
  /** 1 thread, 100-row page from a zstd copy with DuckDB's default row groups (122,880 rows), for comparison. */
  smallDefaultRowGroups: number;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Mean CPU ms of `task` over `n` runs after one warm-up run. */
async function cost(n: number, task: (i: number) => Promise<unknown>): Promise<number> {
  await task(0);
  const t0 = cpuMs();
  for (let i = 1; i <= n; i++) await task(i);
  return (cpuMs() - t0) / n;
}

async function main(): Promise<void> {
  const file = process.argv[2]!;
  const instance = await DuckDBInstance.create(":memory:", { threads: "1" });
  const conn = await instance.connect();
  const columns: ResultColumn[] = (await describeParquet(conn, file)) as ResultColumn[];
  const names = columns.map((c) => c.name);
  const total = Number(
    (await conn.runAndReadAll(`SELECT count(*) FROM read_parquet(${sqlString(file)})`)).getRows()[0]![0],
  );
  // Pages spread over the file, as a full pull reads them.
  const offset = (i: number) => ((i * 7 + 3) % Math.floor(total / 25_000)) * 25_000;
  const page = (reader: ResultReader, f: string, off: number, limit: number) =>
    reader.page(f, columns, { columns: names, params: [], offset: off, limit, knownTotal: total }, "json");

  const reader2 = await ResultReader.create(2);
  const reader1 = await ResultReader.create(1);
  const bigPageThreads2 = await cost(6, (i) => page(reader2, file, offset(i), 25_000));
  const bigPageThreads1 = await cost(6, (i) => page(reader1, file, offset(i), 25_000));

  const render = jsonRowSql(columns);
  const source = `read_parquet(${sqlString(file)})`;
  let bigQuery = 0;
  let bigToJs = 0;
  let body = "";
  for (let i = 0; i < 6; i++) {
    const t0 = cpuMs();
    const result = await conn.runAndReadAll(`SELECT ${render} FROM ${source} LIMIT 25000 OFFSET ${offset(i)}`);
    const t1 = cpuMs();
    const rows = result.getColumns()[0]!.map((v) => String(v));
    const t2 = cpuMs();
    if (i > 0) {
      bigQuery += (t1 - t0) / 5;
      bigToJs += (t2 - t1) / 5;
    }
    body = `[${rows.join(",")}]`;
  }
  const bigAggregated = await cost(5, async (i) => {
    const r = await conn.runAndReadAll(
      `SELECT '[' || string_agg(j, ',') || ']' FROM (SELECT ${render} AS j FROM ${source} LIMIT 25000 OFFSET ${offset(i)})`,
    );
    return String(r.getColumns()[0]![0]).length;
  });
  const buffer = Buffer.from(body);
  const bigGzip = await cost(5, async () => gzipSync(buffer, { level: 1 }));

  const smallThreads2 = await cost(20, (i) => page(reader2, file, offset(i), 100));
  const smallThreads1 = await cost(20, (i) => page(reader1, file, offset(i), 100));
  const dir = await mkdtemp(join(tmpdir(), "bench-anatomy-"));
  let smallDefaultRowGroups = NaN;
  try {
    const copy = join(dir, "default-groups.parquet");
    await conn.run(`COPY (SELECT * FROM ${source}) TO ${sqlString(copy)} (FORMAT parquet, COMPRESSION zstd)`);
    smallDefaultRowGroups = await cost(20, (i) => page(reader1, copy, offset(i), 100));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const rowGroupRows = Number(
    (
      await conn.runAndReadAll(`SELECT max(row_group_num_rows) FROM parquet_metadata(${sqlString(file)})`)
    ).getRows()[0]![0],
  );
  const out: PageAnatomy = {
    bigPageThreads2,
    bigPageThreads1,
    bigQuery,
    bigToJs,
    bigAggregated,
    bigGzip,
    bigBodyBytes: buffer.length,
    smallThreads2,
    smallThreads1,
    rowGroupRows,
    smallDefaultRowGroups,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
