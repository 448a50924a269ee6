import { RUN_RETENTION_MS, type QueryRun } from "./query-runs";

/**
 * How a parameter set's remembered run stands: none; expired (the service has dropped its result after 90 days);
 * stale (older than the cell's `max_age_hours`: still shown, listed for a re-run); or current.
 */
export type Freshness = "none" | "expired" | "stale" | "current";

const HOUR_MS = 3_600_000;

export function freshness(run: QueryRun | undefined, maxAgeHours: number | undefined, now: number): Freshness {
  if (!run) return "none";
  const age = now - run.finishedAt;
  if (age >= RUN_RETENTION_MS) return "expired";
  if (maxAgeHours !== undefined && age > maxAgeHours * HOUR_MS) return "stale";
  return "current";
}
