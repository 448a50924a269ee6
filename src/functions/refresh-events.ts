/** Why cells received new values without a recalculation. */
export type RefreshReason = "manual" | "auto" | "session" | "execution-finished";

export interface RefreshEvent {
  reason: RefreshReason;
  /** Distinct requests refreshed. */
  keys: number;
  cells: number;
  requests: number;
  /** Requests that ended in an error (their cells show it). */
  failed: number;
  at: number;
}

/** Listeners of the refresh bus: the pane shows "refreshed 12 cells at 10:45", benchmarks count requests. */
export class RefreshEvents {
  readonly #listeners = new Set<(event: RefreshEvent) => void>();

  on(listener: (event: RefreshEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: RefreshEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch {
        // One broken listener (a closed pane) must not stop the others.
      }
    }
  }
}
