import type { Clock } from "../clock";
import type { Session } from "../session";
import { type AutomaticRunEvent, AutoRuns } from "./auto-runs";
import { type PaneRunNote, QueryActivities } from "./query-activity";
import type { AutomaticBudget, BudgetState } from "./automatic-budget";
import { showQueryCell } from "./query-cell";
import { QueryCells } from "./query-cells";
import {
  freshness,
  type QueryCell,
  queryRunKey,
  QueryRuns,
  readQueryCell,
  type RunSettings,
  withDeclaration,
} from "../service-cells";
import { type QueryReportRow, queryReport } from "./query-report";
import type { QueryDeclaration } from "./saved-queries";
import { reportUnexpected } from "../session";

type Invocation = CustomFunctions.StreamingInvocation<unknown[][]>;

export interface QueryServiceDeps {
  session: Session;
  clock: Clock;
  ready: Promise<unknown>;
  runSettings: () => RunSettings | undefined;
  /** Shows an execution's result in `sink` as a RESULTS cell would; returns the detach. */
  serve(executionId: string, cell: QueryCell, sink: Invocation): () => void;
  toError(error: unknown): CustomFunctions.Error;
  notAvailable(message: string): CustomFunctions.Error;
  /** A failure's message for a cell (the same words a RESULTS cell would show). */
  failureMessage(error: unknown): string;
  /** The query's declared parameters (one request per query id in the runtime), or why they are not known. */
  declaration(queryId: number): Promise<QueryDeclaration>;
  /** The workbook's one daily budget for everything automatic. */
  budget: AutomaticBudget;
  /** What a run of this query on this tier is expected to cost (its last reported cost, else the tier's price). */
  estimate(queryId: number, performance: QueryCell["performance"]): number;
}

/** A QUERY cell on show under one run key; `previousKey` is what its address showed before. */
interface Shown {
  key: string;
  previousKey?: string;
  stop(): void;
}

/** What re-running the workbook's stale results came to. */
export interface RerunOutcome {
  started: number;
  /** Not started: the budget was off or spent, or a run with the inputs was already going. */
  refused: number;
}

/**
 * SERVICE.QUERY behind the cells: the workbook's remembered runs, the live cells and what they wait for, the
 * report the pane lists, and the only runs that start without a click (`run=on_change` and re-runs on open), held
 * to the workbook's daily credit budget. Nothing here runs a query on recalculation, on entering a formula or on
 * opening the workbook by itself.
 */
export class QueryService {
  readonly runs: QueryRuns;
  readonly activity = new QueryActivities();
  readonly budget: AutomaticBudget;
  readonly cells = new QueryCells();
  readonly #auto: AutoRuns;
  readonly #deps: QueryServiceDeps;
  readonly #runListeners = new Set<(event: AutomaticRunEvent) => void>();

  constructor(deps: QueryServiceDeps) {
    this.#deps = deps;
    this.runs = new QueryRuns(deps.runSettings, () => deps.clock.now());
    this.budget = deps.budget;
    this.#auto = new AutoRuns({
      client: () => deps.session.client(),
      ready: deps.ready,
      runs: this.runs,
      activity: this.activity,
      budget: this.budget,
      estimate: deps.estimate,
      now: () => deps.clock.now(),
      failureMessage: deps.failureMessage,
      onEvent: (event) => {
        for (const listener of [...this.#runListeners]) listener(event);
      },
    });
  }

  /**
   * A SERVICE.QUERY cell: the result of the workbook's last run with its inputs, fetched by execution id (no
   * credits), or #N/A saying why there is none. With `run=on_change` a cell whose inputs changed (the same
   * address showed other inputs before) runs them when they have no current result, within the budget.
   */
  query(queryId: unknown, args: unknown[][][] | null | undefined, invocation: Invocation): void {
    let read: QueryCell;
    try {
      read = readQueryCell(queryId, args);
    } catch (error) {
      invocation.setResult(this.#deps.toError(error));
      return;
    }
    // The metadata asks for the address (requiresStreamAddress); a build that ignores it gives none.
    if (read.runOnChange && invocation.address === undefined) read = { ...read, noAddress: true };
    // Shown at once with its inputs typed by their names (the remembered run needs no request); typed again by the
    // query's own declaration when that arrives, which changes the inputs only where the two disagree (a number
    // named like a date) or refuses a name the query does not have. A `run=on_change` cell may spend credits on its
    // own, so it waits for the declaration before it shows (or runs) anything.
    const first = read.runOnChange ? undefined : this.#show(read, invocation);
    let current: Shown | undefined = first;
    let canceled = false;
    invocation.onCanceled = () => {
      canceled = true;
      current?.stop();
    };
    void this.#deps
      .declaration(read.queryId)
      .then((declared) => {
        if (canceled) return;
        let cell = read;
        try {
          if (declared.known) cell = withDeclaration(read, declared.query);
        } catch (error) {
          current?.stop();
          current = undefined;
          invocation.setResult(this.#deps.toError(error));
          return;
        }
        const key = queryRunKey(cell.queryId, cell.parameters, cell.performance);
        // What the address showed before: its inputs changed, or the formula was entered or loaded. Decided before
        // the cell shows, so it shows "running" (or why not) rather than "not run" first.
        const previousKey = first ? first.previousKey : this.cells.lastKeyAt(invocation.address);
        if (cell.runOnChange && previousKey !== undefined && previousKey !== key) this.#runIfNeeded(key, cell);
        if (key !== current?.key) {
          current?.stop();
          current = this.#show(cell, invocation);
        }
      })
      .catch(reportUnexpected("typing a QUERY cell's inputs"));
  }

  /** The cell with typed inputs: remembered run, live updates, and the report's row. */
  #show(cell: QueryCell, invocation: Invocation): Shown {
    const key = queryRunKey(cell.queryId, cell.parameters, cell.performance);
    const { previousKey, remove } = this.cells.add(key, cell, invocation.address);
    const stop = showQueryCell(
      {
        runs: this.runs,
        activity: this.activity,
        budget: this.budget,
        now: () => this.#deps.clock.now(),
        serve: this.#deps.serve,
        notAvailable: this.#deps.notAvailable,
      },
      key,
      cell,
      invocation,
    );
    return {
      key,
      previousKey,
      stop: () => {
        stop();
        remove();
      },
    };
  }

  /** One row per distinct parameter set on the sheets now (identical inputs across cells once). */
  report(): QueryReportRow[] {
    return queryReport(this.cells.groups(), this.runs, this.activity, this.#deps.clock.now(), this.#deps.estimate);
  }

  /** Called when anything the report shows may have changed (cells, runs, activity, budget). */
  onReportChange(listener: () => void): () => void {
    const offs = [
      this.cells.onChange(listener),
      this.runs.onRecord(() => listener()),
      this.activity.onChange(() => listener()),
      this.budget.onChange(listener),
    ];
    return () => offs.forEach((off) => off());
  }

  /** The pane tells of its own run of a parameter set: going, failed, or ended (undefined). */
  note(key: string, note: PaneRunNote | undefined): void {
    const now = this.#deps.clock.now();
    if (note?.phase === "running") {
      const executionId = note.executionId ? { executionId: note.executionId } : {};
      this.activity.set(key, { phase: "running", since: now, origin: "pane", ...executionId });
    } else if (note?.phase === "failed") this.activity.set(key, { phase: "failed", at: now, message: note.message });
    else this.activity.set(key, undefined);
  }

  /** Each state an automatic run reaches once the service accepted it (the pane's History records them). */
  onAutomaticRun(listener: (event: AutomaticRunEvent) => void): () => void {
    this.#runListeners.add(listener);
    return () => this.#runListeners.delete(listener);
  }

  /** Cancels an automatic run (the pane's own runs are cancelled by the pane). */
  cancelAutomatic(key: string): boolean {
    return this.#auto.cancel(key);
  }

  budgetState(): BudgetState {
    return this.budget.state();
  }

  /**
   * A new daily budget, for automatic work from now on. What the old one held stays held: raising the budget is a
   * deliberate act, but not a click on "run", and nothing held is retried by itself. A held run waits for the pane
   * (the Report tab's Run, Refresh All) or for its inputs to change again; its cell stops quoting the old budget and
   * says it has not run and how to run it.
   */
  setBudget(creditsPerDay: number): void {
    this.budget.setCreditsPerDay(creditsPerDay);
    for (const key of this.activity.refused()) this.activity.set(key, undefined);
  }

  /**
   * Re-runs, one after another, every parameter set whose result is stale or expired, within the budget (when the
   * workbook opens, if the user chose so). Sets never run or running now are left alone.
   */
  async rerunStale(): Promise<RerunOutcome> {
    const outcome: RerunOutcome = { started: 0, refused: 0 };
    const groups = new Map(this.cells.groups().map((g) => [g.key, g]));
    for (const row of this.report()) {
      if (!(row.state === "stale" || (row.state === "not run" && row.expired))) continue;
      const group = groups.get(row.key);
      if (!group) continue;
      const start = this.#auto.start(row.key, group.cell);
      if ("refused" in start) outcome.refused++;
      else {
        outcome.started++;
        await start.started;
      }
    }
    return outcome;
  }

  dispose(): void {
    this.#auto.dispose();
  }

  #runIfNeeded(key: string, cell: QueryCell, maxAgeHours = cell.maxAgeHours): void {
    if (freshness(this.runs.get(key), maxAgeHours, this.#deps.clock.now()) !== "current") this.#auto.start(key, cell);
  }
}
