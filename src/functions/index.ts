/**
 * Public surface of the SERVICE functions' runtime for the pane, the ribbon command and benchmarks. The cell model
 * they share with the headless refresh (requests, rendering, provenance, remembered runs) is `src/service-cells`.
 * The cells themselves are registered by functions.ts (the webpack entry whose JSDoc is the metadata).
 */
import type { CacheStats } from "./result-cache";
import type { RefreshSummary } from "./runtime";
import type { PaneRunNote } from "./query-activity";
import type { BudgetState } from "./automatic-budget";
import type { HeldRefresh } from "./held-refreshes";
import type { RefreshPlanItem } from "./runtime";
import type { QueryReportRow } from "./query-report";
import type { RerunOutcome } from "./query-service";
import type { AutomaticRunEvent } from "./auto-runs";
import { type NotLoadedRow, type QueryRun, type ResultSource, queryRunKey } from "../service-cells";
import { currentFunctionsRuntime, functionsRuntime } from "./shared-runtime";
import type { PerformanceChoice } from "../billing";
import type { QueryDeclaration } from "./saved-queries";
import type { TableSourceLookup } from "./source-cell";
import type { FileShownRow } from "./file-shown";

export { FunctionsRuntime } from "./runtime";
export type { RefreshFailure, RefreshSummary } from "./refresh-bus";
export type { FileShownRow } from "./file-shown";
export { setFunctionsRuntime } from "./shared-runtime";

/**
 * Refresh All: re-fetches every request a live SERVICE cell shows, except stored execution results (they never
 * change), and pushes the new values into the cells without recalculating the workbook. `manual` (the pane's, after
 * its confirmation) fetches each within its cells' cap; `ribbon` (which cannot ask) and `open` (the workbook's open
 * behaviour) only what today's automatic budget has room for, holding the rest.
 */
export function refreshFunctionCells(reason: "manual" | "open" | "ribbon" = "manual"): Promise<RefreshSummary> {
  return functionsRuntime().refreshAll(reason);
}

/** What each request a Refresh All would fetch is expected to cost (its last size), for the pane's confirmation. */
export function functionsRefreshPlan(): RefreshPlanItem[] {
  return functionsRuntime().refreshPlan();
}

/** Automatic refreshes held for their cost: their cells keep their values untouched; the pane lists them and why. */
export function heldRefreshes(): HeldRefresh[] {
  return functionsRuntime().held.all();
}

export function onHeldRefreshesChange(listener: () => void): () => void {
  return functionsRuntime().held.onChange(listener);
}

/**
 * How SERVICE.SOURCE finds an inserted table's source: the pane, which knows the table bindings, registers the
 * lookup; call `tableSourcesChanged` after a table is inserted or refreshed.
 */
export function setTableSourceLookup(lookup: TableSourceLookup | undefined): void {
  functionsRuntime().setTableSources(lookup);
}

/** Where the SERVICE result anchored at (or spilled over) a cell came from, as the cell last showed it (the pane's Snapshot). */
export function resultSourceAt(sheet: string, row: number, column: number): ResultSource | undefined {
  return currentFunctionsRuntime()?.sourceAt(sheet, row, column);
}

export function tableSourcesChanged(): void {
  currentFunctionsRuntime()?.tableSourcesChanged();
}

/** HTTP requests issued, cache hits, shared in-flight answers, entries and live cells: for the pane and benchmarks. */
export function cacheStats(): CacheStats & { liveCells: number; statusRequests: number; autoRefreshTimers: number } {
  return functionsRuntime().cacheStats();
}
/** SERVICE cells showing the values the workbook file held as it opened, by request, with their age. */
export function fileShownCells(): FileShownRow[] {
  return functionsRuntime().fromFile.rows();
}

export function onFileShownChange(listener: () => void): () => void {
  return functionsRuntime().fromFile.onChange(listener);
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
export { RESULT_DATABASE } from "./result-store";
export { OPEN_BEHAVIOUR_SETTING, type OpenBehaviour, readOpenBehaviour } from "./open-phase";
export { SavedQueries, type QueryDeclaration } from "./saved-queries";

export {
  type QueryReportRow,
  type BudgetState,
  type HeldRefresh,
  type RefreshPlanItem,
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

/**
 * The workbook's daily credit budget for everything automatic (scheduled refreshes, refresh and re-runs on open,
 * `run=on_change`): its limit, what was spent against it today, what work going now holds.
 */
export function automaticBudget(): BudgetState {
  return functionsRuntime().queries.budgetState();
}

/** Sets the daily budget (credits, 0 = nothing automatic spends); the limit is kept in the document. */
export function setAutomaticBudget(creditsPerDay: number): void {
  functionsRuntime().queries.setBudget(creditsPerDay);
}

export function onAutomaticBudgetChange(listener: () => void): () => void {
  return functionsRuntime().budget.onChange(listener);
}

/** Re-runs stale and expired results of the cells on the sheets, within the budget (when the workbook opens). */
export function rerunStaleQueries(): Promise<RerunOutcome> {
  return functionsRuntime().queries.rerunStale();
}
