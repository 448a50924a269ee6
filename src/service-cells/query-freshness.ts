import { type QueryRun, runExpiresAt } from "./query-runs";

/**
 * How a parameter set's remembered run stands: none; expired (the service has dropped its result: past its
 * `expires_at`, or 90 days after it ended); stale (older than the cell's `max_age_hours`: still shown, listed for a
 * re-run); or current.
 */
export type Freshness = "none" | "expired" | "stale" | "current";

const HOUR_MS = 3_600_000;

export function freshness(run: QueryRun | undefined, maxAgeHours: number | undefined, now: number): Freshness {
  if (!run) return "none";
  if (now >= runExpiresAt(run)) return "expired";
  const age = now - run.finishedAt;
  if (maxAgeHours !== undefined && age > maxAgeHours * HOUR_MS) return "stale";
  return "current";
}
