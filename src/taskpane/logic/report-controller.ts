import type { BudgetState, HeldRefresh, QueryReportRow } from "../../functions";
import { queryRunKey } from "../../service-cells";
import type { Clock } from "../../clock";
import { type ExcelRun, type FormulaCell, type SettingsLike, findFormulaCells } from "../../excel";
import { reportUnexpected } from "../../session";
import { unnamedCellsText, withWorkbookCells } from "./report-cells";
import { paneMessage } from "./messages";
import { type OpenBehaviour, type StartupBehaviorApi, readOpenBehaviour, saveOpenBehaviour } from "./open-behaviour";
import type { QueryReportSource } from "./report-source";
import type { RunController } from "./run-controller";
import { Store } from "./store";

export type { QueryReportRow } from "../../functions";

/** How many runs and what they cost. */
export interface RunsCost {
  runs: number;
  credits: number;
  /** The rows (their keys) this is the cost of. */
  keys: string[];
}

export interface ReportState {
  /** One row per distinct parameter set of the workbook's SERVICE.QUERY cells. */
  rows: QueryReportRow[];
  /** Keys of the rows ticked for "Run selected". */
  selected: string[];
  /** Rows without a current result (not run, expired, stale), not running now: "Run all needed". */
  needed: RunsCost;
  selection: RunsCost;
  /** A batch (all needed, or selected) is going. */
  running: boolean;
  message: string;
  /** The workbook's daily budget for everything automatic (absent without the functions). */
  budget?: BudgetState;
  /** SERVICE cells whose automatic refresh was held for its cost: they keep their values untouched; this says why. */
  held: HeldRefresh[];
  onOpen: OpenBehaviour;
  /** SERVICE.QUERY cells on the sheets that no row could name, in words ("" when there are none). */
  cellsNote: string;
}

export interface ReportDeps {
  queryReport?: QueryReportSource;
  settings: SettingsLike;
  clock: Clock;
  addin?: StartupBehaviorApi;
  /** Reads the workbook's SERVICE.QUERY cells (absent: the rows name only the cells their invocations name). */
  run?: ExcelRun;
}

/** Staleness moves with time: the rows are computed again this often while the pane is open. */
const RECHECK_MS = 60_000;

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function cost(rows: readonly QueryReportRow[]): RunsCost {
  return { runs: rows.length, credits: rows.reduce((sum, row) => sum + row.credits, 0), keys: rows.map((r) => r.key) };
}

/**
 * The Report view: every distinct parameter set of the workbook's SERVICE.QUERY cells with its state, "Run all
 * needed" and "Run selected" (each through the pane's run controller: history, usage, progress, and the cells
 * updated as each completes), cancel, the daily budget of automatic runs, and what the workbook does when it
 * opens. Nothing runs until the user clicks, and each button says how many runs and credits it means.
 */
export class ReportController {
  readonly store: Store<ReportState>;
  #stopBatch = false;

  constructor(
    private readonly deps: ReportDeps,
    private readonly run: RunController,
  ) {
    this.store = new Store<ReportState>({
      rows: [],
      selected: [],
      needed: { runs: 0, credits: 0, keys: [] },
      selection: { runs: 0, credits: 0, keys: [] },
      running: false,
      message: "",
      held: [],
      onOpen: readOpenBehaviour(deps.settings),
      cellsNote: "",
    });
  }

  /** The workbook's SERVICE.QUERY cells as last read (undefined until read). */
  #found: FormulaCell[] | undefined;
  #scanning = false;
  #rescan = false;
  #stopped = false;

  /**
   * Reads the workbook's SERVICE.QUERY cells again (one read at a time; changes meanwhile read once more after it),
   * so rows name every cell, shared streams and builds without addresses included.
   */
  #scan(): void {
    const run = this.deps.run;
    if (!run || this.#stopped) return;
    if (this.#scanning) {
      this.#rescan = true;
      return;
    }
    this.#scanning = true;
    void findFormulaCells(run, "SERVICE.QUERY")
      .then(
        (found) => {
          this.#found = found;
        },
        // A workbook that cannot be read now keeps the last reading; the rows still name what they know.
        () => undefined,
      )
      .finally(() => {
        this.#scanning = false;
        if (this.#stopped) return;
        this.#update();
        if (this.#rescan) {
          this.#rescan = false;
          this.#scan();
        }
      })
      .catch(reportUnexpected("reading the workbook's SERVICE.QUERY cells"));
  }

  start(): () => void {
    this.#stopped = false;
    this.#update();
    this.#scan();
    const source = this.deps.queryReport;
    const offs = [
      source?.onChange(() => {
        this.#update();
        this.#scan();
      }),
      source?.onBudgetChange?.(() => this.#update()),
      source?.onHeldChange?.(() => this.#update()),
    ];
    const off = (): void => offs.forEach((o) => o?.());
    let timer: unknown;
    const recheck = (): void => {
      timer = this.deps.clock.setTimeout(() => {
        this.#update();
        recheck();
      }, RECHECK_MS);
    };
    recheck();
    return () => {
      this.#stopped = true;
      off();
      this.deps.clock.clearTimeout(timer);
    };
  }

  /** Ticks or unticks a row for "Run selected". */
  select(key: string, selected: boolean): void {
    const others = this.store.state.selected.filter((k) => k !== key);
    this.#update(selected ? [...others, key] : others);
  }

  /**
   * Runs every row without a current result (not run, expired, stale), one after another; with `only`, just those
   * of them (the ones a confirmation named, so what runs is never more than what was agreed to).
   */
  runAllNeeded(only?: readonly string[]): Promise<ReportState> {
    return this.#runBatch(this.#needed().filter((row) => !only || only.includes(row.key)));
  }

  /** Runs the ticked rows (whatever their state, except running), one after another. */
  runSelected(): Promise<ReportState> {
    const selected = new Set(this.store.state.selected);
    return this.#runBatch(this.store.state.rows.filter((r) => selected.has(r.key) && r.state !== "running"));
  }

  /**
   * Cancels the run of one row (the pane's run through its controller, which cancels on the server; an automatic
   * run through the functions), or, without a key, the batch: the run going now and the ones not started yet.
   */
  cancel(key?: string): void {
    if (key === undefined) {
      if (!this.store.state.running) return; // a run of the Query tab is not the report's to stop
      this.#stopBatch = true;
      this.run.cancel();
      return;
    }
    const request = this.run.store.state.request;
    if (this.run.busy && request && queryRunKey(request.queryId, request.parameters, request.performance) === key) {
      this.run.cancel();
      return;
    }
    this.deps.queryReport?.cancelAutomatic(key);
  }

  /**
   * The workbook's one daily credit budget for everything automatic (scheduled dataset refreshes, refresh and
   * re-runs on open, `run=on_change`); its limit is kept in the workbook.
   */
  setBudget(creditsPerDay: number): void {
    const source = this.deps.queryReport;
    if (!source) return;
    try {
      source.setBudget(creditsPerDay);
      this.store.set({
        message:
          creditsPerDay === 0
            ? "Nothing automatic spends in this workbook: scheduled refreshes and automatic runs are held."
            : `Automatic refreshes and runs may spend up to ${creditsPerDay.toLocaleString("en-US")} credits a day in this workbook.`,
      });
    } catch (error) {
      this.store.set({ message: paneMessage(error) });
    }
    this.#update();
  }

  /** What the workbook does when it opens; kept in the workbook, and Office told whether to load the add-in with it. */
  async setOnOpen(choice: OpenBehaviour): Promise<void> {
    this.store.set({ onOpen: choice });
    try {
      await saveOpenBehaviour(this.deps.settings, this.deps.addin, choice);
    } catch (error) {
      this.store.set({ message: paneMessage(error) });
    }
  }

  /** The needed runs and their cost (Refresh All with re-runs includes them). */
  neededCost(): RunsCost {
    return cost(this.#needed());
  }

  /** Each needed run, described, with its estimate (Refresh All's confirmation lists them). */
  neededRuns(): { key: string; what: string; credits: number }[] {
    return this.#needed().map((row) => {
      const inputs = Object.entries(row.parameters)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(", ");
      return {
        key: row.key,
        what: `run query ${row.queryId}${inputs ? ` (${inputs})` : ""} for SERVICE.QUERY`,
        credits: row.credits,
      };
    });
  }

  #needed(): QueryReportRow[] {
    return this.store.state.rows.filter((r) => r.needed && r.state !== "running");
  }

  /**
   * One run after another through the pane's run controller. A failure is shown on its row and the batch goes on
   * (other inputs may well work); a cancelled batch stops.
   */
  async #runBatch(rows: readonly QueryReportRow[]): Promise<ReportState> {
    if (this.store.state.running || rows.length === 0) return this.store.state;
    if (this.run.busy) {
      this.store.set({ message: "A run is going in the Query tab: wait for it, or cancel it, first." });
      return this.store.state;
    }
    this.#stopBatch = false;
    this.store.set({ running: true, message: `Running ${plural(rows.length, "query", "queries")}…` });
    let completed = 0;
    let failed = 0;
    let cancelled = 0;
    try {
      for (const row of rows) {
        if (this.#stopBatch) break;
        const end = await this.run.run({
          queryId: row.queryId,
          parameters: row.parameters,
          performance: row.performance,
        });
        if (end.phase === "completed") completed++;
        else if (end.phase === "cancelled") cancelled++;
        else failed++;
      }
    } finally {
      const parts = [`${plural(completed, "run")} completed`];
      if (failed) parts.push(`${failed} failed (see ${failed === 1 ? "its row" : "their rows"})`);
      if (cancelled) parts.push(`${cancelled} cancelled`);
      const notStarted = rows.length - completed - failed - cancelled;
      if (notStarted) parts.push(`${notStarted} not started`);
      this.store.set({ running: false, message: `${parts.join("; ")}.` });
      this.#update();
    }
    return this.store.state;
  }

  #update(selected: string[] = this.store.state.selected): void {
    const source = this.deps.queryReport;
    const named = source?.rows() ?? [];
    const cells = this.#found ? withWorkbookCells(named, this.#found) : undefined;
    const rows = cells?.rows ?? named;
    const keys = new Set(rows.map((r) => r.key));
    const kept = selected.filter((k) => keys.has(k));
    const ticked = rows.filter((r) => kept.includes(r.key) && r.state !== "running");
    this.store.set({
      rows,
      selected: kept,
      needed: cost(rows.filter((r) => r.needed && r.state !== "running")),
      selection: cost(ticked),
      budget: source?.budget(),
      cellsNote: cells && named.length > 0 ? unnamedCellsText(cells) : "",
      held: source?.held?.() ?? [],
    });
  }
}
