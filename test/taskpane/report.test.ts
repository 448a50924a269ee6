import { queryRunKey } from "../../src/service-cells";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { functionsQueryReport } from "../../src/taskpane/functions-report";
import { recordAutomaticRuns } from "../../src/taskpane/logic/automatic-history";
import { HistoryStore } from "../../src/taskpane/logic/history-store";
import { OPEN_BEHAVIOUR_SETTING } from "../../src/taskpane/logic/open-behaviour";
import { RefreshController } from "../../src/taskpane/logic/refresh-controller";
import { type RefreshPlan, planLines, planQuestion } from "../../src/taskpane/logic/refresh-plan";
import { ReportController, type ReportState } from "../../src/taskpane/logic/report-controller";
import { RunController } from "../../src/taskpane/logic/run-controller";
import {
  errorOf,
  executesSent,
  generatedMetadata,
  matrixOf,
  waitFor,
  workbench,
  type Workbench,
} from "../functions/support/harness";
import { executeAndWait } from "../functions/support/service-runs";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { testPane } from "./support/pane-deps";

/**
 * The Report view's logic with the real functions runtime and the real service: one row per distinct parameter set
 * of the workbook's SERVICE.QUERY cells (cells, query, inputs, state, last run, cost), Run all needed (stale ones
 * included) and Run selected through the pane's run controller, Cancel, failures on their rows, the daily budget
 * and the open behaviour. Executes are counted at the service.
 */
let service: TestService;
let metadata: FunctionsMetadata;
let bench: Workbench;
beforeAll(async () => {
  [service, metadata] = await Promise.all([startTestService(), generatedMetadata()]);
}, 60_000);
afterAll(() => service.close());
beforeEach(() => {
  bench = workbench(metadata, { baseUrl: service.url, apiKey: service.apiKey });
});
afterEach(() => bench.close());

async function report() {
  const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo, clock: bench.clock });
  const history = new HistoryStore(pane.deps.historyItem);
  const startupBehaviour: string[] = [];
  const deps = {
    ...pane.deps,
    clock: bench.clock,
    queryReport: functionsQueryReport,
    recordQueryRun: (
      ...[queryId, parameters, performance, done]: Parameters<NonNullable<typeof pane.deps.recordQueryRun>>
    ) => bench.runtime.queryRuns.record(queryRunKey(queryId, parameters, performance), done),
    addin: { setStartupBehavior: async (b: "Load" | "None") => void startupBehaviour.push(b) },
  };
  const run = new RunController(deps, history);
  const controller = new ReportController(deps, run);
  // Execute requests that reached the service: the pane's (its session counts those accepted) and the cells' own.
  const executes = () => pane.session.usage.snapshot().executions + executesSent(bench);
  return { controller, run, history, pane, deps, startupBehaviour, executes, stop: controller.start() };
}

const rowOf = (state: ReportState, symbol: unknown) => state.rows.find((r) => r.parameters.symbol === symbol)!;

test("identical inputs across cells are one row; Run all needed runs each once and the cells fill", async () => {
  const a = bench.cellAt("Sheet1!A1", "QUERY", 1001, "symbol", "WETH", "limit=2");
  const b = bench.cellAt("Sheet1!D1", "QUERY", 1001, "symbol", "WETH", "limit=5");
  const c = bench.cellAt("Sheet2!A1", "QUERY", 1001, "symbol", "WBTC", "performance=large");
  for (const cell of [a, b, c]) errorOf(await cell.result());
  const { controller, history, executes, stop } = await report();
  try {
    expect(controller.store.state.rows.map((r) => [r.parameters, r.performance, r.cells, r.state, r.credits])).toEqual([
      [{ symbol: "WETH" }, "auto", ["Sheet1!A1", "Sheet1!D1"], "not run", 10],
      [{ symbol: "WBTC" }, "large", ["Sheet2!A1"], "not run", 20],
    ]);
    expect(controller.store.state.needed).toMatchObject({ runs: 2, credits: 30 });
    const end = await controller.runAllNeeded();
    expect(end.message).toBe("2 runs completed.");
    expect(executes()).toBe(2);
    expect((await history.load()).length).toBe(2);
    await waitFor(() => [a, b, c].every((x) => Array.isArray(x.latest)), "the cells to fill");
    expect(matrixOf(a.latest)).toHaveLength(3);
    expect(matrixOf(b.latest).length).toBeGreaterThan(3);
    expect(controller.store.state.rows.map((r) => [r.state, r.lastRunAt])).toEqual([
      ["current", bench.clock.now()],
      ["current", bench.clock.now()],
    ]);
    expect(controller.store.state.needed.runs).toBe(0);
  } finally {
    stop();
  }
});

test("nothing needed, nothing to run: the report spends nothing", async () => {
  const { controller, history, executes, stop } = await report();
  try {
    expect(controller.store.state).toMatchObject({ rows: [], needed: { runs: 0, credits: 0 } });
    await controller.runAllNeeded();
    expect(await history.load()).toEqual([]);
    expect(executes()).toBe(0);
  } finally {
    stop();
  }
});

test("a stale result is listed as stale and offered for a re-run; Run all needed includes it", async () => {
  const old = await executeAndWait(service.url, service.apiKey, 1001, { symbol: "UNI" });
  bench.runtime.queryRuns.record(queryRunKey(1001, { symbol: "UNI" }, "auto"), {
    executionId: old,
    finishedAt: bench.clock.now() - 30 * 3_600_000,
  });
  const stale = bench.cellAt("Sheet1!A1", "QUERY", 1001, "symbol", "UNI", "max_age_hours=24", "limit=1");
  bench.cellAt("Sheet1!A2", "QUERY", 1001, "symbol", "UNI", "limit=1");
  bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "ARB");
  bench.cellAt("Sheet1!A4", "QUERY", 1001, "symbol", "LINK", "max_age_hours=1");
  expect(matrixOf(await stale.result())).toHaveLength(2);
  const { controller, executes, stop } = await report();
  try {
    expect(rowOf(controller.store.state, "UNI")).toMatchObject({
      state: "stale",
      cells: ["Sheet1!A1", "Sheet1!A2"],
      lastRunAt: bench.clock.now() - 30 * 3_600_000,
      needed: true,
    });
    expect(controller.store.state.needed).toMatchObject({ runs: 3, credits: 30 });
    await controller.runAllNeeded();
    expect(executes()).toBe(3);
    expect(controller.store.state.rows.map((r) => r.state)).toEqual(["current", "current", "current"]);
    await waitFor(() => stale.results.length >= 2, "the stale cell to show the new run");
  } finally {
    stop();
  }
});

test("Run selected runs the ticked rows only (a current one too: the user asked); unticked rows stay as they are", async () => {
  bench.cellAt("Sheet1!A1", "QUERY", 1001, "symbol", "PEPE");
  bench.cellAt("Sheet1!A2", "QUERY", 1001, "symbol", "USDC");
  const { controller, executes, stop } = await report();
  try {
    const pepe = rowOf(controller.store.state, "PEPE").key;
    controller.select(pepe, true);
    expect(controller.store.state.selection).toMatchObject({ runs: 1, credits: 10 });
    expect((await controller.runSelected()).message).toBe("1 run completed.");
    expect(executes()).toBe(1);
    expect(controller.store.state.rows.map((r) => [r.parameters.symbol, r.state])).toEqual([
      ["PEPE", "current"],
      ["USDC", "not run"],
    ]);
    // Still ticked: running it again is an explicit choice, and costs one run.
    expect(controller.store.state.selected).toEqual([pepe]);
    await controller.runSelected();
    expect(executes()).toBe(2);
    controller.select(pepe, false);
    expect(controller.store.state.selection.runs).toBe(0);
  } finally {
    stop();
  }
});

test("a failure shows on its row (and in its cells) and the batch goes on with the others", async () => {
  const failing = bench.cellAt("Sheet1!A1", "QUERY", 1005);
  const fine = bench.cellAt("Sheet1!A2", "QUERY", 1001, "symbol", "DAI");
  const { controller, stop } = await report();
  try {
    const end = await controller.runAllNeeded();
    expect(end.message).toBe("1 run completed; 1 failed (see its row).");
    const [bad, good] = controller.store.state.rows;
    expect(bad).toMatchObject({ queryId: 1005, state: "failed", note: expect.stringMatching(/always fails/) });
    expect(good).toMatchObject({ queryId: 1001, state: "current" });
    expect(errorOf(failing.latest).message).toMatch(/^The last run with these inputs failed: .*always fails/);
    await waitFor(() => Array.isArray(fine.latest), "the other cell to fill");
    expect(controller.store.state.needed.runs).toBe(1); // a failed row is still needed
  } finally {
    stop();
  }
});

test("Cancel on a running row cancels that run on the server; Cancel runs stops the batch", async () => {
  bench.cellAt("Sheet1!A1", "QUERY", 1004);
  bench.cellAt("Sheet1!A2", "QUERY", 1004, "performance=large");
  const { controller, run, history, stop } = await report();
  try {
    const [first] = controller.store.state.rows;
    // Each is cancelled once the service has taken it (it is then in History).
    const accepted = (tier: string) => run.store.state.request?.performance === tier && !!run.store.state.executionId;
    const batch = controller.runAllNeeded();
    await waitFor(() => accepted("auto"), "the first row to run");
    expect(controller.store.state.rows[0]!.state).toBe("running");
    controller.cancel(first!.key);
    await waitFor(() => accepted("large"), "the second row to run");
    controller.cancel();
    expect((await batch).message).toBe("0 runs completed; 2 cancelled.");
    expect(controller.store.state.rows.map((r) => r.state)).toEqual(["not run", "not run"]);
    expect((await history.load()).map((e) => e.state)).toEqual(["QUERY_STATE_CANCELLED", "QUERY_STATE_CANCELLED"]);
  } finally {
    stop();
  }
});

test("an automatic run (run=on_change) shows as running and its row's Cancel stops it", async () => {
  const { controller, stop } = await report();
  try {
    controller.setBudget(100);
    expect(controller.store.state.budget).toMatchObject({ creditsPerDay: 100, spentToday: 0 });
    const before = bench.cellAt("Sheet1!B1", "QUERY", 1004, "run=on_change");
    errorOf(await before.result());
    before.cancel();
    bench.cellAt("Sheet1!B1", "QUERY", 1004, "run=on_change", "performance=large");
    await waitFor(() => controller.store.state.rows[0]?.state === "running", "the automatic run");
    const accepted = () => {
      const activity = bench.runtime.queries.activity.get(controller.store.state.rows[0]!.key);
      return activity?.phase === "running" && activity.executionId !== undefined;
    };
    await waitFor(accepted, "the service to accept it");
    controller.cancel(controller.store.state.rows[0]!.key);
    await waitFor(() => controller.store.state.rows[0]?.state === "not run", "the cancel");
    expect(controller.store.state.budget).toMatchObject({ spentToday: 20 }); // accepted, so charged
  } finally {
    stop();
  }
});

test("automatic runs land in History like the pane's own, with their credits and final state", async () => {
  const { controller, history, stop } = await report();
  const stopHistory = recordAutomaticRuns(
    functionsQueryReport,
    history,
    () => service.url,
    () => 10,
  );
  try {
    controller.setBudget(20);
    const cell = bench.cellAt("Sheet1!C1", "QUERY", 1001, "symbol", "WETH", "run=on_change", "limit=1");
    errorOf(await cell.result());
    cell.cancel();
    const changed = bench.cellAt("Sheet1!C1", "QUERY", 1001, "symbol", "WBTC", "run=on_change", "limit=1");
    await waitFor(() => Array.isArray(changed.latest), "the automatic run to fill the cell");
    await waitFor(() => history.entries[0]?.state === "QUERY_STATE_COMPLETED", "History to have it");
    expect(history.entries).toEqual([
      expect.objectContaining({
        queryId: 1001,
        parameters: { symbol: "WBTC" },
        performance: "auto",
        credits: 10,
        baseUrl: service.url,
        submittedAt: new Date(bench.clock.now()).toISOString(),
      }),
    ]);
  } finally {
    stopHistory();
    stop();
  }
});

test("the daily budget and the open behaviour are kept in the workbook; Office is told to load the add-in or not", async () => {
  const { controller, pane, startupBehaviour, stop } = await report();
  try {
    controller.setBudget(-5);
    expect(controller.store.state.message).toMatch(/a number of credits, 0 or more/);
    controller.setBudget(40);
    expect(controller.store.state.message).toBe(
      "Automatic refreshes and runs may spend up to 40 credits a day in this workbook.",
    );
    expect(controller.store.state.onOpen).toBe("nothing");
    await controller.setOnOpen("rerun");
    expect(pane.deps.settings.get(OPEN_BEHAVIOUR_SETTING)).toBe("rerun");
    await controller.setOnOpen("nothing");
    expect(pane.deps.settings.get(OPEN_BEHAVIOUR_SETTING)).toBeNull();
    expect(startupBehaviour).toEqual(["Load", "None"]);
  } finally {
    stop();
  }
});

test("Refresh All with re-run queries includes the needed SERVICE.QUERY runs, their cost in the confirmation", async () => {
  const a = bench.cellAt("Sheet1!A1", "QUERY", 1001, "symbol", "ARB", "limit=1");
  bench.cellAt("Sheet1!A2", "QUERY", 1001, "symbol", "LINK", "performance=large");
  const { controller, deps, executes, stop } = await report();
  try {
    const asked: RefreshPlan[] = [];
    let refresh = new RefreshController(deps, async (plan) => (asked.push(plan), false), controller);
    expect(refresh.rerunCost()).toEqual({ tables: 0, queries: 2, uploads: 0, credits: 30 });
    expect((await refresh.refresh("rerun")).message).toBe("Nothing refreshed: declined, no credits spent.");
    expect(asked).toHaveLength(1);
    expect(planLines(asked[0]!)).toEqual([
      "Run: run query 1001 (symbol=ARB) for SERVICE.QUERY — 10 credits",
      "Run: run query 1001 (symbol=LINK) for SERVICE.QUERY — 20 credits",
    ]);
    expect(planQuestion(asked[0]!)).toBe(
      "Refresh All will make 0 reads and 2 runs: an estimated 30 credits. Go ahead?",
    );
    expect(executes()).toBe(0);

    // Only what the confirmation named runs: a cell entered while the question is open waits for the next one.
    refresh = new RefreshController(
      deps,
      async () => {
        bench.cellAt("Sheet1!A3", "QUERY", 1001, "symbol", "USDC");
        return true;
      },
      controller,
    );
    const end = await refresh.refresh("rerun");
    expect(end.message).toBe("No bound tables. SERVICE.QUERY: 2 runs completed.");
    expect(executes()).toBe(2);
    expect(controller.store.state.rows.map((r) => [r.parameters.symbol, r.state])).toEqual([
      ["ARB", "current"],
      ["LINK", "current"],
      ["USDC", "not run"],
    ]);
    await waitFor(() => Array.isArray(a.latest), "the cell to fill");

    // "Latest" never runs a query.
    await new RefreshController(deps, async () => true, controller).refresh("latest");
    expect(executes()).toBe(2);
  } finally {
    stop();
  }
});

test("the confirmation's question names the reads and runs with the total, and what is not known yet", () => {
  const plan: RefreshPlan = {
    items: [
      { kind: "read", what: "DATASET dex ethereum, 2 cells", credits: 50.84 },
      { kind: "read", what: "table dex_base" },
      { kind: "run", what: "run query 1002 (medium) for table Query_1002", credits: 10 },
    ],
    total: 60.84,
    unknown: 1,
  };
  expect(planQuestion(plan)).toBe(
    "Refresh All will make 2 reads and 1 run: an estimated 60.84 credits plus 1 of unknown size (up to your cap per request each; their first rows tell). Go ahead?",
  );
  expect(planLines(plan)).toEqual([
    "Read: DATASET dex ethereum, 2 cells — 50.84 credits",
    "Read: table dex_base — size not known yet",
    "Run: run query 1002 (medium) for table Query_1002 — 10 credits",
  ]);
});

test("a shared stream names one cell: the row lists every cell with its formula, read from the workbook", async () => {
  // Excel runs identical SERVICE.QUERY formulas as one stream whose address names the first cell only.
  const shared = bench.cellAt("Sheet1!A1", "QUERY", 1001, "symbol", "WETH");
  errorOf(await shared.result());
  const { controller, pane, stop } = await report();
  try {
    await pane.wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1").formulas = [['=SERVICE.QUERY(1001,"symbol","WETH")']];
      sheet.getRange("C4").formulas = [['=SERVICE.QUERY(1001,"symbol","WETH")']];
      sheet.getRange("E7").formulas = [['=service.query(1001,"symbol",B7)']];
      await context.sync();
    });
    // The workbook is read again when the functions' cells change.
    bench.cellAt("Sheet1!A1", "QUERY", 1001, "symbol", "WETH"); // recalculated: a new call, then the old cancelled
    shared.cancel();
    await waitFor(() => controller.store.state.rows[0]?.cells.length === 2, "the shared cell to be listed");
    expect(controller.store.state.rows[0]).toMatchObject({ cells: ["Sheet1!A1", "Sheet1!C4"], cellCount: 2 });
    expect(controller.store.state.cellsNote).toBe(
      "Also on the sheets: Sheet1!E7 (SERVICE.QUERY cells whose set of inputs could not be told from their formula).",
    );
  } finally {
    stop();
  }
});
