import { type ClientClock, systemClock } from "../client";
import { CREDITS_PER_EXECUTION, type Session } from "../session";
import { readQueryCell, type QueryCell } from "./query-request";
import { QueryRuns, RUN_RETENTION_MS, queryRunKey, type RunSettings } from "./query-runs";
import { readArguments } from "./arguments";
import { type CustomFunctionsErrorApi, customFunctionsApi, toCustomFunctionsError } from "./cell-error";
import { fetchTable } from "./fetch-table";
import type { CellRequestOptions, OptionsFunction } from "./options";
import { RefreshBus, type RefreshSummary } from "./refresh-bus";
import type { RefreshEvent } from "./refresh-events";
import { renderSpill } from "./render";
import { type CanonicalRequest, datasetRequest, resultsRequest } from "./request";
import { type CacheStats, ResultCache } from "./result-cache";
import { DEFAULT_SPILL_LIMIT_BYTES } from "./spill-limit";
import { serveStatus } from "./status-cell";
import { StatusWatchers } from "./status-watchers";
import { type TableCellDeps, tableCell } from "./table-cell";

export type { RefreshSummary } from "./refresh-bus";

/** A run the workbook's SERVICE.QUERY cells are waiting for: its inputs, and how many cells show it. */
export interface NeededRun {
  queryId: number;
  parameters: QueryCell["parameters"];
  performance: QueryCell["performance"];
  cells: number;
}

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
  /** Where the workbook's remembered runs are kept (the document's settings); none: for the session only. */
  runSettings?: () => RunSettings | undefined;
}

type Invocation = CustomFunctions.StreamingInvocation<unknown[][]>;
type Args = unknown[][][] | null | undefined;

/**
 * The logic behind SERVICE.DATASET, SERVICE.RESULTS and SERVICE.STATUS: one result cache, one refresh bus of live
 * cells, one status poller per execution. functions.ts only hands invocations to it (DESIGN §4.11).
 */
export class FunctionsRuntime {
  readonly #session: Session;
  readonly #clock: ClientClock;
  readonly #cache: ResultCache;
  readonly #bus: RefreshBus;
  readonly #watchers: StatusWatchers;
  readonly #ready: Promise<unknown>;
  readonly #spillLimit: number;
  readonly #api?: CustomFunctionsErrorApi;
  readonly #cellDeps: TableCellDeps;
  readonly #offSession: () => void;
  readonly #runs: QueryRuns;
  readonly #waiting = new Map<string, { cell: QueryCell; cells: number }>();
  readonly #waitingListeners = new Set<() => void>();

  constructor(options: FunctionsRuntimeOptions) {
    this.#session = options.session;
    this.#clock = options.clock ?? systemClock;
    this.#spillLimit = options.spillLimitBytes ?? DEFAULT_SPILL_LIMIT_BYTES;
    this.#ready = (options.ready ?? Promise.resolve()).catch(() => undefined);
    this.#api = options.customFunctions;
    this.#cache = new ResultCache({
      fetch: async (request) => {
        const outcome = await fetchTable(this.#session.client(), request, this.#spillLimit);
        this.#session.usage.recordDatapoints(outcome.table.rows.length * outcome.table.columns.length);
        return outcome;
      },
      now: () => this.#clock.now(),
      maxBytes: options.cacheMaxBytes ?? 64_000_000,
      isLive: (key) => this.#bus.live.has(key),
    });
    this.#watchers = new StatusWatchers({
      client: () => this.#session.client(),
      clock: this.#clock,
      firstPollMs: options.statusPoll?.firstMs,
      maxPollMs: options.statusPoll?.maxMs,
    });
    this.#bus = new RefreshBus({
      cache: this.#cache,
      watchers: this.#watchers,
      clock: this.#clock,
      autoRefreshDelayMs: options.autoRefreshDelayMs ?? 30_000,
      ready: this.#ready,
    });
    this.#cellDeps = {
      render: (key, table, render) =>
        this.#cache.rendered(key, JSON.stringify(render), () => renderSpill(table, render, this.#spillLimit)),
      toError: (error) => this.#toError(error),
      onFailure: (request, error) => this.#bus.awaitExecution(request, error),
    };
    this.#offSession = this.#session.onChange(() => this.#sessionChanged());
    this.#runs = new QueryRuns(options.runSettings ?? (() => undefined));
  }

  dataset(name: unknown, args: Args, invocation: Invocation): void {
    this.#serveTable("DATASET", invocation, args, (positional, options) => datasetRequest(name, positional, options));
  }

  results(id: unknown, args: Args, invocation: Invocation): void {
    this.#serveTable("RESULTS", invocation, args, (positional, options) => resultsRequest(id, positional, options));
  }

  /**
   * SERVICE.QUERY: the result of the workbook's last run of this query with these inputs, fetched by execution id
   * (no credits). Never runs anything: with no such run the cell says so, with the inputs and the cost, and shows
   * the result as soon as a run with these inputs is recorded (from the pane).
   */
  query(queryId: unknown, args: Args, invocation: Invocation): void {
    let cell: QueryCell;
    try {
      cell = readQueryCell(queryId, args);
    } catch (error) {
      invocation.setResult(this.#toError(error));
      return;
    }
    const key = queryRunKey(cell.queryId, cell.parameters, cell.performance);
    const show = (): boolean => {
      const run = this.#runs.get(key);
      const expired = run !== undefined && this.#clock.now() - run.finishedAt >= RUN_RETENTION_MS;
      if (!run || expired) {
        invocation.setResult(this.#notRun(cell, expired));
        return false;
      }
      this.#serveTable(
        "RESULTS",
        invocation,
        [],
        () => resultsRequest(run.executionId, [], cell.options),
        cell.options,
      );
      return true;
    };
    if (show()) return;
    // Not run yet: wait for a run with these inputs, then become an ordinary result cell. Meanwhile the pane lists
    // it among the runs the workbook needs.
    this.#needs(key, cell, +1);
    const stopWaiting = (): void => {
      off();
      this.#needs(key, cell, -1);
    };
    const off = this.#runs.onRecord((recorded) => {
      if (recorded === key && show()) stopWaiting();
    });
    invocation.onCanceled = stopWaiting;
  }

  /** The distinct runs SERVICE.QUERY cells are waiting for (identical inputs across cells count once). */
  neededRuns(): NeededRun[] {
    return [...this.#waiting.values()].map(({ cell, cells }) => ({
      queryId: cell.queryId,
      parameters: cell.parameters,
      performance: cell.performance,
      cells,
    }));
  }

  onNeededRunsChange(listener: () => void): () => void {
    this.#waitingListeners.add(listener);
    return () => this.#waitingListeners.delete(listener);
  }

  #needs(key: string, cell: QueryCell, delta: number): void {
    const entry = this.#waiting.get(key) ?? { cell, cells: 0 };
    entry.cells += delta;
    if (entry.cells > 0) this.#waiting.set(key, entry);
    else this.#waiting.delete(key);
    for (const listener of [...this.#waitingListeners]) listener();
  }

  /** The workbook's remembered runs (the pane records a run here when it completes). */
  get queryRuns(): QueryRuns {
    return this.#runs;
  }

  status(executionId: unknown, detail: unknown, invocation: CustomFunctions.StreamingInvocation<string>): void {
    const deps = { watchers: this.#watchers, now: () => this.#clock.now(), toError: (e: unknown) => this.#toError(e) };
    // onCanceled is set now: Excel may cancel before the stored key has been read and the poller started.
    let stop: (() => void) | undefined;
    let canceled = false;
    invocation.onCanceled = () => {
      canceled = true;
      stop?.();
    };
    void this.#ready.then(() => {
      if (!canceled) stop = serveStatus(deps, executionId, detail, invocation);
    });
  }

  /** Re-fetches every request a live cell shows (except stored execution results) and pushes the new values. */
  async refreshAll(): Promise<RefreshSummary> {
    this.#cache.dropUnused();
    const keys = this.#bus.live.keys().filter((key) => !this.#cache.isSettled(key));
    return this.#bus.refresh(keys, "manual");
  }

  onRefresh(listener: (event: RefreshEvent) => void): () => void {
    return this.#bus.events.on(listener);
  }

  cacheStats(): CacheStats & { liveCells: number; statusRequests: number; autoRefreshTimers: number } {
    return {
      ...this.#cache.stats(),
      liveCells: this.#bus.live.count,
      statusRequests: this.#watchers.requests,
      autoRefreshTimers: this.#bus.scheduled().size,
    };
  }

  /** When each auto-refreshed request fires next (cache key → epoch ms). */
  autoRefreshSchedule(): Map<string, number> {
    return this.#bus.scheduled();
  }

  dispose(): void {
    this.#offSession();
    this.#bus.dispose();
    this.#watchers.dispose();
  }

  #serveTable(
    fn: OptionsFunction,
    invocation: Invocation,
    args: Args,
    build: (positional: string[], options: CellRequestOptions) => CanonicalRequest,
    given?: CellRequestOptions,
  ): void {
    let cell: ReturnType<typeof tableCell>;
    try {
      const { positional, options } = given ? { positional: [], options: given } : readArguments(fn, args);
      const request = build(positional, options);
      cell = tableCell(this.#cellDeps, request, options, fn === "DATASET" && options.autoRefresh, invocation);
    } catch (error) {
      // A formula that cannot be a request never becomes live: only editing it can change its answer.
      invocation.setResult(this.#toError(error));
      return;
    }
    this.#bus.add(cell, invocation);
  }

  #notRun(cell: QueryCell, expired: boolean): CustomFunctions.Error {
    const inputs = Object.entries(cell.parameters)
      .map(([name, value]) => `${name}=${String(value)}`)
      .join(", ");
    const cost = `${CREDITS_PER_EXECUTION[cell.performance]} credits`;
    const message = expired
      ? `The last run with these inputs has expired (results are kept 90 days): run it again from the Service pane (${cost})`
      : `Not run with these inputs yet${inputs ? ` (${inputs})` : ""}: run it from the Service pane (${cost})`;
    const api = this.#api ?? customFunctionsApi();
    return new api.Error(api.ErrorCode.notAvailable as never, message);
  }

  #sessionChanged(): void {
    // Another key may see other data (E5 access is per owner), and a signed-out session must show that it is.
    this.#cache.clear();
    this.#watchers.restart();
    void this.#bus.refresh(this.#bus.live.keys(), "session");
  }

  #toError(error: unknown): CustomFunctions.Error {
    return toCustomFunctionsError(error, this.#api ?? customFunctionsApi());
  }
}
