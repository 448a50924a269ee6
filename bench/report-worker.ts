/**
 * Child-process entry for section 2's report figures: `report-worker.ts <url> <apiKey>`.
 * 50 `=SERVICE.QUERY` cells over 5 distinct parameter sets, on the real functions runtime (the playground's
 * CustomFunctions runtime, a real clock) beside the pane's real Report logic; then Run all needed. Counts the
 * execute requests that reached the service and times Run all until every cell shows its result.
 * Prints one JSON line.
 */
import { queryRunKey } from "../src/service-cells";
import { systemClock } from "../src/clock";
import { CustomFunctionsError } from "../src/playground/custom-functions";
import { functionsQueryReport } from "../src/taskpane/functions-report";
import { HistoryStore } from "../src/taskpane/logic/history-store";
import { ReportController } from "../src/taskpane/logic/report-controller";
import { RunController } from "../src/taskpane/logic/run-controller";
import { generatedMetadata, workbench } from "../test/functions/support/harness";
import { testPane } from "../test/taskpane/support/pane-deps";

const REPORT_CELLS = 50;
const PARAMETER_SETS = ["WETH", "USDC", "WBTC", "PEPE", "ARB"];

export interface ReportWorkerResult {
  cells: number;
  parameterSets: number;
  rowsBeforeRun: number;
  neededRuns: number;
  neededCredits: number;
  /** Execute requests that reached the service during Run all needed (the pane's and any cell's own). */
  executes: number;
  /** From pressing Run all needed until the last of the 50 cells shows its result. */
  ms: number;
  cellsWithResult: number;
  /** Executes after the cells were entered and recalculated, before any run: must be 0. */
  executesBeforeRun: number;
}

async function waitFor(done: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function main(): Promise<void> {
  const [url, apiKey] = process.argv.slice(2) as [string, string];
  const bench = workbench(await generatedMetadata(), { baseUrl: url, apiKey, runtime: { clock: systemClock } });
  const cells = Array.from({ length: REPORT_CELLS }, (_, i) =>
    // Ten cells per set, each with its own view of the result (the options differ; the inputs do not).
    bench.cellAt(`Sheet1!A${1 + i * 20}`, "QUERY", 1001, "symbol", PARAMETER_SETS[i % 5], `limit=${1 + (i % 10)}`),
  );
  await Promise.all(cells.map((c) => c.result()));
  const pane = await testPane(url, { apiKey });
  const deps = {
    ...pane.deps,
    queryReport: functionsQueryReport,
    recordQueryRun: (
      ...[queryId, parameters, performance, done]: Parameters<NonNullable<typeof pane.deps.recordQueryRun>>
    ) => bench.runtime.queryRuns.record(queryRunKey(queryId, parameters, performance), done),
  };
  const controller = new ReportController(deps, new RunController(deps, new HistoryStore(pane.deps.historyItem)));
  const stop = controller.start();
  const executes = () =>
    pane.session.usage.snapshot().executions + bench.fetch.paths.filter((p) => p.endsWith("/execute")).length;
  try {
    await waitFor(() => controller.store.state.rows.length === PARAMETER_SETS.length, "the report's rows");
    const executesBeforeRun = executes();
    const { runs: neededRuns, credits: neededCredits } = controller.store.state.needed;
    const t0 = performance.now();
    await controller.runAllNeeded();
    const filled = () => cells.filter((c) => Array.isArray(c.latest) && !(c.latest instanceof CustomFunctionsError));
    await waitFor(() => filled().length === REPORT_CELLS, "every cell to show its result");
    const result: ReportWorkerResult = {
      cells: REPORT_CELLS,
      parameterSets: PARAMETER_SETS.length,
      rowsBeforeRun: controller.store.state.rows.length,
      neededRuns,
      neededCredits,
      executes: executes() - executesBeforeRun,
      ms: performance.now() - t0,
      cellsWithResult: filled().length,
      executesBeforeRun,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    stop();
    bench.close();
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
