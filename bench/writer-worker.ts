/**
 * Child-process entry for one writer run (section 3): a 100,000 x 12 result (mixed types, as an analyst's insert
 * would carry) mapped to cells and written as a table into the playground workbook, whose SyncStats record every
 * `context.sync()` and the bytes of its request. Prints one JSON line.
 */
import { writeMatrix } from "../src/excel";
import { createWorkbook } from "../src/playground/workbook";
import { numberFormatsFor, toSheetMatrix } from "../src/sheet";
import { mixedResult } from "../test/excel/support/mixed-result";

export interface WriterWorkerResult {
  rows: number;
  columns: number;
  mapMs: number;
  writeMs: number;
  syncs: number;
  /** Syncs that carried data rows (calculation suspended): the chunks. */
  chunkSyncs: number;
  maxRequestBytes: number;
  totalRequestBytes: number;
  rejected: number;
  maxRssBytes: number;
}

async function main(): Promise<void> {
  const rows = Number(process.argv[2] ?? 100_000);
  const data = mixedResult(rows);
  const t0 = performance.now();
  const matrix = toSheetMatrix(data, { headers: true });
  const mapMs = performance.now() - t0;
  const wb = createWorkbook();
  const t1 = performance.now();
  const out = await writeMatrix({ run: wb.run, sheet: "Sheet1", cell: "A1" }, matrix, {
    asTable: true,
    headers: true,
    tableName: "Bench",
    numberFormats: numberFormatsFor(data.types),
  });
  const writeMs = performance.now() - t1;
  if (out.status !== "complete" || out.rowsWritten !== rows) throw new Error(`writer: ${JSON.stringify(out)}`);
  const stats = wb.stats;
  const report: WriterWorkerResult = {
    rows,
    columns: data.columns.length,
    mapMs,
    writeMs,
    syncs: stats.syncs,
    chunkSyncs: stats.records.filter((r) => r.calculationSuspended).length,
    maxRequestBytes: stats.maxRequestBytes,
    totalRequestBytes: stats.totalRequestBytes,
    rejected: stats.rejected.length,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
