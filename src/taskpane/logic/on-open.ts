import type { Clock } from "../../client";
import { type ExcelRun, recalculateAll, type SettingsLike } from "../../excel";
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
  /** The session's stored key being read: cells and runs need it. */
  ready?: Promise<unknown>;
  /** How long the count of SERVICE.QUERY cells must stay still before re-running (they arrive after the recalculation). */
  quietMs?: number;
}

export interface OnOpenOutcome {
  behaviour: OpenBehaviour;
  recalculated: boolean;
  /** Re-runs started and refused (budget off or spent, or already running). */
  rerun?: { started: number; refused: number };
  /** What went wrong, in words for the pane. */
  error?: string;
}

/**
 * What the workbook asked to happen when it opens (the shared runtime starts with the document when the choice is
 * not "nothing"): a full recalculation so every SERVICE cell fetches its data again (free), then, if chosen,
 * stale or expired SERVICE.QUERY results re-run within the daily credit budget. "Nothing" spends nothing and sends
 * nothing. Never throws: the outcome says what failed.
 */
export async function runOnOpen(deps: OnOpenDeps): Promise<OnOpenOutcome> {
  const behaviour = readOpenBehaviour(deps.settings);
  const outcome: OnOpenOutcome = { behaviour, recalculated: false };
  try {
    // Keep Office's startup behaviour in step with the document's choice (a file saved by a host without the API).
    await applyStartupBehaviour(deps.addin, behaviour);
  } catch {
    // Not fatal: the behaviour still runs now that the runtime is up.
  }
  if (behaviour === "nothing") return outcome;
  try {
    await deps.ready;
    await recalculateAll(deps.run);
    outcome.recalculated = true;
    if (behaviour === "rerun" && deps.queryReport) {
      await cellsArrived(deps.queryReport, deps.clock, deps.quietMs ?? 1000);
      outcome.rerun = await deps.queryReport.rerunStale();
    }
  } catch (error) {
    outcome.error = paneMessage(error);
  }
  return outcome;
}

/** Resolves once the number of SERVICE.QUERY cells has not changed for `quietMs` (at most 10 such waits). */
async function cellsArrived(source: Pick<QueryReportSource, "rows">, clock: Clock, quietMs: number): Promise<void> {
  let count = -1;
  for (let i = 0; i < 10; i++) {
    const now = source.rows().reduce((n, row) => n + row.cellCount, 0);
    if (now === count) return;
    count = now;
    await new Promise<void>((resolve) => clock.setTimeout(resolve, quietMs));
  }
}
