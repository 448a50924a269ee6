import { GROWTH_ALLOWANCE, type ReadEstimate, roundUpCredits } from "../billing";
import { isExecutionPendingError } from "../client";
import type { Clock } from "../clock";
import { isBudgetHeldError, isOverCapError, reportUnexpected } from "../session";
import { AutoRefreshTimers } from "./auto-refresh";
import type { AutomaticBudget } from "./automatic-budget";
import { expiryOf } from "./cache-entry";
import { isFinalError } from "./final-errors";
import { type HeldRefreshes, type HoldReason, describeRequest, holdMessage } from "./held-refreshes";
import { LiveCells } from "./live-cells";
import { PAYLOAD_TURN_BYTES, PayloadTurns } from "./payload-turns";
import { tableBytes } from "./cache-entry";
import { type CanonicalRequest, cellFailure, isNotLoadedError, NotLoadedCells, requestLabel } from "../service-cells";
import { type RefreshEvent, RefreshEvents, type RefreshReason } from "./refresh-events";
import { type InvokeContext, type ResultCache, keepsRowsAfter } from "./result-cache";
import { type Reservation, readBudget } from "./reservation";
import type { StatusWatchers } from "./status-watchers";
import type { Outcome, TableCell } from "./table-cell";

export interface RefreshSummary {
  /** Cells that received new values (or a new error). */
  cells: number;
  /** HTTP requests the refresh issued. */
  requests: number;
  /** Requests whose refresh failed, each with its cells and why (empty when all succeeded). */
  failures: RefreshFailure[];
  /** Requests not refreshed for their cost (automatic ones over the budget, any over its cap): cells keep values. */
  held: number;
}

/** One request whose refresh failed: what the pane and the ribbon report instead of "refreshed". */
export interface RefreshFailure {
  /** The formula's source in words ("DATASET dex/pairs/ethereum (limit=20)"). */
  label: string;
  /** Its live cells (Excel may run identical formulas in several cells as one). */
  cells: number;
  /** Why, as the cells say it. */
  message: string;
  /** The cells kept the rows they showed, fetched then (epoch ms; undefined: when is not known). */
  kept: boolean;
  fetchedAt?: number;
}

type Delivered = { cells: number; held: boolean; failure?: RefreshFailure };

export interface RefreshBusOptions {
  cache: ResultCache;
  watchers: StatusWatchers;
  clock: Clock;
  autoRefreshDelayMs: number;
  /** Cells wait for this before their first request. */
  ready: Promise<unknown>;
  /** The session's generation: an outcome fetched in an older one is dropped (the session's refresh serves it). */
  generation: () => number;
  /** At most this many bytes of results are set in one turn (Excel on the web's payload cap); default 4 MB. */
  payloadTurnBytes?: number;
  /** Resolves in the event loop's next turn (a task, not a time: the clock is not involved). */
  nextTurn?: () => Promise<void>;
  /** The workbook's daily budget for everything automatic. */
  budget: AutomaticBudget;
  /** The user's default cap per request, for cells without `max_credits=`. */
  defaultCap: () => number;
  /** What a request cost when last read (undefined: never read here). */
  estimate: (request: CanonicalRequest) => ReadEstimate | undefined;
  held: HeldRefreshes;
  /**
   * Shows in a newly invoked cell the result the workbook file holds at it, if it holds one (docs/reports.md, "The file is
   * the workbook's own cache"): when those values were read (epoch ms; absent when the file does not say), or undefined
   * when it holds none.
   */
  fromFile?: (cell: TableCell) => Promise<{ savedAt?: number } | undefined>;
}

/** The next task of the event loop: what Excel sends together is what was set before the runtime next waits. */
function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => void setTimeout(resolve, 0));
}

/**
 * The refresh bus: live DATASET/RESULTS cells by cache key, and the one way values reach them — fetch (or serve)
 * once per key, push to every cell of the key. Refresh All, auto-refresh, sign-in changes and a run finishing all
 * go through `refresh`, so cells change without a workbook recalculation. Automatic refreshes (a dataset's
 * schedule, refresh on open) fetch only what today's automatic budget has room for; the
 * others are held: their cells keep their values untouched, and the held list says when they were fetched and why.
 */
export class RefreshBus {
  readonly live: LiveCells<Outcome>;
  readonly events = new RefreshEvents();
  /** Requests whose cells say their data is not loaded (the pane lists them, with one button to load them). */
  readonly notLoaded = new NotLoadedCells();
  readonly #options: RefreshBusOptions;
  readonly #timers: AutoRefreshTimers;
  readonly #payload: PayloadTurns;
  /** RESULTS requests waiting for their execution to finish, with the unwatch of each. */
  readonly #waiting = new Map<string, () => void>();

  constructor(options: RefreshBusOptions) {
    this.#payload = new PayloadTurns(options.payloadTurnBytes ?? PAYLOAD_TURN_BYTES, options.nextTurn ?? nextTurn);
    this.#options = options;
    this.live = new LiveCells((key) => this.#noLongerShown(key));
    this.#timers = new AutoRefreshTimers(options.clock, options.autoRefreshDelayMs, (key) => {
      // A timer has nobody to tell: refresh() reports failures to the cells and listeners, never by rejecting.
      if (this.live.cellsOf(key).some((cell) => cell.autoRefresh))
        void this.refresh([key], "auto").catch(reportUnexpected("an automatic refresh"));
    });
  }

  /** A new cell: live until cancelled, served from the cache (or one shared fetch) now. */
  add(
    cell: TableCell & { cancel(): void },
    invocation: CustomFunctions.StreamingInvocation<unknown[][]>,
    context?: InvokeContext,
  ): void {
    const leave = this.live.add(cell);
    invocation.onCanceled = () => {
      cell.cancel();
      leave();
    };
    const serve = async (): Promise<void> => {
      // A workbook recording no refresh: what the cell shows as it opens is the file's, of an unknown age.
      if (context?.unrecorded && (await this.#adopt(cell))) return;
      await this.#deliver(cell.request, [cell], false, { context });
    };
    // Excel's call is over by now: the cell hears of any failure through push(), so nothing rejects here.
    void serve().catch(reportUnexpected("serving a new cell"));
  }

  /** The file's values at a new cell, when it holds a result: shown as they are, its next scheduled refresh armed. */
  async #adopt(cell: TableCell): Promise<boolean> {
    const adopted = await this.#options.fromFile?.(cell).catch(() => undefined);
    if (!adopted) return false;
    const at = adopted.savedAt ?? this.#options.clock.now();
    if (cell.autoRefresh) this.#timers.ensure(cell.key, expiryOf(cell.request, at));
    return true;
  }

  /**
   * Fetches `keys` again and pushes the outcome into all their live cells. For an automatic reason, each key is
   * first priced (its last size) and fetched only within today's automatic budget; the others are held. After a
   * sign-in change the cells are served as newly invoked ones instead (what the new user keeps, else a fetch):
   * nobody asked for new data.
   */
  async refresh(keys: string[], reason: RefreshReason): Promise<RefreshSummary> {
    const before = this.#options.cache.stats().requests;
    const automatic = reason === "auto" || reason === "open" || reason === "ribbon";
    const results = await Promise.all(
      keys.map((key): Promise<Delivered> | Delivered => {
        const first = this.live.cellsOf(key)[0] as TableCell | undefined;
        if (!first) return { cells: 0, held: false };
        if (automatic) return this.#automatic(first.request);
        return this.#deliver(first.request, undefined, reason !== "session");
      }),
    );
    const failures = results.flatMap((r) => (r.failure ? [r.failure] : []));
    const summary: RefreshSummary = {
      cells: results.reduce((n, r) => n + r.cells, 0),
      requests: this.#options.cache.stats().requests - before,
      failures,
      held: results.filter((r) => r.held).length,
    };
    const event: RefreshEvent = {
      reason,
      keys: keys.length,
      cells: summary.cells,
      requests: summary.requests,
      held: summary.held,
      failed: failures.length,
      at: this.#options.clock.now(),
    };
    this.events.emit(event);
    return summary;
  }

  /** A RESULTS cell on a run still going: watch the run, and refresh its cells once it ends. */
  awaitExecution(request: CanonicalRequest, error: unknown): void {
    const source = request.source;
    if (source.kind !== "execution" || !isExecutionPendingError(error) || this.#waiting.has(request.key)) return;
    const unwatch = this.#options.watchers.watch(source.executionId, (update) => {
      if ("status" in update && !update.status.is_execution_finished) return;
      this.#stopWaiting(request.key);
      void this.refresh([request.key], "execution-finished").catch(reportUnexpected("a refresh after a run ended"));
    });
    this.#waiting.set(request.key, unwatch);
  }

  scheduled(): Map<string, number> {
    return this.#timers.scheduled();
  }

  dispose(): void {
    this.#timers.dispose();
    for (const key of [...this.#waiting.keys()]) this.#stopWaiting(key);
  }

  /** An automatic refresh of one request: within the budget, or held (no request at all). */
  async #automatic(request: CanonicalRequest): Promise<Delivered> {
    await this.#options.ready;
    const estimate = this.#options.estimate(request);
    if (estimate === undefined) return this.#hold(request, "size-unknown");
    const budget = this.#options.budget;
    const reservation = budget.reserve("reads", estimate.credits, this.#firstPageAllowance(estimate));
    if (typeof reservation === "string") return this.#hold(request, reservation, estimate.credits);
    try {
      return await this.#deliver(request, undefined, true, { reservation });
    } finally {
      reservation.close();
    }
  }

  /** What a read may spend beyond its estimate: its first page asks for at most the growth allowance more rows. */
  #firstPageAllowance(estimate: ReadEstimate): number {
    return roundUpCredits(estimate.credits * GROWTH_ALLOWANCE);
  }

  /**
   * Not fetched: the cells are left exactly as they are (a refresh the budget held is no reason to put an error over
   * good data). The held list says when their data was fetched and why, for the pane and SERVICE.SOURCE.
   */
  #hold(request: CanonicalRequest, reason: HoldReason, estimate?: number, detail?: string): Delivered {
    const now = this.#options.clock.now();
    const table = this.#options.cache.stored(request.key);
    const cells = this.live.cellsOf(request.key) as TableCell[];
    const budget = this.#options.budget;
    const state = budget.state();
    const message = holdMessage(reason, { fetchedAt: table?.readAt, heldAt: now, estimate, budget: state, detail });
    this.#options.held.set({
      key: request.key,
      what: describeRequest(request),
      cells: cells.flatMap((c) => (c.address ? [c.address] : [])),
      ...(table?.readAt === undefined ? {} : { fetchedAt: table.readAt }),
      heldAt: now,
      reason,
      ...(estimate === undefined ? {} : { estimate }),
      ...(reason === "size-unknown" ? {} : { budget: { left: budget.room(), perDay: state.creditsPerDay } }),
      message,
    });
    // Tried again at the dataset's next scheduled refresh: the budget may have room by then (a new day, a raise).
    if (cells.some((c) => c.autoRefresh)) this.#timers.ensure(request.key, expiryOf(request, now));
    return { cells: 0, held: true };
  }

  /** The most this request's cells allow one fetch to spend: the highest of their caps (or the user's default). */
  #cap(key: string, cells: readonly TableCell[]): number {
    const all = cells.length > 0 ? cells : (this.live.cellsOf(key) as TableCell[]);
    const caps = all.map((c) => c.capCredits ?? this.#options.defaultCap());
    return caps.length > 0 ? Math.max(...caps) : this.#options.defaultCap();
  }

  /** Serves or fetches one request and pushes the outcome to `cells` (all of the key's live cells when absent). */
  async #deliver(
    request: CanonicalRequest,
    cells: TableCell[] | undefined,
    force: boolean,
    options: { context?: InvokeContext; reservation?: Reservation } = {},
  ): Promise<Delivered> {
    await this.#options.ready;
    const generation = this.#options.generation();
    const cache = this.#options.cache;
    const context = {
      capCredits: this.#cap(request.key, cells ?? []),
      budget: readBudget(this.#options.budget, options.reservation),
    };
    let outcome: Outcome;
    try {
      outcome = {
        table: await (force ? cache.refresh(request, context) : cache.get(request, options.context, context)),
      };
    } catch (error) {
      // The rows the cells had stay, with the failure said beside them (Refresh All with the service unreachable).
      const good = keepsRowsAfter(error) ? cache.lastGood(request.key) : undefined;
      outcome = good ? { table: good.table, refreshFailed: { error, fetchedAt: good.fetchedAt } } : { error };
    }
    // Signed out, or another key or service, while this was fetched: it may be another key's rows, and the
    // session's own refresh is already bringing these cells what the new session sees.
    if (generation !== this.#options.generation()) return { cells: 0, held: false };
    if ("error" in outcome) {
      const error = outcome.error;
      if (isBudgetHeldError(error)) {
        const held = this.#hold(request, "grew", error.facts.credits, error.message);
        // A cell being served for the first time (it shared a held read) has nothing to leave as it was: it shows
        // the rows kept, as they are, like the cells it joins.
        const kept = cells ? cache.stored(request.key) : undefined;
        if (cells && kept) for (const cell of cells) cell.push({ table: kept });
        return kept && cells ? { ...held, cells: cells.length } : held;
      }
      const table = cache.stored(request.key);
      // A refresh over its cap leaves the rows that were there, saying why they were not refreshed.
      if (isOverCapError(error) && table) outcome = { table, note: `Not refreshed: ${error.message}` };
    } else if (!outcome.refreshFailed) this.#options.held.clear(request.key);
    let targets = cells ?? (this.live.cellsOf(request.key) as TableCell[]);
    let adopted = 0;
    if (cells && "error" in outcome && isNotLoadedError(outcome.error)) {
      // Nothing kept and nothing to fetch as the workbook opens: the cells show what the file holds for them, if
      // anything, instead of "not loaded" (a kept copy newer than the file was served before coming here).
      const left: TableCell[] = [];
      for (const cell of targets) if (!(await this.#adopt(cell))) left.push(cell);
      if (generation !== this.#options.generation()) return { cells: 0, held: false };
      adopted = targets.length - left.length;
      targets = left;
    }
    // Many cells of one request, or many requests answered at once, are spread over turns under the payload cap.
    const bytes = "table" in outcome ? tableBytes(outcome.table) : 0;
    for (const cell of targets) {
      if (bytes > 0) await this.#payload.fit(bytes);
      if (generation !== this.#options.generation()) return { cells: 0, held: false };
      cell.push(outcome);
    }
    if (targets.length > 0)
      this.notLoaded.set(
        request.key,
        "error" in outcome && isNotLoadedError(outcome.error) ? outcome.error : undefined,
      );
    // Cells showing the file's values were armed for their dataset's next refresh when they took them.
    if (targets.length > 0 || adopted === 0)
      if (this.live.cellsOf(request.key).some((c) => c.autoRefresh)) this.#rearm(request.key, outcome);
    return {
      cells: targets.length + adopted,
      held: "table" in outcome && outcome.note !== undefined,
      ...failureOf(request, targets.length, outcome),
    };
  }

  /**
   * The next automatic refresh of an auto-refreshed key: at its dataset's next refresh after rows (or a refusal the
   * cache keeps until then, such as a result too large to spill); soon, on a growing backoff, after a failure that
   * asking again may fix; none after one only the user can fix (a session change or an edit refreshes those).
   */
  #rearm(key: string, outcome: Outcome): void {
    const expiresAt = this.#options.cache.expiresAt(key);
    if ("table" in outcome && outcome.refreshFailed) {
      if (!isFinalError(outcome.refreshFailed.error)) this.#timers.retry(key);
    } else if ("table" in outcome || (expiresAt !== undefined && expiresAt > this.#options.clock.now())) {
      this.#timers.ensure(key, expiresAt);
    } else if (!isFinalError(outcome.error)) this.#timers.retry(key);
  }

  #stopWaiting(key: string): void {
    this.#waiting.get(key)?.();
    this.#waiting.delete(key);
  }

  #noLongerShown(key: string): void {
    this.notLoaded.set(key, undefined);
    this.#timers.clear(key);
    this.#stopWaiting(key);
    this.#options.held.clear(key);
  }
}

/** The failure a delivery reports, if it failed (a request none of whose cells is live reports nothing). */
function failureOf(request: CanonicalRequest, cells: number, outcome: Outcome): { failure?: RefreshFailure } {
  const error = "error" in outcome ? outcome.error : outcome.refreshFailed?.error;
  if (error === undefined || cells === 0 || isNotLoadedError(error)) return {};
  const failure: RefreshFailure = {
    label: requestLabel(request),
    cells,
    message: cellFailure(error).message,
    kept: "table" in outcome,
  };
  const fetchedAt = "table" in outcome ? outcome.refreshFailed?.fetchedAt : undefined;
  if (fetchedAt !== undefined) failure.fetchedAt = fetchedAt;
  return { failure };
}
