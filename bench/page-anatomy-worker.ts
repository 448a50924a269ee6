/**
 * Child-process entry: `page-anatomy-worker.ts <parquet file>`. Where the service's CPU for one result page goes,
 * measured in-process on the very file the service serves, with the service's own reader and SQL renderers.
 * The HTTP load test says how fast pages are; this says why, and what a change in the service would save.
 * Prints one JSON line of CPU milliseconds per page (process CPU: DuckDB's threads included).
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { DuckDBInstance } from "@duckdb/node-api";
import { describeParquet } from "../src/service/engine/duckdb-engine";
import { sqlString } from "../src/service/engine/sql-text";
import type { ResultColumn } from "../src/service/executions/execution-record";
import { jsonRowSql } from "../src/service/results/render-sql";
import { ResultReader } from "../src/service/results/result-reader";
import { BROTLI_QUALITY, GZIP_LEVEL } from "../src/http-common";

export interface PageAnatomy {
  /** reader.page for a 25,000-row JSON page (1 DuckDB thread, as the service): query and one text for the page. */
  bigPage: number;
  /** The way before: the same page as one JS string per row, joined (query + conversion + join). */
  bigPerRow: number;
  /** The page's text to the bytes sent. */
  bigToBytes: number;
  /** Compressing the body: gzip level 1 and brotli quality 1 (what the service uses for each encoding). */
  bigGzip: number;
  bigBrotli: number;
  bigBodyBytes: number;
  bigGzipBytes: number;
  bigBrotliBytes: number;
  /** reader.page for a 100-row JSON page: what its first request costs (later ones come from the page cache). */
  smallPage: number;
  /** Rows per row group in the service's file. */
  rowGroupRows: number;
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

  const reader = await ResultReader.create(1);
  let text = "";
  const bigPage = await cost(6, async (i) => {
    const p = await page(reader, file, offset(i), 25_000);
    if (p.kind === "rendered") text = p.text;
  });
  const render = jsonRowSql(columns);
  const source = `read_parquet(${sqlString(file)})`;
  const bigPerRow = await cost(5, async (i) => {
    const result = await conn.runAndReadAll(`SELECT ${render} FROM ${source} LIMIT 25000 OFFSET ${offset(i)}`);
    return `[${result
      .getColumns()[0]!
      .map((v) => String(v))
      .join(",")}]`.length;
  });
  let buffer = Buffer.alloc(0);
  const bigToBytes = await cost(5, async () => (buffer = Buffer.from(`[${text}]`)));
  let gzipped = Buffer.alloc(0);
  let brotlied = Buffer.alloc(0);
  const bigGzip = await cost(5, async () => (gzipped = gzipSync(buffer, { level: GZIP_LEVEL })));
  const bigBrotli = await cost(5, async () => {
    brotlied = brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } });
  });
  const smallPage = await cost(20, (i) => page(reader, file, offset(i), 100));
  const rowGroupRows = Number(
    (
      await conn.runAndReadAll(`SELECT max(row_group_num_rows) FROM parquet_metadata(${sqlString(file)})`)
    ).getRows()[0]![0],
  );
  const out: PageAnatomy = {
    bigPage,
    bigPerRow,
    bigToBytes,
    bigGzip,
    bigBrotli,
    bigBodyBytes: buffer.length,
    bigGzipBytes: gzipped.length,
    bigBrotliBytes: brotlied.length,
    smallPage,
    rowGroupRows,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
