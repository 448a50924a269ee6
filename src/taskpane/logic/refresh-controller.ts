import { listBindings } from "../../excel";
import type { RefreshAllDeps } from "./refresh-all";
import { refreshAll, refreshSummary } from "./refresh-all";
import { type QueryRefreshMode, type RerunCost, type TableOutcome, rerunCost } from "./refresh-tables";
import { Store } from "./store";

export interface RefreshState {
  phase: "idle" | "refreshing" | "done";
  message: string;
  /** Table being refreshed (1-based) of how many. */
  table?: { index: number; total: number; name: string };
  rowsWritten: number;
  totalRows?: number;
  outcomes: TableOutcome[];
}

/** The pane's Refresh All: progress per table, cancel, and the confirmation before re-runs spend credits. */
export class RefreshController {
  readonly store = new Store<RefreshState>({ phase: "idle", message: "", rowsWritten: 0, outcomes: [] });
  #abort: AbortController | undefined;

  constructor(
    private readonly deps: RefreshAllDeps,
    /** Asked before any re-run; the view shows the cost and the user says yes or no. */
    private readonly confirmRerun: (cost: RerunCost) => Promise<boolean>,
  ) {}

  /** The cost a re-run of every query-bound table would have, for the button's label. */
  rerunCost(): RerunCost {
    return rerunCost(listBindings(this.deps.settings));
  }

  async refresh(mode: QueryRefreshMode): Promise<RefreshState> {
    if (this.store.state.phase === "refreshing") return this.store.state;
    // Asked before anything happens, cells included: "no" must mean nothing changed and nothing was spent.
    const cost = mode === "rerun" ? this.rerunCost() : undefined;
    if (cost && cost.tables > 0 && !(await this.confirmRerun(cost))) {
      this.store.set({
        phase: "done",
        message: "Nothing refreshed: re-running was declined, no credits spent.",
        outcomes: [],
      });
      return this.store.state;
    }
    const abort = new AbortController();
    this.#abort = abort;
    this.store.set({
      phase: "refreshing",
      message: "Refreshing…",
      table: undefined,
      rowsWritten: 0,
      totalRows: undefined,
      outcomes: [],
    });
    const result = await refreshAll(this.deps, {
      mode,
      signal: abort.signal,
      confirmRerun: async () => true, // confirmed above
      onTable: (index, total, b) =>
        this.store.set({
          table: { index: index + 1, total, name: b.tableName },
          rowsWritten: 0,
          totalRows: undefined,
          message: `Refreshing ${b.tableName} (${index + 1} of ${total})…`,
        }),
      onRows: (rowsWritten, totalRows) => this.store.set({ rowsWritten, totalRows }),
    });
    this.#abort = undefined;
    this.store.set({ phase: "done", table: undefined, outcomes: result.tables, message: refreshSummary(result) });
    return this.store.state;
  }

  cancel(): void {
    this.#abort?.abort();
  }
}
