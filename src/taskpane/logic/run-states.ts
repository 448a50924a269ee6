import { type ExecutionStatus, type QueryParameterValue, isTerminal } from "../../client";
import type { PerformanceChoice } from "../../billing";
import { reportedExecutionCredits } from "../../billing";
import type { HistoryEntry } from "./history-store";

export type RunPhase = "idle" | "starting" | "running" | "cancelling" | "completed" | "failed" | "cancelled";

export interface RunRequest {
  queryId: number;
  parameters: Record<string, QueryParameterValue>;
  performance: PerformanceChoice;
  /**
   * A run from the query's own form sends every declared parameter; these are the ones that differ from the
   * query's defaults. A SERVICE.QUERY cell giving just these means the same run, so it is told of it too.
   */
  sameRunAs?: Record<string, QueryParameterValue>;
}

export interface RunState {
  phase: RunPhase;
  request?: RunRequest;
  executionId?: string;
  /** The server's state name (QUERY_STATE_…). */
  serverState?: string;
  queuePosition?: number;
  /** The account has as many executions in progress as it may: this run waits for one to end (the message says so). */
  waitingForSlot?: boolean;
  elapsedMs: number;
  message: string;
  /** Set when the run completed: what Insert will fetch. */
  rowCount?: number;
  /** When the service deletes the result (its `expires_at`), once the run completed. */
  expiresAt?: string;
  partial: boolean;
}

/** "Queued (position 3)", "Running", … for the live status line. */
export function describeState(state: string, queuePosition?: number): string {
  switch (state) {
    case "QUERY_STATE_PENDING":
      return queuePosition === undefined ? "Queued." : `Queued (position ${queuePosition}).`;
    case "QUERY_STATE_EXECUTING":
      return "Running…";
    default:
      return state
        .replace(/^QUERY_STATE_/, "")
        .toLowerCase()
        .replace(/_/g, " ");
  }
}

/** What a status tells the history: state, expiry, rows, the credits the server charged, its error message. */
export function historyPatch(status: ExecutionStatus): Partial<HistoryEntry> {
  const patch: Partial<HistoryEntry> = { state: status.state };
  if (status.expires_at) patch.expiresAt = status.expires_at;
  const rows = status.result_metadata?.total_row_count ?? status.result_metadata?.row_count;
  if (rows !== undefined) patch.rowCount = rows;
  // The cost once the service reports it: a run not started yet reports 0, which is news only once it has ended.
  const cost = reportedExecutionCredits(status);
  if (cost !== undefined && (cost > 0 || isTerminal(status))) {
    patch.credits = cost;
    patch.costReported = true;
  }
  if (status.error?.message) patch.error = status.error.message;
  return patch;
}
