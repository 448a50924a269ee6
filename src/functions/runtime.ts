import { type ClientClock, isExecutionPendingError, systemClock } from "../client";
import type { Session } from "../session";
import { readArguments } from "./arguments";
import { AutoRefreshTimers } from "./auto-refresh";
import { type CustomFunctionsErrorApi, customFunctionsApi, toCustomFunctionsError } from "./cell-error";
import { fetchTable } from "./fetch-table";
import { LiveCells } from "./live-cells";
import type { OptionsFunction } from "./options";
import { type RefreshEvent, RefreshEvents, type RefreshReason } from "./refresh-events";
import { renderSpill } from "./render";
import { type CanonicalRequest, datasetRequest, resultsRequest } from "./request";
import { type CacheStats, ResultCache } from "./result-cache";
import { DEFAULT_SPILL_LIMIT_BYTES } from "./spill-limit";
import { serveStatus } from "./status-cell";
import { StatusWatchers } from "./status-watchers";
import { type Outcome, type TableCell, tableCell } from "./table-cell";

export interface FunctionsRuntimeOptions {
  session: Session;
  clock?: ClientClock;
  /** Results whose spill would exceed this many JSON bytes are refused with a message. Default 2 MB. */
  spillLimitBytes?: number;
  /** Rows kept in the cache, roughly, before idle entries are evicted. Default 64 MB. */
  cacheMaxBytes?: number;
  /** Auto-refresh fires this long after a dataset's scheduled refresh. Default 30 s. */
  autoRefreshDelayMs?: number;
  /** Cells wait for this before their first request (the session's stored key being read). */
  ready?: Promise<unknown>;
  /** The CustomFunctions namespace; default the global one, looked up when an error is made. */
  customFunctions?: CustomFunctionsErrorApi;
  statusPoll?: { firstMs?: number; maxMs?: number };
}

export interface RefreshSummary {
  /** Cells that received new values (or a new error). */
  cells: number;
  /** HTTP requests the refresh issued. */
  requests: number;
}

/**
 * The logic behind SERVICE.DATASET, SERVICE.RESULTS and SERVICE.STATUS: one result cache, one set of live cells
 * (the refresh bus), one status poller per execution. functions.ts only hands invocations to it (DESIGN §4.11).
 */
export class FunctionsRuntime {
  readonly #session: Session;
  readonly #clock: ClientClock;
  readonly #cache: ResultCache;
  readonly #live: LiveCells<Outcome>;
  readonly #watchers: StatusWatchers;
  readonly #timers: AutoRefreshTimers;
  readonly #events = new RefreshEvents();
  readonly #ready: Promise<unknown>;
  readonly #spillLimit: number;
  readonly #api?: CustomFunctionsErrorApi;
  /** RESULTS requests waiting for their execution to finish, with the unwatch of each. */
  readonly #waiting = new Map<string, () => void>();
  readonly #offSession: () => void;

  constructor(options: FunctionsRuntimeOptions) {
    this.#session = options.session;
    this.#clock = options.clock ?? systemClock;
    this.#spillLimit = options.spillLimitBytes ?? DEFAULT_SPILL_LIMIT_BYTES;
    this.#ready = (options.ready ?? Promise.resolve()).catch(() => undefined);
    this.#api = options.customFunctions;
    this.#live = new LiveCells((key) => this.#noLongerShown(key));
    this.#cache = new ResultCache({
      fetch: async (request) => {
        const outcome = await fetchTable(this.#session.client(), request, this.#spillLimit);
        this.#session.usage.recordDatapoints(outcome.table.rows.length * outcome.table.columns.length);
        return outcome;
      },
      now: () => this.#clock.now(),
      maxBytes: options.cacheMaxBytes ?? 64_000_000,
      isLive: (key) => this.#live.has(key),
    });
    this.#watchers = new StatusWatchers({
      client: () => this.#session.client(),
      clock: this.#clock,
      firstPollMs: options.statusPoll?.firstMs,
      maxPollMs: options.statusPoll?.maxMs,
    });
    this.#timers = new AutoRefreshTimers(this.#clock, options.autoRefreshDelayMs ?? 30_000, (key) => {
      if (this.#live.cellsOf(key).some((cell) => cell.autoRefresh)) void this.#refresh([key], "auto");
    });
    this.#offSession = this.#session.onChange(() => this.#sessionChanged());
  }

  dataset(
    name: unknown,
    args: unknown[][][] | null | undefined,
    invocation: CustomFunctions.StreamingInvocation<unknown[][]>,
  ): void {
    this.#serveTable("DATASET", invocation, args, (positional, options) => datasetRequest(name, positional, options));
  }

  results(
    id: unknown,
    args: unknown[][][] | null | undefined,
    invocation: CustomFunctions.StreamingInvocation<unknown[][]>,
  ): void {
    this.#serveTable("RESULTS", invocation, args, (positional, options) => resultsRequest(id, positional, options));
  }

  status(executionId: unknown, detail: unknown, invocation: CustomFunctions.StreamingInvocation<string>): void {
    const deps = { watchers: this.#watchers, now: () => this.#clock.now(), toError: (e: unknown) => this.#toError(e) };
    // Reading the stored key comes first, or the first poll would report "not signed in".
    void this.#ready.then(() => serveStatus(deps, executionId, detail, invocation));
  }

  /** Re-fetches every request a live cell shows (except stored execution results) and pushes the new values. */
  async refreshAll(): Promise<RefreshSummary> {
    this.#cache.dropUnused();
    const keys = this.#live.keys().filter((key) => !this.#cache.isSettled(key));
    return this.#refresh(keys, "manual");
  }

  onRefresh(listener: (event: RefreshEvent) => void): () => void {
    return this.#events.on(listener);
  }

  cacheStats(): CacheStats & { liveCells: number; statusRequests: number; autoRefreshTimers: number } {
    return {
      ...this.#cache.stats(),
      liveCells: this.#live.count,
      statusRequests: this.#watchers.requests,
      autoRefreshTimers: this.#timers.scheduled().size,
    };
  }

  /** When each auto-refreshed request fires next (cache key → epoch ms). */
  autoRefreshSchedule(): Map<string, number> {
    return this.#timers.scheduled();
  }

  dispose(): void {
    this.#offSession();
    this.#timers.dispose();
    this.#watchers.dispose();
    for (const unwatch of this.#waiting.values()) unwatch();
    this.#waiting.clear();
  }

  #serveTable(
    fn: OptionsFunction,
    invocation: CustomFunctions.StreamingInvocation<unknown[][]>,
    args: unknown[][][] | null | undefined,
    build: (positional: string[], options: ReturnType<typeof readArguments>["options"]) => CanonicalRequest,
  ): void {
    let cell: ReturnType<typeof tableCell>;
    try {
      const { positional, options } = readArguments(fn, args);
      const request = build(positional, options);
      cell = tableCell(this.#cellDeps(), request, options, fn === "DATASET" && options.autoRefresh, invocation);
    } catch (error) {
      // A formula that cannot be a request never becomes live: only editing it can change its answer.
      invocation.setResult(this.#toError(error));
      return;
    }
    const leave = this.#live.add(cell);
    invocation.onCanceled = () => {
      cell.cancel();
      leave();
    };
    void this.#deliver(cell.request, [cell], false);
  }

  #cellDeps() {
    return {
      render: (key: string, table: Parameters<typeof renderSpill>[0], render: Parameters<typeof renderSpill>[1]) =>
        this.#cache.rendered(key, JSON.stringify(render), () => renderSpill(table, render, this.#spillLimit)),
      toError: (error: unknown) => this.#toError(error),
      onFailure: (request: CanonicalRequest, error: unknown) => this.#awaitExecution(request, error),
    };
  }

  /** Fetches (or serves) one request and pushes the outcome to `cells` (all of the key's live cells when absent). */
  async #deliver(
    request: CanonicalRequest,
    cells: TableCell[] | undefined,
    force: boolean,
  ): Promise<{ cells: number; failed: boolean }> {
    await this.#ready;
    let outcome: Outcome;
    try {
      outcome = { table: await (force ? this.#cache.refresh(request) : this.#cache.get(request)) };
    } catch (error) {
      outcome = { error };
    }
    const targets = cells ?? (this.#live.cellsOf(request.key) as TableCell[]);
    for (const cell of targets) cell.push(outcome);
    if ("table" in outcome && this.#live.cellsOf(request.key).some((c) => c.autoRefresh)) {
      this.#timers.ensure(request.key, this.#cache.expiresAt(request.key));
    }
    return { cells: targets.length, failed: "error" in outcome };
  }

  async #refresh(keys: string[], reason: RefreshReason): Promise<RefreshSummary> {
    const before = this.#cache.stats().requests;
    const results = await Promise.all(
      keys.map((key) => {
        const first = this.#live.cellsOf(key)[0] as TableCell | undefined;
        return first ? this.#deliver(first.request, undefined, true) : { cells: 0, failed: false };
      }),
    );
    const summary = {
      cells: results.reduce((n, r) => n + r.cells, 0),
      requests: this.#cache.stats().requests - before,
    };
    this.#events.emit({
      reason,
      keys: keys.length,
      ...summary,
      failed: results.filter((r) => r.failed).length,
      at: this.#clock.now(),
    });
    return summary;
  }

  /** A RESULTS cell on a run still going: watch the run, and refresh its cells once it ends. */
  #awaitExecution(request: CanonicalRequest, error: unknown): void {
    if (request.source.kind !== "execution" || !isExecutionPendingError(error) || this.#waiting.has(request.key))
      return;
    const unwatch = this.#watchers.watch(request.source.executionId, (update) => {
      if ("status" in update && !update.status.is_execution_finished) return;
      this.#waiting.get(request.key)?.();
      this.#waiting.delete(request.key);
      void this.#refresh([request.key], "execution-finished");
    });
    this.#waiting.set(request.key, unwatch);
  }

  #noLongerShown(key: string): void {
    this.#timers.clear(key);
    this.#waiting.get(key)?.();
    this.#waiting.delete(key);
  }

  #sessionChanged(): void {
    // Another key may see other data (E5 access is per owner), and a signed-out session must show that it is.
    this.#cache.clear();
    this.#watchers.restart();
    void this.#refresh(this.#live.keys(), "session");
  }

  #toError(error: unknown): CustomFunctions.Error {
    return toCustomFunctionsError(error, this.#api ?? customFunctionsApi());
  }
}
