import { queryRunKey } from "../../src/functions";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { HistoryStore } from "../../src/taskpane/logic/history-store";
import { ReportController } from "../../src/taskpane/logic/report-controller";
import { RunController } from "../../src/taskpane/logic/run-controller";
import { errorOf, generatedMetadata, matrixOf, workbench, type Workbench } from "../functions/support/harness";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { testPane } from "./support/pane-deps";

/**
 * The Report view's logic with the real functions runtime and the real service: the runs SERVICE.QUERY cells wait
 * for (identical inputs once), and Run all needed running each once, after which the cells show their results.
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
  const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
  const history = new HistoryStore(pane.deps.historyItem);
  const run = new RunController(
    {
      ...pane.deps,
      recordQueryRun: (queryId, parameters, performance, done) =>
        bench.runtime.queryRuns.record(queryRunKey(queryId, parameters, performance), done),
    },
    history,
  );
  const controller = new ReportController(
    { list: () => bench.runtime.neededRuns(), onChange: (l) => bench.runtime.onNeededRunsChange(l) },
    run,
  );
  return { controller, history, stop: controller.start() };
}

test("identical inputs across cells are one needed run; Run all needed runs each once and the cells fill", async () => {
  const a = bench.cell("QUERY", 1001, "symbol", "WETH", "limit=2");
  const b = bench.cell("QUERY", 1001, "symbol", "WETH", "limit=5");
  const c = bench.cell("QUERY", 1001, "symbol", "WBTC", "performance=large");
  for (const cell of [a, b, c]) errorOf(await cell.result());
  const { controller, history, stop } = await report();
  try {
    expect(controller.store.state.needed.map((n) => [n.parameters, n.performance, n.cells])).toEqual([
      [{ symbol: "WETH" }, "medium", 2],
      [{ symbol: "WBTC" }, "large", 1],
    ]);
    expect(controller.store.state.credits).toBe(30);
    const end = await controller.runAllNeeded();
    expect(end.message).toBe("2 runs completed.");
    expect((await history.load()).length).toBe(2);
    for (let i = 0; i < 150 && ![a, b, c].every((x) => Array.isArray(x.latest)); i++) {
      await new Promise((done) => setTimeout(done, 20));
    }
    expect(matrixOf(a.latest)).toHaveLength(3);
    expect(matrixOf(b.latest).length).toBeGreaterThan(3);
    expect(controller.store.state.needed).toEqual([]);
  } finally {
    stop();
  }
});

test("nothing needed, nothing to run: the report spends nothing", async () => {
  const { controller, history, stop } = await report();
  try {
    expect(controller.store.state).toMatchObject({ needed: [], credits: 0 });
    await controller.runAllNeeded();
    expect(await history.load()).toEqual([]);
  } finally {
    stop();
  }
});
