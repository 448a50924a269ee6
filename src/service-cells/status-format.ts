import { type ExecutionStatus, inflightLimitOf } from "../client";

/** "3.2 s", "42 s", "2 min 05 s", "1 h 03 min". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.floor(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(Math.floor(seconds % 60)).padStart(2, "0")} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

function time(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The state without its QUERY_STATE_ prefix: COMPLETED, EXECUTING, ... */
export function shortState(state: string): string {
  return state.replace(/^QUERY_STATE_/, "");
}

/**
 * What a STATUS cell shows. With detail (the default): the state, then in brackets the queue position while
 * pending and the time elapsed (running: since start, or since submission while queued; finished: start to end),
 * then the failure message. Without detail: the state alone, for formulas like =IF(SERVICE.STATUS(A1,FALSE)="COMPLETED",…).
 * A run that waits because the account has as many executions in progress as it may (the status's
 * `max_inflight_interactive_reached` above 0) is WAITING, its own state, and the detail says what to do.
 */
export function formatStatus(status: ExecutionStatus, nowMs: number, detail: boolean): string {
  const waiting = status.is_execution_finished ? undefined : inflightLimitOf(status);
  const state = waiting ? "WAITING" : shortState(status.state);
  if (!detail) return state;
  const started = time(status.execution_started_at) ?? time(status.submitted_at);
  const ended = time(status.execution_ended_at) ?? time(status.cancelled_at);
  const parts: string[] = [];
  if (typeof status.queue_position === "number" && !status.is_execution_finished)
    parts.push(`queue position ${status.queue_position}`);
  if (started !== undefined && status.state !== "QUERY_STATE_EXPIRED") {
    const end = status.is_execution_finished ? ended : nowMs;
    if (end !== undefined) parts.push(formatDuration(end - started));
  }
  const failure = status.state === "QUERY_STATE_FAILED" && status.error?.message ? `: ${status.error.message}` : "";
  const why = waiting ? `: ${waiting.userMessage}` : failure;
  return `${state}${parts.length ? ` (${parts.join(", ")})` : ""}${why}`;
}
