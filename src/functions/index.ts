/**
 * Public surface of the SERVICE functions for the pane, the ribbon command, the playground and benchmarks.
 * The cells themselves are registered by functions.ts (the webpack entry whose JSDoc is the metadata).
 */
import type { RefreshEvent } from "./refresh-events";
import type { CacheStats } from "./result-cache";
import type { RefreshSummary } from "./runtime";
import type { PaneRunNote } from "./query-activity";
import type { BudgetState } from "./query-budget";
import type { QueryReportRow, QueryRowState } from "./query-report";
import type { RerunOutcome } from "./query-service";
import type { AutomaticRunEvent } from "./auto-runs";
import type { NotLoadedRow } from "./not-loaded";
import { queryRunKey, type QueryRun } from "./query-runs";
import { functionsRuntime } from "./shared-runtime";
import type { PerformanceChoice } from "../client";
import type { QueryDeclaration } from "./saved-queries";

export { FunctionsRuntime } from "./runtime";
export type { RefreshFailure, RefreshSummary } from "./refresh-bus";
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
/** Requests whose cells say their data is not loaded (nothing kept, nothing fetched), with what loading costs. */
export function notLoadedCells(): NotLoadedRow[] {
  return functionsRuntime().notLoaded();
}

export function onNotLoadedChange(listener: () => void): () => void {
  return functionsRuntime().onNotLoadedChange(listener);
}

/** Loads every request whose cells say they are not loaded: the user chose to spend (the pane's button). */
export function loadNotLoadedCells(): Promise<RefreshSummary> {
  return functionsRuntime().loadNotLoaded();
}
export { loadCostText, type NotLoadedRow } from "./not-loaded";
export { RESULT_DATABASE, openResultStore, type ResultStore } from "./result-store";
export type { MayFetchAutomatically } from "./admission";
export { REFRESH_TIMES_SETTING } from "./refresh-times";
export { OPEN_BEHAVIOUR_SETTING, type OpenBehaviour, readOpenBehaviour } from "./open-phase";
export { cellFailure } from "./cell-error";
export { formatDuration, formatStatus } from "./status-format";
export { SavedQueries, type QueryDeclaration } from "./saved-queries";
export { DEFAULT_TIER, TIER_CHOICES, tierCostText, tierCredits, tierLabel, tierOf } from "./tiers";

export {
  queryRunKey,
  type QueryRun,
  type QueryReportRow,
  type QueryRowState,
  type BudgetState,
  type RerunOutcome,
  type PaneRunNote,
  type AutomaticRunEvent,
};

type QueryInputs = Record<string, string | number | boolean>;
type Tier = PerformanceChoice;

/** Records a completed run of a query, so SERVICE.QUERY cells with the same inputs show it (the pane calls this). */
export function recordQueryRun(queryId: number, parameters: QueryInputs, performance: Tier, run: QueryRun): void {
  functionsRuntime().queries.runs.record(queryRunKey(queryId, parameters, performance), run);
}

/** The pane tells of its run: going (the report says running), failed (the row and the cells say why), or ended. */
export function noteQueryRun(
  queryId: number,
  parameters: QueryInputs,
  performance: Tier,
  note: PaneRunNote | undefined,
): void {
  functionsRuntime().queries.note(queryRunKey(queryId, parameters, performance), note);
}

/** A saved query's declared parameters, asked once per query id in the shared runtime (the pane's form). */
export function describeSavedQuery(queryId: number): Promise<QueryDeclaration> {
  return functionsRuntime().savedQueries.declaration(queryId);
}

/** Every distinct parameter set of the workbook's SERVICE.QUERY cells, with its state (the pane's Report). */
export function queryReport(): QueryReportRow[] {
  return functionsRuntime().queries.report();
}

export function onQueryReportChange(listener: () => void): () => void {
  return functionsRuntime().queries.onReportChange(listener);
}

/** Each state a run started by a `run=on_change` cell or the open behaviour reaches, once the service took it. */
export function onAutomaticQueryRun(listener: (event: AutomaticRunEvent) => void): () => void {
  return functionsRuntime().queries.onAutomaticRun(listener);
}

/** Cancels a run a `run=on_change` cell (or the open behaviour) started; false if none is going for that row. */
export function cancelAutomaticQueryRun(key: string): boolean {
  return functionsRuntime().queries.cancelAutomatic(key);
}

/** The workbook's daily credit budget for automatic runs, and what today's runs spent of it. */
export function queryBudget(): BudgetState {
  return functionsRuntime().queries.budgetState();
}

/** Sets the daily budget (whole credits, 0 = automatic runs never start); kept in the document. */
export function setQueryBudget(creditsPerDay: number): void {
  functionsRuntime().queries.setBudget(creditsPerDay);
}

/** Re-runs stale and expired results of the cells on the sheets, within the budget (when the workbook opens). */
export function rerunStaleQueries(): Promise<RerunOutcome> {
  return functionsRuntime().queries.rerunStale();
}
