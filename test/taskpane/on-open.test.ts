import { systemClock } from "../../src/clock";
import type { ExcelRun } from "../../src/excel";
import { queryRunKey } from "../../src/service-cells";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { functionsQueryReport } from "../../src/taskpane/functions-report";
import { runOnOpen } from "../../src/taskpane/logic/on-open";
import { OPEN_BEHAVIOUR_SETTING, type OpenBehaviour } from "../../src/taskpane/logic/open-behaviour";
import { generatedMetadata, matrixOf, waitFor, workbench, type Workbench } from "../functions/support/harness";
import { executeAndWait } from "../functions/support/service-runs";
import { startTestService, type TestService } from "../support/service";
import { testPane } from "./support/pane-deps";

const HOUR = 3_600_000;

/**
 * "When this workbook opens", with the real functions runtime and the real service: Office told to load the add-in
 * with the document (or not), the SERVICE cells Excel hands over again (it re-invokes streaming functions when a
 * workbook opens) refreshed within the workbook's automatic budget, and stale results re-run within the same budget
 * only when the workbook asks for it. Executes counted.
 */
let service: TestService;
let metadata: FunctionsMetadata;
let bench: Workbench;
let weth: string;
beforeAll(async () => {
  [service, metadata] = await Promise.all([startTestService(), generatedMetadata()]);
  weth = await executeAndWait(service.url, service.apiKey, 1001, { symbol: "WETH" });
}, 60_000);
afterAll(() => service.close());
beforeEach(() => {
  bench = workbench(metadata, { baseUrl: service.url, apiKey: service.apiKey });
});
afterEach(() => bench.close());

const executes = () => bench.fetch.paths.filter((p) => p.endsWith("/execute")).length;

/** The workbook as saved: two stale results and a never-run cell, handed over again by Excel as it opens. */
function openedWorkbook(enter = true) {
  for (const symbol of ["WETH", "UNI"]) {
    bench.runtime.queryRuns.record(queryRunKey(1001, { symbol }, "auto"), {
      executionId: weth,
      finishedAt: bench.clock.now() - 5 * HOUR,
    });
  }
  const calculations: string[] = [];
  const cells: ReturnType<Workbench["cellAt"]>[] = [];
  // Excel calls every streaming function of a workbook again when it opens: here, the three SERVICE.QUERY cells.
  if (enter) {
    cells.push(bench.cellAt("Sheet1!A1", "QUERY", 1001, "symbol", "WETH", "max_age_hours=1", "limit=1"));
    cells.push(bench.cellAt("Sheet1!A5", "QUERY", 1001, "symbol", "UNI", "max_age_hours=1"));
    cells.push(bench.cellAt("Sheet1!A9", "QUERY", 1001, "symbol", "NEVER"));
  }
  // The opening no longer recalculates the workbook: any calculation asked for is a failure of this test.
  const context = {
    workbook: { application: { calculate: (type: string) => void calculations.push(type) } },
    sync: async () => undefined,
  };
  const run: ExcelRun = (batch) => batch(context as unknown as Excel.RequestContext);
  return { run, calculations, cells };
}

const refreshFunctions = (reason?: "manual" | "open" | "ribbon") => bench.runtime.refreshAll(reason);
const refreshPlan = () => bench.runtime.refreshPlan();

async function open(choice: OpenBehaviour | undefined, budget = 0) {
  const pane = await testPane(service.url);
  if (choice) pane.deps.settings.set(OPEN_BEHAVIOUR_SETTING, choice);
  bench.runtime.queries.setBudget(budget);
  const told: string[] = [];
  const workbook = openedWorkbook(choice !== undefined);
  const outcome = await runOnOpen({
    settings: pane.deps.settings,
    run: workbook.run,
    clock: systemClock,
    quietMs: 20,
    queryReport: functionsQueryReport,
    refreshFunctions,
    refreshPlan,
    addin: { setStartupBehavior: async (b) => void told.push(b) },
  });
  return { outcome, told, ...workbook };
}

test("by default nothing happens: Office is told not to load the add-in, no recalculation, no request", async () => {
  const { outcome, told, calculations } = await open(undefined, 100);
  expect(outcome).toEqual({ behaviour: "nothing", refreshed: false });
  expect(told).toEqual(["None"]);
  expect(calculations).toEqual([]);
  expect(bench.fetch.count).toBe(0);
});

test("refresh: the cells Excel hands over are refreshed, no recalculation, no execute even with a budget and stale results", async () => {
  const { outcome, told, calculations, cells } = await open("refresh", 100);
  expect(outcome).toEqual({ behaviour: "refresh", refreshed: true });
  expect(told).toEqual(["Load"]);
  expect(calculations).toEqual([]);
  expect(matrixOf(await cells[0]!.result())).toHaveLength(2); // the stale result, still shown
  expect(executes()).toBe(0);
});

test("rerun with the default budget (0): nothing re-runs, the report says why", async () => {
  const { outcome } = await open("rerun");
  expect(outcome.rerun).toEqual({ started: 0, refused: 2 });
  expect(executes()).toBe(0);
  expect(functionsQueryReport.rows().map((r) => [r.parameters.symbol, r.state, r.note])).toEqual([
    ["WETH", "stale", "Automatic run not started: no daily budget is set."],
    ["UNI", "stale", "Automatic run not started: no daily budget is set."],
    ["NEVER", "not run", undefined],
  ]);
});

test("rerun within a budget of 10 credits: one of the two stale results re-runs, the never-run cell does not", async () => {
  const { outcome, cells } = await open("rerun", 10);
  expect(outcome).toEqual({ behaviour: "rerun", refreshed: true, rerun: { started: 1, refused: 1 } });
  expect(executes()).toBe(1);
  expect(functionsQueryReport.rows().map((r) => r.state)).toEqual(["current", "stale", "not run"]);
  expect(functionsQueryReport.budget()).toMatchObject({ creditsPerDay: 10, spentToday: 10 });
  await waitFor(() => cells[0]!.results.length >= 2, "the re-run's rows in the first cell");
  expect(matrixOf(cells[0]!.latest)).toHaveLength(2);
});

test("Office refusing the startup behaviour does not stop the opening's refresh", async () => {
  const pane = await testPane(service.url);
  pane.deps.settings.set(OPEN_BEHAVIOUR_SETTING, "refresh");
  const workbook = openedWorkbook();
  const outcome = await runOnOpen({
    settings: pane.deps.settings,
    run: workbook.run,
    clock: systemClock,
    quietMs: 20,
    refreshFunctions,
    refreshPlan,
    addin: {
      setStartupBehavior: async () => {
        throw new Error("not supported");
      },
    },
  });
  expect(outcome).toEqual({ behaviour: "refresh", refreshed: true });
});

test("a failed refresh is reported in words, not thrown", async () => {
  const pane = await testPane(service.url);
  pane.deps.settings.set(OPEN_BEHAVIOUR_SETTING, "refresh");
  const outcome = await runOnOpen({
    settings: pane.deps.settings,
    run: openedWorkbook(false).run,
    clock: systemClock,
    refreshFunctions: async () => {
      throw new Error("The workbook is busy.");
    },
  });
  expect(outcome).toEqual({ behaviour: "refresh", refreshed: false, error: "The workbook is busy." });
});
