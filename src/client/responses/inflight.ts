import type { ExecutionStatus } from "../types";

/** The account has as many executions in progress as it may: this one waits for a slot. */
export interface InflightLimit {
  /** Executions in progress (the status's `max_inflight_interactive_reached`). */
  inFlight: number;
  /** How many may be in progress at once (`max_inflight_interactive_executions`), when the service said. */
  limit?: number;
  /** What to tell the user: why nothing moves, and what to do. */
  userMessage: string;
}

/**
 * "Too many executions in flight", from a status: the service sets `max_inflight_interactive_reached` (an integer,
 * the executions in progress) above 0 only when the account has reached its limit of concurrent executions (three on
 * the Free engine). Undefined when the limit is not reached or the service did not say.
 */
export function inflightLimitOf(
  status: Pick<ExecutionStatus, "max_inflight_interactive_reached" | "max_inflight_interactive_executions">,
): InflightLimit | undefined {
  const reached: unknown = status.max_inflight_interactive_reached;
  const count = typeof reached === "number" && Number.isFinite(reached) && reached > 0 ? reached : undefined;
  if (count === undefined) return undefined;
  const max: unknown = status.max_inflight_interactive_executions;
  const limit = typeof max === "number" && Number.isFinite(max) && max > 0 ? max : undefined;
  const how = limit !== undefined ? `${count} in progress; ${limit} may run at once` : `${count} in progress`;
  const out: InflightLimit = {
    inFlight: count,
    userMessage: `Too many executions in progress (${how}): this run waits. Wait for a run to finish or cancel one.`,
  };
  if (limit !== undefined) out.limit = limit;
  return out;
}
