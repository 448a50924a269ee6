import type { ExecutionState } from "../types";

/** States after which nothing changes. Both spellings of cancelled occur. */
export const TERMINAL_STATES: ReadonlySet<string> = new Set<ExecutionState>([
  "QUERY_STATE_COMPLETED",
  "QUERY_STATE_COMPLETED_PARTIAL",
  "QUERY_STATE_FAILED",
  "QUERY_STATE_CANCELLED",
  "QUERY_STATE_CANCELED",
  "QUERY_STATE_EXPIRED",
]);

export function isCancelledState(state: string | undefined): boolean {
  return state === "QUERY_STATE_CANCELLED" || state === "QUERY_STATE_CANCELED";
}

/** Terminal by name, or by the server's own flag (covers states added after this client was written). */
export function isTerminal(status: { state?: string; is_execution_finished?: boolean }): boolean {
  return (status.state !== undefined && TERMINAL_STATES.has(status.state)) || status.is_execution_finished === true;
}
