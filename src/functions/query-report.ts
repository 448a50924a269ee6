import type { QueryParameterValue } from "../client";
import type { PerformanceChoice } from "../billing";
import type { QueryActivities } from "./query-activity";
import type { QueryGroup } from "./query-cells";
import { freshness, type QueryRuns } from "../service-cells";

export type QueryRowState = "current" | "stale" | "not run" | "running" | "failed";

/** One distinct parameter set of the workbook's SERVICE.QUERY cells, as the pane's Report lists it. */
export interface QueryReportRow {
  /** Its identity (query, inputs, tier): what the pane passes back to run or cancel it. */
  key: string;
  queryId: number;
  parameters: Record<string, QueryParameterValue>;
  performance: PerformanceChoice;
  /** `Sheet!A1` of each cell showing it. */
  cells: string[];
  cellCount: number;
  state: QueryRowState;
  /** When its remembered run finished (epoch ms), if it has one (expired ones too). */
  lastRunAt?: number;
  /** The remembered run expired (the service keeps results 90 days). */
  expired: boolean;
  /** No current result (not run, expired or stale): "Run all needed" runs it. */
  needed: boolean;
  /** What one run costs. */
  credits: number;
  /** Why the last attempt failed, or why the budget refused an automatic run. */
  note?: string;
  /** Some cell of it has `run=on_change`. */
  runOnChange: boolean;
}

const REFUSED = {
  "budget-off": "Automatic run not started: no daily budget is set.",
  "budget-spent": "Automatic run not started: today's budget is spent.",
} as const;

const NO_ADDRESS =
  "run=on_change cannot work in this Excel build: it does not give add-ins the cell's address, so a changed input " +
  "cannot be told from the workbook opening. Run it from here.";

/** The report's rows, computed at `now` (staleness moves with time, so the pane asks again now and then). */
export function queryReport(
  groups: readonly QueryGroup[],
  runs: QueryRuns,
  activity: QueryActivities,
  now: number,
  /** What one run of a row costs: its query's last reported cost on that tier, else the tier's price. */
  estimate: (queryId: number, performance: PerformanceChoice) => number,
): QueryReportRow[] {
  return groups.map((group) => {
    const run = runs.get(group.key);
    const fresh = freshness(run, group.maxAgeHours, now);
    const going = activity.get(group.key);
    const state =
      going?.phase === "running"
        ? "running"
        : going?.phase === "failed"
          ? "failed"
          : fresh === "current"
            ? "current"
            : fresh === "stale"
              ? "stale"
              : "not run";
    const note =
      going?.phase === "failed"
        ? going.message
        : going?.phase === "refused"
          ? REFUSED[going.reason]
          : group.noAddress
            ? NO_ADDRESS
            : undefined;
    return {
      key: group.key,
      queryId: group.cell.queryId,
      parameters: group.cell.parameters,
      performance: group.cell.performance,
      cells: group.addresses,
      cellCount: group.count,
      state,
      lastRunAt: run?.finishedAt,
      expired: fresh === "expired",
      needed: fresh !== "current",
      credits: estimate(group.cell.queryId, group.cell.performance),
      ...(note ? { note } : {}),
      runOnChange: group.runOnChange,
    };
  });
}
