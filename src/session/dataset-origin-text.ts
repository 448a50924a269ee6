import { scheduleForPath } from "../client";
import type { DatasetOrigin } from "./dataset-reader";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/** "4 minutes", "3 hours", "12 days": how old a result is, in words. */
export function ageText(ms: number): string {
  if (ms < MINUTE) return "less than a minute";
  if (ms < HOUR) return plural(Math.floor(ms / MINUTE), "minute");
  if (ms < 2 * DAY) return plural(Math.floor(ms / HOUR), "hour");
  return plural(Math.floor(ms / DAY), "day");
}

/** "2026-03-01 10:00 UTC". */
function utcText(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * A result counts as old once it has missed two of the dataset's scheduled refreshes and is a day old: the query
 * behind a retired endpoint may stop being refreshed, and nothing else would tell.
 */
export function isOldResult(path: string, ageMs: number): boolean {
  const schedule = scheduleForPath(path);
  const period = schedule === undefined ? DAY : schedule.kind === "every" ? schedule.minutes * MINUTE : DAY;
  return ageMs > Math.max(2 * period, DAY);
}

/**
 * What a cell (on hover) and the pane say about rows read through a dataset's saved query: which query, how old its
 * result is (an old one said to be old), and why. Undefined for rows from the endpoint itself.
 */
export function datasetOriginText(origin: DatasetOrigin | undefined, nowMs: number): string | undefined {
  if (origin === undefined || origin.kind === "endpoint") return undefined;
  const gone = `its endpoint ${origin.path} is gone.`;
  const ended = origin.endedAt === undefined ? NaN : Date.parse(origin.endedAt);
  if (!Number.isFinite(ended)) {
    return `Rows from saved query ${origin.queryId}'s latest result (the service did not say how old): ${gone}`;
  }
  const age = Math.max(0, nowMs - ended);
  if (isOldResult(origin.path, age)) {
    return (
      `OLD DATA: rows from saved query ${origin.queryId}'s latest result, which ended ${ageText(age)} ago ` +
      `(${utcText(ended)}); the query may no longer be refreshed, as ${gone}`
    );
  }
  return `Rows from saved query ${origin.queryId}'s latest result, ${ageText(age)} old (${utcText(ended)}): ${gone}`;
}
