import type { Clock } from "../../clock";
import type { ExcelRun, SettingsLike } from "../../excel";
import { paneMessage } from "./messages";
import {
  type OpenBehaviour,
  type StartupBehaviorApi,
  applyStartupBehaviour,
  readOpenBehaviour,
} from "./open-behaviour";
import type { QueryReportSource } from "./report-source";

export interface OnOpenDeps {
  settings: SettingsLike;
  run: ExcelRun;
  clock: Clock;
  addin?: StartupBehaviorApi;
  /** The functions' SERVICE.QUERY side (absent when the functions bundle is not loaded). */
  queryReport?: Pick<QueryReportSource, "rows" | "rerunStale">;
  /** The SERVICE cells' refresh; `open` fetches only what the workbook's automatic budget has room for. */
  refreshFunctions?: (reason?: "manual" | "open" | "ribbon") => Promise<unknown>;
  /** The SERVICE cells' requests (to wait until Excel has handed them over). */
  refreshPlan?: () => { cells: number }[];
  /** The session's stored key being read: cells and runs need it. */
  ready?: Promise<unknown>;
  /** How long the count of SERVICE.QUERY cells must stay still before re-running (they arrive after the recalculation). */
  quietMs?: number;
}

export interface OnOpenOutcome {
  behaviour: OpenBehaviour;
  /** The SERVICE cells were refreshed (those the budget had room for; the others are listed as held). */
  refreshed: boolean;
  /** Requests of SERVICE cells held for their cost (their cells keep their values; the Report tab lists why). */
  held?: number;
  /** Re-runs started and refused (budget off or spent, or already running). */
  rerun?: { started: number; refused: number };
  /** What went wrong, in words for the pane. */
  error?: string;
}

/**
 * What the workbook asked to happen when it opens (the shared runtime starts with the document when the choice is
 * not "nothing"): once Excel has handed the SERVICE cells over (it calls streaming functions again when a workbook
 * opens), each cell's data is fetched again within the workbook's daily automatic budget (reads cost credits: what
 * does not fit is held: its cells keep their values and the Report tab lists it), then, if chosen, stale or expired
 * SERVICE.QUERY results re-run within the same budget. "Nothing" spends nothing and sends nothing. Never throws: the
 * outcome says what failed.
 */
export async function runOnOpen(deps: OnOpenDeps): Promise<OnOpenOutcome> {
  const behaviour = readOpenBehaviour(deps.settings);
  const outcome: OnOpenOutcome = { behaviour, refreshed: false };
  try {
    // Keep Office's startup behaviour in step with the document's choice (a file saved by a host without the API).
    await applyStartupBehaviour(deps.addin, behaviour);
  } catch {
    // Not fatal: the behaviour still runs now that the runtime is up.
  }
  if (behaviour === "nothing") return outcome;
  try {
    await deps.ready;
    const count = (): number =>
      (deps.queryReport?.rows() ?? []).reduce((n, row) => n + row.cellCount, 0) +
      (deps.refreshPlan?.() ?? []).reduce((n, item) => n + item.cells, 0);
    if (deps.queryReport || deps.refreshPlan) await cellsArrived(count, deps.clock, deps.quietMs ?? 1000);
    const summary = (await deps.refreshFunctions?.("open")) as { held?: number } | undefined;
    outcome.refreshed = deps.refreshFunctions !== undefined;
    if (summary?.held) outcome.held = summary.held;
    if (behaviour === "rerun" && deps.queryReport) outcome.rerun = await deps.queryReport.rerunStale();
  } catch (error) {
    outcome.error = paneMessage(error);
  }
  return outcome;
}

/** Resolves once the number of SERVICE cells has not changed for `quietMs` (at most 10 such waits). */
async function cellsArrived(cells: () => number, clock: Clock, quietMs: number): Promise<void> {
  let count = -1;
  for (let i = 0; i < 10; i++) {
    const now = cells();
    if (now === count) return;
    count = now;
    await new Promise<void>((resolve) => clock.setTimeout(resolve, quietMs));
  }
}
