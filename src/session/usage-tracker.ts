import { type PerformanceChoice, estimateExecutionCredits } from "../billing";

/** What this runtime has spent since it started: the pane shows it; per-workbook totals are the pane's job. */
export interface UsageSnapshot {
  /** Credits of the executions started, as the cost model estimates them per tier (src/billing). */
  creditsSpent: number;
  executions: number;
  /** Datapoints (rows × columns) of the results fetched. */
  datapointsFetched: number;
  /** HTTP requests sent to the service. */
  requests: number;
}

/**
 * Counters held in memory for one session. Requests and executions are counted by the session's fetch wrapper;
 * datapoints by whoever turns a response into rows (the functions cache, the pane's insert), since only they
 * parse bodies and counting twice would cost a second parse.
 */
export class UsageTracker {
  #usage: UsageSnapshot = { creditsSpent: 0, executions: 0, datapointsFetched: 0, requests: 0 };
  readonly #listeners = new Set<(usage: UsageSnapshot) => void>();

  snapshot(): UsageSnapshot {
    return { ...this.#usage };
  }

  recordRequest(): void {
    this.#change({ requests: this.#usage.requests + 1 });
  }

  recordExecution(performance: PerformanceChoice = "auto"): void {
    this.#change({
      executions: this.#usage.executions + 1,
      creditsSpent: this.#usage.creditsSpent + estimateExecutionCredits({ performance }),
    });
  }

  recordDatapoints(count: number): void {
    if (!(Number.isFinite(count) && count > 0)) return;
    this.#change({ datapointsFetched: this.#usage.datapointsFetched + Math.round(count) });
  }

  reset(): void {
    this.#change({ creditsSpent: 0, executions: 0, datapointsFetched: 0, requests: 0 });
  }

  onChange(listener: (usage: UsageSnapshot) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #change(patch: Partial<UsageSnapshot>): void {
    this.#usage = { ...this.#usage, ...patch };
    const snapshot = this.snapshot();
    for (const listener of [...this.#listeners]) {
      try {
        listener(snapshot);
      } catch {
        // A broken listener (a closed pane) must not stop counting for the others.
      }
    }
  }
}
