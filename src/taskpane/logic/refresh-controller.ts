import { listBindings } from "../../excel";
import type { RefreshAllDeps } from "./refresh-all";
import { refreshAll, refreshSummary } from "./refresh-all";
import { type QueryRefreshMode, type TableOutcome, rerunCost } from "./refresh-tables";
import type { RunsCost } from "./report-controller";
import { Store } from "./store";

/** What "Refresh all" with re-runs would spend: query-bound tables, and the Report's needed SERVICE.QUERY runs. */
export interface RefreshRerunCost {
  tables: number;
  /** Distinct SERVICE.QUERY input sets without a current result. */
  queries: number;
  credits: number;
}

/** The Report's needed runs, as Refresh All with re-runs includes them. */
export interface NeededQueryRuns {
  neededCost(): RunsCost;
  /** Runs the needed rows among `only`. */
  runAllNeeded(only: readonly string[]): Promise<{ message: string }>;
  /** Stops the runs: the one going and those not started. */
  cancel(): void;
}

/** The confirmation's question: what will run, and what it costs in total. */
export function rerunQuestion(cost: RefreshRerunCost): string {
  const parts: string[] = [];
  if (cost.tables > 0) parts.push(`${cost.tables} query table${cost.tables === 1 ? "" : "s"}`);
  if (cost.queries > 0) parts.push(`${cost.queries} SERVICE.QUERY input set${cost.queries === 1 ? "" : "s"}`);
  return `Re-running ${parts.join(" and ")} costs ${cost.credits} credits. Run them now?`;
}

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
    private readonly confirmRerun: (cost: RefreshRerunCost) => Promise<boolean>,
    /** The Report's needed SERVICE.QUERY runs, re-run with the tables (absent: tables only). */
    private readonly queries?: NeededQueryRuns,
  ) {}

  /** The cost of re-running every query-bound table and every needed SERVICE.QUERY input set, for the label. */
  rerunCost(): RefreshRerunCost {
    return this.#rerunCost().cost;
  }

  #rerunCost(): { cost: RefreshRerunCost; queryKeys: string[] } {
    const tables = rerunCost(listBindings(this.deps.settings));
    const queries = this.queries?.neededCost() ?? { runs: 0, credits: 0, keys: [] };
    return {
      cost: { tables: tables.tables, queries: queries.runs, credits: tables.credits + queries.credits },
      queryKeys: queries.keys,
    };
  }

  async refresh(mode: QueryRefreshMode): Promise<RefreshState> {
    if (this.store.state.phase === "refreshing") return this.store.state;
    // Asked before anything happens, cells included: "no" must mean nothing changed and nothing was spent.
    const planned = mode === "rerun" ? this.#rerunCost() : undefined;
    const cost = planned?.cost;
    if (cost && cost.tables + cost.queries > 0 && !(await this.confirmRerun(cost))) {
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
    let message = refreshSummary(result);
    if (planned && planned.queryKeys.length > 0 && !abort.signal.aborted && this.queries) {
      // Then the Report's needed runs, those the confirmation named and no others: the cells fill as each completes.
      this.store.set({ table: undefined, message: `Running ${planned.queryKeys.length} SERVICE.QUERY input sets…` });
      message += ` SERVICE.QUERY: ${(await this.queries.runAllNeeded(planned.queryKeys)).message}`;
    }
    this.#abort = undefined;
    this.store.set({ phase: "done", table: undefined, outcomes: result.tables, message });
    return this.store.state;
  }

  cancel(): void {
    if (!this.#abort) return;
    this.#abort.abort();
    this.queries?.cancel();
  }
}
