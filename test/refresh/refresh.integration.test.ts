import * as XLSX from "@e965/xlsx";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { listBindings } from "../../src/excel";
import { DEFAULT_TIER, queryRunKey, readRefreshTimes, rememberedRun } from "../../src/service-cells";
import { openWorkbook } from "../../src/xlsx";
import { ManualClock } from "../support/manual-clock";
import { startTestService, type TestService } from "../support/service";
import { differingEntries } from "../xlsx/support/compare-packages";
import { bytesOf, LAST_MONTH_END, NOW, reportSpec, text, writeBook } from "./support/report-book";
import { recordingFetch, refresh } from "./support/run";
import { allText, changedCells, documentOf, settingsOf, valuesAt } from "./support/workbook-diff";

const DATASET_URL = "/v1/dex/pairs/ethereum?columns=token_pair%2Cchain&limit=3";
const RUN_KEY = queryRunKey(1001, { symbol: "WETH", since: "2026-02-28", days: 3 }, DEFAULT_TIER);

/** The report workbook refreshed with `npm run refresh` against the real local service. */
describe("npm run refresh", () => {
  let service: TestService;
  let env: Record<string, string>;
  const now = () => NOW;

  beforeAll(async () => {
    service = await startTestService({ datasets: true, clock: new ManualClock(NOW) });
    env = { SERVICE_API_KEY: service.apiKey, SERVICE_API_BASE_URL: service.url };
  }, 120_000);
  afterAll(async () => service.close());

  async function get(path: string): Promise<{ body: Record<string, unknown>; bytes: number }> {
    const res = await fetch(service.url + path, {
      headers: { "X-Service-Api-Key": service.apiKey, "Accept-Encoding": "identity" },
    });
    const raw = await res.text();
    return { body: JSON.parse(raw) as Record<string, unknown>, bytes: new TextEncoder().encode(raw).byteLength };
  }

  test("changes exactly the expected cells and parts, every other entry byte for byte; a second reader sees the values", async () => {
    const file = await writeBook(reportSpec());
    const before = await bytesOf(file);
    const out = join(dirname(file), "refreshed.xlsx");
    const run = await refresh([file, "--out", out, "--rerun", "stale", "--json"], env, { now });
    expect(run.code).toBe(0);
    // One JSON object on one line, its top-level fields as docs/reports.md documents them ("On a schedule") (optional ones absent when unset).
    expect(run.out.split("\n")).toHaveLength(1);
    const report = JSON.parse(run.out);
    expect(Object.keys(report).sort()).toEqual(
      [
        ...["file", "written", "dryRun", "plan", "rerun", "at", "cells", "tables", "runs", "reads", "dependents"],
        ...["estimate", "spent", "bytesRead", "requests", "parts", "settings", "notes", "exitCode", "summary"],
      ].sort(),
    );
    expect(report.exitCode).toBe(run.code);
    expect(await bytesOf(file)).toEqual(before);
    const after = await bytesOf(out);

    expect(differingEntries(before, after)).toEqual([
      "xl/tables/table1.xml",
      "xl/webextensions/webextension1.xml",
      "xl/workbook.xml",
      "xl/worksheets/sheet1.xml",
      "xl/worksheets/sheet2.xml",
    ]);
    const query = ["B", "C", "D", "E"];
    const block = (rows: number[], cols: string[]) => rows.map((r) => cols.map((c) => `${c}${r}`));
    expect(changedCells(before, after, "Report").sort()).toEqual(
      ["B1", "B2", "B3", "B4", "C4", "B5", "C5", "B6", ...block([8, 9, 10, 11], query).flat()].sort(),
    );
    expect(changedCells(before, after, "Data").sort()).toEqual(["A2", "A3", "B2", "B3"]);

    // The values are the service's: the dataset's rows under its header, the run's rows under its columns.
    const pairs = (await get(DATASET_URL)).body.result as { rows: { token_pair: string; chain: string }[] };
    expect(valuesAt(after, "Report", block([2, 3, 4, 5], ["B", "C"]))).toEqual([
      ["token_pair", "chain"],
      ...pairs.rows.map((r) => [r.token_pair, r.chain]),
    ]);
    const executionId = report.runs[0].executionId as string;
    const result = (await get(`/v1/execution/${executionId}/results`)).body.result as {
      metadata: { column_names: string[] };
      rows: Record<string, unknown>[];
    };
    const columns = result.metadata.column_names;
    expect(valuesAt(after, "Report", block([8, 9, 10, 11], query))).toEqual([
      columns,
      ...result.rows.map((r) => columns.map((c) => r[c])),
    ]);

    const independent = XLSX.read(after, { type: "array", cellFormula: true });
    const sheet = independent.Sheets.Report!;
    expect(sheet.B1!.v).toBe(LAST_MONTH_END);
    expect(sheet.B3!.v).toBe(pairs.rows[0]!.token_pair);
    expect(sheet.B6!.v).toBe(4);
    expect(sheet.B8!.v).toBe("symbol");
    expect(sheet.C9!.v).toBe(result.rows[0]!.period);
    expect(sheet.B2!.F).toBe("B2:C5");
    expect(sheet.B8!.F).toBe("B8:E11");
    expect(independent.Sheets.Data!.A3!.v).toBe(pairs.rows[1]!.token_pair);

    const book = openWorkbook(after);
    expect(book.calcProperties?.fullCalcOnLoad).toBe(true);
    expect(book.table("Pairs").ref).toBe("A1:B3");
    // The settings in the add-in's per-entry layout, read back with the add-in's own functions.
    const settings = settingsOf(after);
    const document = documentOf(after);
    expect(rememberedRun(document, RUN_KEY)).toEqual({ executionId, finishedAt: NOW, expiresAt: expect.any(Number) });
    expect(settings.get("service.queryRunIndex")).toEqual([RUN_KEY]);
    expect(settings.get(`service.queryRun.${RUN_KEY}`)).toEqual(rememberedRun(document, RUN_KEY));
    const times = readRefreshTimes(document);
    expect(Object.keys(times.requests)).toEqual([DATASET_URL]);
    expect(times.queries[RUN_KEY]).toEqual({
      refreshedAt: "2026-03-15T10:00:00.000Z",
      executionId,
      bytes: report.reads[1].bytes,
      rows: 3,
      executionCredits: 10,
    });
    expect(settings.get("service.requestRefreshIndex")).toEqual([DATASET_URL]);
    expect(listBindings(document)[0]).toMatchObject({
      tableName: "Pairs",
      address: "Data!A1:B3",
      refreshedAt: "2026-03-15T10:00:00.000Z",
    });
    expect(settings.get("service.tableBinding.pairs")).toMatchObject({ address: "Data!A1:B3" });

    // Reads are billed by their uncompressed body bytes, per request: the dataset page as the service sends it.
    expect(report.reads[0]).toMatchObject({ request: DATASET_URL, status: "read" });
    expect(report.reads[0].bytes).toBe((await get(DATASET_URL)).bytes);
    expect(report.reads[0].credits).toBe(Math.ceil((report.reads[0].bytes / 1e6) * 20 * 100) / 100);
    expect(report.spent.executions).toBe(10);
    expect(report.cells.map((c: { status: string }) => c.status)).toEqual(["refreshed", "refreshed"]);
    expect(report.tables[0]).toMatchObject({ status: "refreshed", rowsBefore: 1, rowsAfter: 2, rangeAfter: "A1:B3" });
    expect(report.dependents).toEqual([
      { cell: "Report!B1", status: "recomputed" },
      { cell: "Report!B6", status: "recomputed" },
    ]);

    // Refreshed again without re-runs: the query's result is the one the file shows, nothing runs.
    const fetch = recordingFetch();
    const again = await refresh([out, "--json"], env, { now, fetch });
    expect(again.code).toBe(0);
    expect(fetch.requests.filter((r) => r.url.endsWith("/execute"))).toEqual([]);
    expect(JSON.parse(again.out).cells[1]).toMatchObject({ status: "unchanged" });
  });

  test("a spill that would grow over other data is refused: exit 3, the cell named, the file untouched", async () => {
    const file = await writeBook(reportSpec({ blockRow4: text("C4", "total") }));
    const before = await bytesOf(file);
    const run = await refresh([file], env, { now });
    expect(run.code).toBe(3);
    expect(run.out).toMatch(/Report!B2.*needs Report!B2:C5.*Report!C4/s);
    expect(run.out).toContain("nothing was written");
    expect(await bytesOf(file)).toEqual(before);
  });

  test("a budget smaller than the plan runs nothing, reads nothing and writes nothing", async () => {
    const file = await writeBook(reportSpec());
    const before = await bytesOf(file);
    const fetch = recordingFetch();
    const run = await refresh([file, "--rerun", "stale", "--budget", "10"], env, { now, fetch });
    expect(run.code).toBe(4);
    expect(run.out).toContain("over the budget of 10: nothing was run, read or written");
    expect(fetch.requests).toEqual([]);
    expect(await bytesOf(file)).toEqual(before);
  });

  test("--dry-run prints the plan and its cost, sends nothing and changes nothing", async () => {
    const file = await writeBook(reportSpec());
    const before = await bytesOf(file);
    const fetch = recordingFetch();
    const run = await refresh([file, "--dry-run", "--rerun", "stale", "--json"], env, { now, fetch });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out);
    expect(report.runs).toEqual([
      expect.objectContaining({ queryId: 1001, status: "planned", reason: "not run yet", estimatedCredits: 10 }),
    ]);
    expect(report.reads.map((r: { basis: string }) => r.basis)).toEqual(["cached values", "assumed", "cached values"]);
    expect(report.estimate.executions).toBe(10);
    expect(report.cells.map((c: { status: string }) => c.status)).toEqual(["planned", "planned"]);
    expect(fetch.requests).toEqual([]);
    expect(await bytesOf(file)).toEqual(before);
    expect(existsSync(join(dirname(file), "refreshed.xlsx"))).toBe(false);
  });

  test("a damaged file is refused before anything is sent or written", async () => {
    const file = await writeBook(reportSpec());
    const whole = await bytesOf(file);
    const { writeFile } = await import("node:fs/promises");
    await writeFile(file, whole.slice(0, Math.floor(whole.length * 0.6)));
    const cut = await bytesOf(file);
    const out = join(dirname(file), "out.xlsx");
    const fetch = recordingFetch();
    const run = await refresh([file, "--out", out], env, { now, fetch });
    expect(run.code).toBe(3);
    expect(run.out).toMatch(/damaged/);
    expect(fetch.requests).toEqual([]);
    expect(await bytesOf(file)).toEqual(cut);
    expect(existsSync(out)).toBe(false);
  });

  test("the key is never in the output, the report or the file; a refused key stops everything (exit 5)", async () => {
    const file = await writeBook(reportSpec());
    const run = await refresh([file, "--rerun", "stale"], env, { now });
    const json = await refresh([file, "--json", "--dry-run"], env, { now });
    for (const output of [run.out, run.err, json.out, json.err]) expect(output).not.toContain(service.apiKey);
    expect(allText(await bytesOf(file))).not.toContain(service.apiKey);

    const other = await writeBook(reportSpec());
    const before = await bytesOf(other);
    const wrong = "wrong-key-0123456789abcdef";
    const refused = await refresh([other], { ...env, SERVICE_API_KEY: wrong }, { now });
    expect(refused.code).toBe(5);
    expect(refused.out).toContain("refused the key in SERVICE_API_KEY");
    expect(refused.out + refused.err).not.toContain(wrong);
    expect(await bytesOf(other)).toEqual(before);
  });

  test("an unreachable service exits 5 and writes nothing", async () => {
    const file = await writeBook(reportSpec());
    const before = await bytesOf(file);
    const run = await refresh([file, "--service", "http://127.0.0.1:9"], env, { now });
    expect(run.code).toBe(5);
    expect(run.out).toContain("could not be reached");
    expect(await bytesOf(file)).toEqual(before);
  });
});
