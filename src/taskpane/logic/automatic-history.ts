import type { PerformanceChoice } from "../../billing";
import type { HistoryStore } from "./history-store";
import type { QueryReportSource } from "./report-source";
import { reportUnexpected } from "../../session";

/**
 * Runs started without a click (a `run=on_change` cell, re-runs on open) go into the pane's History like its own, so
 * every execution that spent credits can be found, inserted or downloaded later. Returns the unsubscribe.
 */
export function recordAutomaticRuns(
  source: Pick<QueryReportSource, "onAutomaticRun"> | undefined,
  history: HistoryStore,
  baseUrl: () => string,
  /** A run's estimate until its cost is reported. */
  estimate: (queryId: number, performance: PerformanceChoice) => number,
): () => void {
  if (!source) return () => undefined;
  return source.onAutomaticRun((run) => {
    // The store keeps storage failures from rejecting; the run goes on whatever happens to its History line.
    void history
      .upsert({
        executionId: run.executionId,
        queryId: run.queryId,
        parameters: run.parameters,
        performance: run.performance,
        state: run.state,
        ...(run.credits === undefined
          ? { credits: estimate(run.queryId, run.performance) }
          : { credits: run.credits, costReported: true }),
        submittedAt: new Date(run.submittedAt).toISOString(),
        baseUrl: baseUrl(),
        ...(run.error ? { error: run.error } : {}),
      })
      .catch(reportUnexpected("recording an automatic run in History"));
  });
}
