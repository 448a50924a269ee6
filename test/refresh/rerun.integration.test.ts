import { listBindings } from "../../src/excel";
import { DEFAULT_TIER, queryRunKey, rememberedRun } from "../../src/service-cells";
import { openWorkbook } from "../../src/xlsx";
import { ManualClock } from "../support/manual-clock";
import { startTestService, type TestService } from "../support/service";
import { bytesOf, NOW, QUERY_FORMULA, reportSpec, TRADE_COLUMNS, writeBook } from "./support/report-book";
import { recordingFetch, refresh } from "./support/run";
import { documentOf } from "./support/workbook-diff";

const RUN_KEY = queryRunKey(1001, { symbol: "WETH", since: "2026-02-28", days: 3 }, DEFAULT_TIER);
const HOUR = 3_600_000;

/** `--rerun`: SERVICE.QUERY inputs and query-bound tables run again, on the refresh's clock. */
describe("npm run refresh --rerun", () => {
  let service: TestService;
  let env: Record<string, string>;

  beforeAll(async () => {
    service = await startTestService({ datasets: true, clock: new ManualClock(NOW) });
    env = { SERVICE_API_KEY: service.apiKey, SERVICE_API_BASE_URL: service.url };
  }, 120_000);
  afterAll(async () => service.close());

  async function step(file: string, clock: ManualClock, rerun: string) {
    const fetch = recordingFetch();
    const run = await refresh([file, "--rerun", rerun, "--json"], env, { now: () => clock.now(), fetch });
    const executes = fetch.requests.filter((r) => r.url.endsWith("/execute")).length;
    const remembered = rememberedRun(documentOf(await bytesOf(file)), RUN_KEY);
    return { code: run.code, report: JSON.parse(run.out), executes, run: remembered! };
  }

  test("stale means older than the cell's max_age_hours at the refresh's clock (or never run, or expired)", async () => {
    const clock = new ManualClock(NOW);
    const file = await writeBook(reportSpec({ queryFormula: QUERY_FORMULA.replace(/\)$/, ',"max_age_hours=1")') }));

    const first = await step(file, clock, "stale");
    expect(first).toMatchObject({ code: 0, executes: 1, run: { finishedAt: NOW } });
    expect(first.report.runs[0]).toMatchObject({ reason: "not run yet", status: "ran" });

    clock.advance(HOUR / 2);
    const current = await step(file, clock, "stale");
    expect(current).toMatchObject({ code: 0, executes: 0, run: first.run });
    expect(current.report.runs).toEqual([]);
    expect(current.report.cells[1]).toMatchObject({ cell: "Report!B8", status: "unchanged" });

    clock.advance(HOUR);
    const held = await step(file, clock, "none");
    expect(held).toMatchObject({ code: 6, executes: 0, run: first.run });
    expect(held.report.runs[0]).toMatchObject({ reason: "older than its max_age_hours (1 h)", status: "skipped" });

    const rerun = await step(file, clock, "stale");
    expect(rerun).toMatchObject({ code: 0, executes: 1, run: { finishedAt: NOW + 1.5 * HOUR } });
    expect(rerun.run.executionId).not.toBe(first.run.executionId);
    expect(rerun.report.cells[1]).toMatchObject({ status: "refreshed", rowsAfter: 4 });
  });

  test("a query-bound table reads the query's latest result, or runs it again with --rerun all", async () => {
    const clock = new ManualClock(NOW);
    const file = await writeBook(reportSpec({ tradesTable: true }));
    const none = await step(file, clock, "none");
    expect(none.code).toBe(6);
    expect(none.report.tables[1]).toMatchObject({ table: "Trades", status: "failed" });

    const all = await step(file, clock, "all");
    expect(all).toMatchObject({ code: 0, executes: 2 });
    expect(all.report.tables[1]).toMatchObject({
      status: "refreshed",
      rowsBefore: 1,
      rowsAfter: 500,
      rangeAfter: "A1:G501",
    });
    const book = openWorkbook(await bytesOf(file));
    expect(book.table("Trades").ref).toBe("A1:G501");
    const cells = book.worksheet("Trades").cells;
    expect(TRADE_COLUMNS.map((_c, i) => cells.get(`${String.fromCharCode(65 + i)}1`)?.value)).toEqual(TRADE_COLUMNS);
    expect(cells.get("A501")?.value).toBe(499);
    const trades = listBindings(documentOf(await bytesOf(file))).find((b) => b.tableName === "Trades")!;
    expect(trades.options?.executionId).toEqual(expect.any(String));

    const latest = await step(file, clock, "none");
    expect(latest).toMatchObject({ code: 0, executes: 0 });
    expect(latest.report.tables[1]).toMatchObject({ status: "refreshed", rowsBefore: 500, rowsAfter: 500 });
  });
});
