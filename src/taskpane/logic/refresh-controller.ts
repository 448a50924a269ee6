import { addCredits } from "../../billing";
import { listBindings } from "../../excel";
import type { RefreshAllDeps } from "./refresh-all";
import { refreshAll, refreshSummary } from "./refresh-all";
import { type RefreshPlan, type RefreshPlanDeps, planRefresh } from "./refresh-plan";
import { type QueryRefreshMode, type TableOutcome, rerunCost } from "./refresh-tables";
import type { RunsCost } from "./report-controller";
import { Store } from "./store";
import { plannedReuploads, reuploadAll, reuploadSummary } from "./upload/reupload";

/** What "Refresh all" with re-runs would spend on runs: query-bound tables, and the Report's needed SERVICE.QUERY runs. */
export interface RefreshRerunCost {
  tables: number;
  /** Distinct SERVICE.QUERY input sets without a current result. */
  queries: number;
  /** Ranges uploaded from this workbook, sent again with re-runs. */
  uploads: number;
  credits: number;
}

/** The Report's needed runs, as Refresh All with re-runs includes them. */
export interface NeededQueryRuns {
  neededCost(): RunsCost;
  /** Each needed run, described, with its estimate. */
  neededRuns(): { key: string; what: string; credits: number }[];
  /** Runs the needed rows among `only`. */
  runAllNeeded(only: readonly string[]): Promise<{ message: string }>;
  /** Stops the runs: the one going and those not started. */
  cancel(): void;
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

/**
 * The pane's Refresh All: it first lists the reads (every SERVICE cell's request, every bound table) and, with
 * re-runs, the runs it will make, each with its estimated credits, and the total; nothing is fetched unless the user
 * agrees. Then progress per table, and cancel.
 */
export class RefreshController {
  readonly store = new Store<RefreshState>({ phase: "idle", message: "", rowsWritten: 0, outcomes: [] });
  #abort: AbortController | undefined;

  constructor(
    private readonly deps: RefreshAllDeps & RefreshPlanDeps,
    /** Asked before anything is fetched: the view lists the plan and the user says yes or no. */
    private readonly confirm: (plan: RefreshPlan) => Promise<boolean>,
    /** The Report's needed SERVICE.QUERY runs, re-run with the tables (absent: tables only). */
    private readonly queries?: NeededQueryRuns,
  ) {}

  /** The cost of re-running every query-bound table and every needed SERVICE.QUERY input set, for the label. */
  rerunCost(): RefreshRerunCost {
    const tables = rerunCost(listBindings(this.deps.settings), (id, tier) =>
      this.deps.session.estimateExecution(id, tier),
    );
    const queries = this.queries?.neededCost() ?? { runs: 0, credits: 0, keys: [] };
    const uploads = plannedReuploads(this.deps.settings);
    return {
      tables: tables.tables,
      queries: queries.runs,
      uploads: uploads.length,
      credits: addCredits(tables.credits, queries.credits, ...uploads.map((u) => u.credits)),
    };
  }

  /** What Refresh All would do now, priced. */
  plan(mode: QueryRefreshMode): RefreshPlan {
    return planRefresh(this.deps, mode, mode === "rerun" ? (this.queries?.neededRuns() ?? []) : []);
  }

  async refresh(mode: QueryRefreshMode): Promise<RefreshState> {
    if (this.store.state.phase === "refreshing") return this.store.state;
    // Asked before anything happens, cells included: "no" must mean nothing changed and nothing was spent.
    const neededKeys = mode === "rerun" ? (this.queries?.neededRuns() ?? []).map((r) => r.key) : [];
    const plan = this.plan(mode);
    // Nothing to read or run: said so, rather than "refreshed" over nothing.
    if (plan.items.length === 0) {
      const uploads = plannedReuploads(this.deps.settings).length;
      const message =
        uploads > 0
          ? `Nothing to refresh without re-runs: tick "Re-run queries" to re-upload ${uploads} uploaded table${uploads === 1 ? "" : "s"}.`
          : "Nothing to refresh: this workbook has no SERVICE cells or bound tables yet.";
      this.store.set({ phase: "done", message, outcomes: [] });
      return this.store.state;
    }
    if (!(await this.confirm(plan))) {
      this.store.set({ phase: "done", message: "Nothing refreshed: declined, no credits spent.", outcomes: [] });
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
    if (neededKeys.length > 0 && !abort.signal.aborted && this.queries) {
      // Then the Report's needed runs, those the confirmation named and no others: the cells fill as each completes.
      this.store.set({ table: undefined, message: `Running ${neededKeys.length} SERVICE.QUERY input sets…` });
      message += ` SERVICE.QUERY: ${(await this.queries.runAllNeeded(neededKeys)).message}`;
    }
    const outcomes = [...result.tables];
    if (mode === "rerun" && !abort.signal.aborted && plannedReuploads(this.deps.settings).length > 0) {
      // Last, the ranges the confirmation listed: each read again and sent as a Replace.
      this.store.set({ table: undefined, message: "Re-uploading ranges…" });
      const uploads = await reuploadAll(this.deps, abort.signal);
      outcomes.push(...uploads);
      message += ` ${reuploadSummary(uploads)}`;
    }
    this.#abort = undefined;
    this.store.set({ phase: "done", table: undefined, outcomes, message });
    return this.store.state;
  }

  cancel(): void {
    if (!this.#abort) return;
    this.#abort.abort();
    this.queries?.cancel();
  }
}
