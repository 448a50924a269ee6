import { addCredits } from "../billing";

/** What this runtime has spent since it started: the pane shows it; per-workbook totals live in the ledger. */
export interface UsageSnapshot {
  /** Credits of reads and executions: `readCredits + executionCredits`. */
  creditsSpent: number;
  /** Credits of the result pages received, priced by the user's plan from their exact sizes. */
  readCredits: number;
  /** Bytes of those pages, before compression. */
  readBytes: number;
  /** Result pages received that the service bills. */
  reads: number;
  /** Credits of the executions started: each one's reported cost once a status gave it, its estimate until then. */
  executionCredits: number;
  executions: number;
  /** Datapoints (rows × columns) of the results fetched. */
  datapointsFetched: number;
  /** HTTP requests sent to the service. */
  requests: number;
}

const ZERO: UsageSnapshot = {
  creditsSpent: 0,
  readCredits: 0,
  readBytes: 0,
  reads: 0,
  executionCredits: 0,
  executions: 0,
  datapointsFetched: 0,
  requests: 0,
};

/**
 * Counters held in memory for one session. Requests are counted by the session's fetch wrapper; reads and
 * executions by the client's observer (exact sizes, reported costs); datapoints by whoever turns a response into
 * rows (the functions cache, the pane's insert), since only they parse bodies.
 */
export class UsageTracker {
  #usage: UsageSnapshot = { ...ZERO };
  readonly #listeners = new Set<(usage: UsageSnapshot) => void>();

  snapshot(): UsageSnapshot {
    return { ...this.#usage };
  }

  recordRequest(): void {
    this.#change({ requests: this.#usage.requests + 1 });
  }

  recordRead(bytes: number, credits: number): void {
    const readCredits = addCredits(this.#usage.readCredits, credits);
    this.#change({
      reads: this.#usage.reads + 1,
      readBytes: this.#usage.readBytes + bytes,
      readCredits,
      creditsSpent: addCredits(readCredits, this.#usage.executionCredits),
    });
  }

  /** An execution the service accepted, at its estimated cost (corrected by `adjustExecutionCredits`). */
  recordExecution(estimatedCredits: number): void {
    const executionCredits = addCredits(this.#usage.executionCredits, estimatedCredits);
    this.#change({
      executions: this.#usage.executions + 1,
      executionCredits,
      creditsSpent: addCredits(this.#usage.readCredits, executionCredits),
    });
  }

  /** A status reported what an execution cost: the difference from what was counted for it so far. */
  adjustExecutionCredits(delta: number): void {
    if (delta === 0) return;
    const executionCredits = addCredits(this.#usage.executionCredits, delta);
    this.#change({ executionCredits, creditsSpent: addCredits(this.#usage.readCredits, executionCredits) });
  }

  recordDatapoints(count: number): void {
    if (!(Number.isFinite(count) && count > 0)) return;
    this.#change({ datapointsFetched: this.#usage.datapointsFetched + Math.round(count) });
  }

  reset(): void {
    this.#change({ ...ZERO });
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
