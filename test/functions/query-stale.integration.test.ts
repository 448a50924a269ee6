import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { queryRunKey } from "../../src/service-cells";
import { type TestService, startTestService } from "../support/service";
import {
  type Workbench,
  errorOf,
  executesSent,
  generatedMetadata,
  matrixOf,
  waitFor,
  workbench,
} from "./support/harness";
import { executeAndWait } from "./support/service-runs";

const HOUR = 3_600_000;

/**
 * `max_age_hours` and the report's rows, against the real local service: a stale result is still shown and listed
 * for a re-run; rows say which cells, query, inputs, state, last run and cost; re-running stale results (the open
 * behaviour) stays within the budget. Executes are counted in every case.
 */
describe("SERVICE.QUERY: stale results and the report's rows", () => {
  let service: TestService;
  let metadata: FunctionsMetadata;
  let bench: Workbench;
  let weth: string;
  const executes = () => executesSent(bench);
  const remember = (symbol: string, executionId: string, ageMs: number) =>
    bench.runtime.queryRuns.record(queryRunKey(1001, { symbol }, "auto"), {
      executionId,
      finishedAt: bench.clock.now() - ageMs,
    });

  beforeAll(async () => {
    [service, metadata] = await Promise.all([startTestService(), generatedMetadata()]);
    weth = await executeAndWait(service.url, service.apiKey, 1001, { symbol: "WETH" });
  }, 60_000);
  afterAll(async () => service.close());
  beforeEach(() => {
    bench = workbench(metadata, { baseUrl: service.url, apiKey: service.apiKey });
  });
  afterEach(() => bench.close());

  it("a result older than max_age_hours is stale: the cell still shows it, the report lists it for a re-run", async () => {
    remember("WETH", weth, 3 * HOUR);
    const cell = bench.cellAt("Sheet1!B2", "QUERY", 1001, "symbol", "WETH", "max_age_hours=2", "limit=2");
    expect(matrixOf(await cell.result())).toHaveLength(3);
    expect(bench.runtime.queries.report()).toEqual([
      {
        key: queryRunKey(1001, { symbol: "WETH" }, "auto"),
        queryId: 1001,
        parameters: { symbol: "WETH" },
        performance: "auto",
        cells: ["Sheet1!B2"],
        cellCount: 1,
        state: "stale",
        lastRunAt: bench.clock.now() - 3 * HOUR,
        expired: false,
        needed: true,
        credits: 10,
        runOnChange: false,
      },
    ]);
    expect(executes()).toBe(0);
  });

  it("within max_age_hours the row is current; time passing makes it stale (the strictest cell decides)", async () => {
    remember("WETH", weth, 1 * HOUR);
    bench.cellAt("Sheet1!B2", "QUERY", 1001, "symbol", "WETH", "max_age_hours=2");
    bench.cellAt("Sheet2!A1", "QUERY", 1001, "symbol", "WETH", "max_age_hours=24", "limit=1");
    bench.cellAt("Sheet2!A9", "QUERY", 1001, "symbol", "WETH");
    expect(bench.runtime.queries.report()).toMatchObject([
      { state: "current", needed: false, cellCount: 3, cells: ["Sheet1!B2", "Sheet2!A1", "Sheet2!A9"] },
    ]);
    bench.clock.advance(90 * 60_000);
    expect(bench.runtime.queries.report()).toMatchObject([{ state: "stale", needed: true }]);
  });

  it("states: not run, expired (listed as not run, with its last run), current without max_age_hours", async () => {
    remember("WETH", weth, 10 * 24 * HOUR);
    remember("OLD", "01ARZ3NDEKTSV4RRFFQ69G5FAV", 91 * 24 * HOUR);
    bench.cellAt("Sheet1!A1", "QUERY", 1001, "symbol", "WETH");
    bench.cellAt("Sheet1!A2", "QUERY", 1001, "symbol", "OLD");
    bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "NEW", "performance=large");
    const rows = bench.runtime.queries
      .report()
      .map((r) => [r.parameters.symbol, r.state, r.expired, r.needed, r.credits]);
    expect(rows).toEqual([
      ["WETH", "current", false, false, 10],
      ["OLD", "not run", true, true, 10],
      ["NEW", "not run", false, true, 20],
    ]);
  });

  it("a newer run recorded for stale inputs: the cell switches to it, the row is current again", async () => {
    remember("WETH", weth, 5 * HOUR);
    const cell = bench.cellAt("Sheet1!B2", "QUERY", 1001, "symbol", "WETH", "max_age_hours=1", "limit=2");
    matrixOf(await cell.result());
    const fresh = await executeAndWait(service.url, service.apiKey, 1001, { symbol: "WETH", days: "7" });
    remember("WETH", fresh, 0);
    await waitFor(() => bench.fetch.paths.some((p) => p.includes(`/v1/execution/${fresh}/results`)), "the new run");
    await waitFor(() => cell.results.length >= 2 && Array.isArray(cell.latest), "the cell to show it");
    expect(bench.runtime.queries.report()).toMatchObject([{ state: "current", needed: false }]);
    expect(executes()).toBe(0);
  });

  it("re-running stale results stays within the budget: none with 0, one with 10 credits for two stale sets", async () => {
    remember("WETH", weth, 5 * HOUR);
    remember("UNI", weth, 5 * HOUR);
    const a = bench.cellAt("Sheet1!A1", "QUERY", 1001, "symbol", "WETH", "max_age_hours=1", "limit=1");
    bench.cellAt("Sheet1!A2", "QUERY", 1001, "symbol", "UNI", "max_age_hours=1");
    bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "NEVER"); // never run: not the open behaviour's to run
    expect(await bench.runtime.queries.rerunStale()).toEqual({ started: 0, refused: 2 });
    expect(executes()).toBe(0);
    expect(bench.runtime.queries.report()[0]).toMatchObject({
      state: "stale",
      note: "Automatic run not started: no daily budget is set.",
    });

    bench.runtime.queries.setBudget(10);
    expect(await bench.runtime.queries.rerunStale()).toEqual({ started: 1, refused: 1 });
    expect(executes()).toBe(1);
    expect(bench.runtime.queries.report().map((r) => r.state)).toEqual(["current", "stale", "not run"]);
    await waitFor(() => a.results.length >= 2, "the stale cell to show the new run");
    expect(matrixOf(a.latest)).toHaveLength(2);
  });

  it("a cell that is cleared leaves the report; a never-run cell's #N/A names inputs and cost", async () => {
    const cell = bench.cellAt("Sheet1!C1", "QUERY", 1001, "symbol", "LINK");
    expect(errorOf(await cell.result()).message).toBe(
      "Not run with these inputs yet (symbol=LINK): run it from the Service pane (an estimated 10 credits)",
    );
    expect(bench.runtime.queries.report()).toHaveLength(1);
    cell.cancel();
    expect(bench.runtime.queries.report()).toEqual([]);
  });
});
