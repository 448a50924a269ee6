/**
 * Public surface of the SERVICE functions for the pane, the ribbon command, the playground and benchmarks.
 * The cells themselves are registered by functions.ts (the webpack entry whose JSDoc is the metadata).
 */
import type { RefreshEvent } from "./refresh-events";
import type { CacheStats } from "./result-cache";
import type { NeededRun, RefreshSummary } from "./runtime";
import { queryRunKey, type QueryRun } from "./query-runs";
import { functionsRuntime } from "./shared-runtime";

export { FunctionsRuntime } from "./runtime";
export { setFunctionsRuntime } from "./shared-runtime";

/**
 * Refresh All (ribbon and pane): re-fetches every request a live SERVICE cell shows, except stored execution
 * results (they never change), and pushes the new values into the cells without recalculating the workbook.
 */
export function refreshFunctionCells(): Promise<RefreshSummary> {
  return functionsRuntime().refreshAll();
}

/** Called after every refresh (manual, auto, sign-in change, a run finishing). Returns the unsubscribe. */
export function onRefresh(listener: (event: RefreshEvent) => void): () => void {
  return functionsRuntime().onRefresh(listener);
}

/** HTTP requests issued, cache hits, shared in-flight answers, entries and live cells: for the pane and benchmarks. */
export function cacheStats(): CacheStats & { liveCells: number; statusRequests: number; autoRefreshTimers: number } {
  return functionsRuntime().cacheStats();
}
export { cellFailure } from "./cell-error";
export { formatStatus } from "./status-format";

export { queryRunKey, type QueryRun, type NeededRun };

/** Records a completed run of a query, so SERVICE.QUERY cells with the same inputs show it (the pane calls this). */
export function recordQueryRun(
  queryId: number,
  parameters: Record<string, string | number | boolean>,
  performance: "medium" | "large",
  run: QueryRun,
): void {
  functionsRuntime().queryRuns.record(queryRunKey(queryId, parameters, performance), run);
}

/** The distinct runs SERVICE.QUERY cells of this workbook are waiting for (the pane's Report view lists them). */
export function neededQueryRuns(): NeededRun[] {
  return functionsRuntime().neededRuns();
}

export function onNeededQueryRunsChange(listener: () => void): () => void {
  return functionsRuntime().onNeededRunsChange(listener);
}
