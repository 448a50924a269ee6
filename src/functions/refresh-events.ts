/**
 * Why cells received new values without a recalculation. `auto` (a dataset's scheduled refresh), `open` (the
 * workbook opened, set to refresh) and `ribbon` (Refresh All from the ribbon, which cannot ask) spend only within the
 * workbook's daily automatic budget.
 */
export type RefreshReason = "manual" | "auto" | "open" | "ribbon" | "session" | "execution-finished";

/** The reasons whose fetches are automatic: held to the budget. */
export const AUTOMATIC_REASONS: readonly RefreshReason[] = ["auto", "open", "ribbon"];

export interface RefreshEvent {
  reason: RefreshReason;
  /** Distinct requests refreshed. */
  keys: number;
  cells: number;
  requests: number;
  /** Requests that ended in an error (their cells show it). */
  failed: number;
  /** Requests not fetched (or stopped) for their cost: their cells keep their values (the held list or the cells say why). */
  held: number;
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
