/**
 * What is happening to a parameter set's run right now, beyond the run the workbook remembers: a run going (from
 * the pane, or started by a `run=on_change` cell), the last attempt having failed, or an automatic run refused by
 * the workbook's credit budget. Kept for the session only: the document remembers completed runs, nothing else.
 */
export type QueryActivity =
  | { phase: "running"; since: number; origin: "pane" | "automatic"; executionId?: string }
  | { phase: "failed"; at: number; message: string }
  | { phase: "refused"; reason: "budget-off" | "budget-spent" };

/** What the pane's own run of a parameter set is doing (undefined: it ended, completed or cancelled). */
export type PaneRunNote = { phase: "running"; executionId?: string } | { phase: "failed"; message: string };

export class QueryActivities {
  readonly #byKey = new Map<string, QueryActivity>();
  readonly #listeners = new Set<(key: string) => void>();

  get(key: string): QueryActivity | undefined {
    return this.#byKey.get(key);
  }

  isRunning(key: string): boolean {
    return this.#byKey.get(key)?.phase === "running";
  }

  /** Undefined clears it (the run completed, or was cancelled). */
  set(key: string, activity: QueryActivity | undefined): void {
    if (activity) this.#byKey.set(key, activity);
    else if (!this.#byKey.delete(key)) return;
    for (const listener of [...this.#listeners]) listener(key);
  }

  /** Keys whose automatic run the budget refused (a raised budget tries them again). */
  refused(): string[] {
    return [...this.#byKey].filter(([, a]) => a.phase === "refused").map(([key]) => key);
  }

  onChange(listener: (key: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
