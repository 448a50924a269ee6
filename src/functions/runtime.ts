import type { BillingPlan } from "../billing";
import { type Clock, systemClock } from "../clock";
import { type Session, reportUnexpected } from "../session";
import { type CustomFunctionsErrorApi, customFunctionsApi, toCustomFunctionsError } from "./custom-functions-error";
import {
  type CanonicalRequest,
  cellFailure,
  type CellRequestOptions,
  datasetRequest,
  DEFAULT_SPILL_LIMIT_BYTES,
  describeFileValues,
  errorsInSpillsSupported,
  fetchTable,
  type NotLoadedRow,
  type OptionsFunction,
  queryPagePattern,
  type QueryRuns,
  readArguments,
  type ResultSource,
  refreshFailedText,
  renderSpill,
  resultsRequest,
  type RunSettings,
  sourceOf,
  withFailureNote,
  withSourceNote,
} from "../service-cells";
import { QueryService } from "./query-service";
import { RefreshBus, type RefreshSummary } from "./refresh-bus";
import type { RefreshEvent } from "./refresh-events";
import { type CacheStats, ResultCache } from "./result-cache";
import { KeptResults } from "./kept-results";
import type { ResultStore } from "./result-store";
import { Previews, isValuePreview } from "./value-preview";
import { serveStatus } from "./status-cell";
import { SavedQueries } from "./saved-queries";
import { StatusWatchers } from "./status-watchers";
import { type TableCell, type TableCellDeps, tableCell } from "./table-cell";
import { AutomaticBudget } from "./automatic-budget";
import { HeldRefreshes, describeRequest, heldSource } from "./held-refreshes";
import { workbookIdentity } from "./workbook-id";
import type { ReadEstimate } from "../billing";

/** One request a Refresh All would fetch, with what it is expected to cost. */
export interface RefreshPlanItem {
  key: string;
  /** "DATASET dex ethereum (limit=20)". */
  what: string;
  /** Live cells showing it. */
  cells: number;
  /** Its last size, priced on the user's plan; undefined when it was never read here. */
  estimate?: ReadEstimate;
}
import { ResultPlaces } from "./result-places";
import { type FileValuesReader, excelFileValues, holdsResult } from "./file-values";
import { FileShownCells } from "./file-shown";
import { type TableSourceLookup, serveSource } from "./source-cell";

export type { RefreshSummary } from "./refresh-bus";

export interface FunctionsRuntimeOptions {
  session: Session;
  clock?: Clock;
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
  /** Whether the host shows an error inside a spill (CustomFunctionsRuntime 1.2); default: Office says. */
  errorsInSpills?: () => boolean;
  /** Results kept between sessions (IndexedDB, or memory: see openResultStore); none: this session's memory only. */
  resultStore?: Promise<ResultStore>;
  /** The user's plan, for what loading a cell would cost; default: the plan chosen in Account. */
  plan?: () => BillingPlan;
  /** The most bytes of results set in one turn (Excel on the web's 5 MB payload, shared by cells set together). */
  payloadTurnBytes?: number;
  /** Resolves in the event loop's next turn (tests move turns by hand); default: a task later. */
  nextTurn?: () => Promise<void>;
  /** How long without a new SERVICE cell ends the burst of cells Excel runs again as the workbook opens. */
  openQuietMs?: number;
  /** Reads what a cell shows as the workbook opens (its saved values); default: through the Excel API, where there is one. */
  fileValues?: FileValuesReader;
}

type Invocation = CustomFunctions.StreamingInvocation<unknown[][]>;
type Args = unknown[][][] | null | undefined;

/**
 * The logic behind SERVICE.DATASET, SERVICE.RESULTS, SERVICE.STATUS and SERVICE.QUERY: one result cache, one refresh
 * bus of live cells, one status poller per execution, and the QUERY cells' remembered runs (QueryService).
 * functions.ts only hands invocations to it, so all of it can be tested without Excel.
 */
export class FunctionsRuntime {
  readonly #session: Session;
  readonly #clock: Clock;
  readonly #cache: ResultCache;
  readonly #bus: RefreshBus;
  readonly #watchers: StatusWatchers;
  readonly #ready: Promise<unknown>;
  readonly #spillLimit: number;
  readonly #api?: CustomFunctionsErrorApi;
  readonly #cellDeps: TableCellDeps;
  readonly #offSession: () => void;
  readonly #errorsInSpills: () => boolean;
  readonly #kept: KeptResults;
  readonly #previews: Previews;
  /** The stored key has been read (changes before it are the session loading, not a sign-in). */
  #readySettled = false;
  /** SERVICE.QUERY: remembered runs, live cells, the report, budgeted automatic runs. */
  readonly queries: QueryService;
  /** Saved queries' declared parameters, asked once per query id (QUERY cells and the pane's form). */
  readonly savedQueries: SavedQueries;
  /** The workbook's one daily credit budget for everything automatic. */
  readonly budget: AutomaticBudget;
  /** Automatic refreshes held for their cost, whose cells keep their values untouched (the pane and SOURCE say why). */
  readonly held = new HeldRefreshes();
  /** The workbook's stable id (its document settings), under which the user's spending is counted. */
  readonly workbookId: () => string;
  /** Where each SERVICE result is shown, with its source (SERVICE.SOURCE, the pane's snapshots). */
  readonly places = new ResultPlaces();
  /** The cells showing values the workbook file held as it opened (the pane tells their age). */
  readonly fromFile = new FileShownCells();
  /** The SERVICE.QUERY parameter set each served run stands for, by the invocation serving it. */
  readonly #runOf = new WeakMap<object, { queryId: number; parameters: Record<string, string | number | boolean> }>();
  readonly #runSettings: () => RunSettings | undefined;
  readonly #fileValues: FileValuesReader | undefined;
  #tables: TableSourceLookup | undefined;
  readonly #tableListeners = new Set<() => void>();

  constructor(options: FunctionsRuntimeOptions) {
    this.#session = options.session;
    this.#clock = options.clock ?? systemClock;
    this.#spillLimit = options.spillLimitBytes ?? DEFAULT_SPILL_LIMIT_BYTES;
    this.#ready = (options.ready ?? Promise.resolve()).catch(() => undefined);
    this.#api = options.customFunctions;
    this.#errorsInSpills = options.errorsInSpills ?? errorsInSpillsSupported;
    void this.#ready.then(() => (this.#readySettled = true));
    const settings = options.runSettings ?? (() => undefined);
    this.workbookId = workbookIdentity(settings);
    this.#session.useWorkbook(this.workbookId);
    this.budget = new AutomaticBudget(settings, this.#session.ledger, this.workbookId, () => this.#clock.now());
    const defaultCap = () => this.#session.billing.settings.maxCredits;
    this.#kept = new KeptResults({
      ...options,
      now: () => this.#clock.now(),
      settings,
      store: options.resultStore,
      isLive: (key) => this.#bus.live.has(key),
      budget: this.budget,
      estimate: (request) => this.#session.estimateRead(request.key),
      plan: options.plan ?? (() => this.#session.billing.settings.plan),
      limitBytes: this.#spillLimit,
    });
    this.#cache = new ResultCache({
      fetch: async (request, context) => {
        const outcome = await fetchTable(this.#session, request, this.#spillLimit, () => this.#clock.now(), {
          capCredits: defaultCap(),
          ...context,
        });
        this.#session.usage.recordDatapoints(outcome.table.rows.length * outcome.table.columns.length);
        return outcome;
      },
      now: () => this.#clock.now(),
      maxBytes: options.cacheMaxBytes ?? 64_000_000,
      isLive: (key) => this.#bus.live.has(key),
      generation: () => this.#session.generation,
      persistent: this.#kept.persistent,
      admit: this.#kept.admit,
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
      generation: () => this.#session.generation,
      payloadTurnBytes: options.payloadTurnBytes,
      nextTurn: options.nextTurn,
      budget: this.budget,
      defaultCap,
      estimate: (request) => this.#session.estimateRead(request.key),
      held: this.held,
      fromFile: (cell) => this.#fromFile(cell),
    });
    this.#cellDeps = {
      render: (key, table, render, notRefreshed) =>
        withSourceNote(
          this.#cache.rendered(key, JSON.stringify(render), () => renderSpill(table, render, this.#spillLimit)),
          table,
          render,
          {
            now: this.#clock.now(),
            supported: this.#errorsInSpills(),
            error: (message) => this.#notAvailable(message),
            ...(notRefreshed === undefined ? {} : { notRefreshed }),
          },
        ),
      withFailure: (matrix, failed, render) =>
        withFailureNote(
          matrix,
          refreshFailedText(cellFailure(failed.error).message, failed.fetchedAt, this.#clock.now()),
          render,
          { supported: this.#errorsInSpills(), error: (message) => this.#notAvailable(message) },
        ),
      toError: (error) => this.#toError(error),
      onFailure: (request, error) => this.#bus.awaitExecution(request, error),
      shown: (invocation, request, table, matrix) => {
        this.fromFile.remove(invocation.address);
        this.places.set(
          invocation.address,
          matrix.length,
          matrix[0]?.length ?? 0,
          sourceOf(request, table, this.#runOf.get(invocation)),
          request.key,
        );
      },
      gone: (invocation) => {
        this.fromFile.remove(invocation.address);
        this.places.remove(invocation.address);
      },
      placed: (invocation, request, savedAt, matrix) => {
        if (invocation.address !== undefined) this.fromFile.set(invocation.address, request, savedAt);
        this.places.set(
          invocation.address,
          matrix.length,
          matrix[0]?.length ?? 0,
          describeFileValues(request.source, savedAt, this.#runOf.get(invocation)),
          request.key,
        );
      },
    };
    this.#previews = new Previews({
      // After the stored key is read: before it, the session is signed out and sees no kept results.
      peek: (request) => this.#ready.then(() => this.#cache.peek(request)),
      render: this.#cellDeps.render,
      toError: (error) => this.#toError(error),
      notAvailable: (message) => this.#notAvailable(message),
      runs: () => this.queries.runs,
    });
    this.#runSettings = options.runSettings ?? (() => undefined);
    this.#fileValues = options.fileValues ?? excelFileValues();
    this.#offSession = this.#session.onChange(() => this.#sessionChanged());
    this.savedQueries = new SavedQueries({
      client: () => this.#session.client(),
      generation: () => this.#session.generation,
      ready: this.#ready,
    });
    this.queries = new QueryService({
      session: this.#session,
      clock: this.#clock,
      ready: this.#ready,
      runSettings: options.runSettings ?? (() => undefined),
      serve: (executionId, cell, sink) => {
        // The bus takes over the sink's onCanceled: a proxy per served run lets the cell switch runs. It carries the
        // cell's address, and the run it stands for, so SERVICE.SOURCE can say where the rows came from.
        const inner: Invocation = { setResult: (value) => sink.setResult(value), onCanceled: undefined };
        if (sink.address !== undefined) inner.address = sink.address;
        this.#runOf.set(inner, { queryId: cell.queryId, parameters: cell.parameters });
        const request = () => resultsRequest(executionId, [], cell.options);
        this.#serveTable("RESULTS", inner, [], request, cell.options);
        return () => inner.onCanceled?.();
      },
      toError: (error) => this.#toError(error),
      notAvailable: (message) => this.#notAvailable(message),
      failureMessage: (error) => cellFailure(error).message,
      declaration: (queryId) => this.savedQueries.declaration(queryId),
      budget: this.budget,
      estimate: (queryId, performance) => this.#session.estimateExecution(queryId, performance),
    });
  }

  dataset(name: unknown, args: Args, invocation: Invocation): void {
    if (isValuePreview(invocation)) return this.#previews.dataset(name, args, invocation);
    this.#serveTable("DATASET", invocation, args, (positional, options) => datasetRequest(name, positional, options));
  }

  results(id: unknown, args: Args, invocation: Invocation): void {
    if (isValuePreview(invocation)) return this.#previews.results(id, args, invocation);
    this.#serveTable("RESULTS", invocation, args, (positional, options) => resultsRequest(id, positional, options));
  }

  /**
   * SERVICE.QUERY: see QueryService.query. It never runs anything on recalculation, on entry or on open; only a
   * `run=on_change` cell whose inputs changed runs its query, within the workbook's daily budget.
   */
  query(queryId: unknown, args: Args, invocation: Invocation): void {
    if (isValuePreview(invocation)) return this.#previews.query(queryId, args, invocation);
    this.queries.query(queryId, args, invocation);
  }

  /**
   * SERVICE.SOURCE: where the rows of the result at (or spilled over) the referenced cell came from, or of the
   * inserted table there, following refreshes.
   */
  source(invocation: CustomFunctions.StreamingInvocation<string[][]>): void {
    serveSource(
      {
        resultSource: (sheet, row, column) => this.sourceAt(sheet, row, column),
        onResultsChange: (listener) => {
          const offs = [this.places.onChange(listener), this.held.onChange(listener)];
          return () => offs.forEach((off) => off());
        },
        tables: () => this.#tables,
        onTablesChange: (listener) => {
          this.#tableListeners.add(listener);
          return () => this.#tableListeners.delete(listener);
        },
        queryName: async (queryId) => {
          const declared = await this.savedQueries.declaration(queryId);
          return declared.known && declared.query.name !== "" ? declared.query.name : undefined;
        },
        pattern: () => queryPagePattern(this.#runSettings() ?? { get: () => null }),
        notAvailable: (message) => this.#notAvailable(message),
        invalid: (message) => {
          const api = this.#api ?? customFunctionsApi();
          return new api.Error(api.ErrorCode.invalidValue as never, message);
        },
      },
      invocation,
    );
  }

  /**
   * Where the rows of the SERVICE result at (or spilled over) a cell came from, as SERVICE.SOURCE and the pane's
   * snapshot tell it: with the automatic refresh of them the budget held, if one was (the cell itself shows no note).
   */
  sourceAt(sheet: string, row: number, column: number): ResultSource | undefined {
    const place = this.places.at(sheet, row, column);
    if (!place) return undefined;
    const held = place.key === undefined ? undefined : this.held.get(place.key);
    return held ? { ...place.source, held: heldSource(held) } : place.source;
  }

  /** How SERVICE.SOURCE finds inserted tables' sources (the pane knows the bindings); undefined forgets it. */
  setTableSources(lookup: TableSourceLookup | undefined): void {
    this.#tables = lookup;
    this.tableSourcesChanged();
  }

  /** A table was inserted or refreshed: SERVICE.SOURCE cells look again. */
  tableSourcesChanged(): void {
    for (const listener of [...this.#tableListeners]) listener();
  }

  /** The workbook's remembered runs (the pane records a run here when it completes). */
  get queryRuns(): QueryRuns {
    return this.queries.runs;
  }

  status(executionId: unknown, detail: unknown, invocation: CustomFunctions.StreamingInvocation<string>): void {
    if (isValuePreview(invocation)) return this.#previews.status(invocation);
    const deps = { watchers: this.#watchers, now: () => this.#clock.now(), toError: (e: unknown) => this.#toError(e) };
    // onCanceled is set now: Excel may cancel before the stored key has been read and the poller started.
    let stop: (() => void) | undefined;
    let canceled = false;
    invocation.onCanceled = () => {
      canceled = true;
      stop?.();
    };
    // #ready never rejects (failures to read the key are caught where it is made); the cell shows poll errors itself.
    void this.#ready
      .then(() => {
        if (!canceled) stop = serveStatus(deps, executionId, detail, invocation);
      })
      .catch(reportUnexpected("starting a STATUS cell"));
  }

  /**
   * Re-fetches every request a live cell shows (except stored execution results) and pushes the new values.
   * `manual` (the pane's Refresh All, after its confirmation) fetches each within its cells' cap; `open` and `ribbon`
   * are automatic: only what today's automatic budget has room for, the rest held (cells keep values; the held list says why).
   */
  async refreshAll(reason: "manual" | "open" | "ribbon" = "manual"): Promise<RefreshSummary> {
    this.#cache.dropUnused();
    if (reason === "manual") {
      // A query's latest result is current until Refresh All: those kept for this user go before new ones come.
      void this.#kept.persistent.dropLatest().catch(reportUnexpected("forgetting kept latest results"));
    }
    // On open, what the cells just fetched (or were served fresh) is not fetched again: only what is due.
    const keys = this.refreshableKeys().filter((key) => reason !== "open" || !this.#cache.isFresh(key));
    return this.#bus.refresh(keys, reason);
  }

  /** The requests a Refresh All would fetch again: every live cell's, except stored execution results. */
  refreshableKeys(): string[] {
    return this.#bus.live.keys().filter((key) => !this.#cache.isSettled(key));
  }

  /** What each request a Refresh All would fetch is expected to cost (its last size), for the confirmation. */
  refreshPlan(): RefreshPlanItem[] {
    return this.refreshableKeys().flatMap((key) => {
      const cell = this.#bus.live.cellsOf(key)[0] as TableCell | undefined;
      if (!cell) return [];
      const estimate = this.#session.estimateRead(key);
      return [{ key, what: describeRequest(cell.request), cells: this.#bus.live.cellsOf(key).length, estimate }];
    });
  }

  /** Requests whose cells say their data is not loaded, with what loading each would cost (the pane's list). */
  notLoaded(): NotLoadedRow[] {
    return this.#bus.notLoaded.rows((key) => this.#bus.live.cellsOf(key).length);
  }

  onNotLoadedChange(listener: () => void): () => void {
    return this.#bus.notLoaded.onChange(listener);
  }

  /** Resolves once every result fetched so far (and every removal asked for) has reached the persistent store. */
  keptResultsWritten(): Promise<void> {
    return this.#kept.persistent.settled();
  }

  /** The pane's Load: fetches every request whose cells say they are not loaded (the user chose to spend). */
  loadNotLoaded(): Promise<RefreshSummary> {
    return this.#bus.refresh(this.#bus.notLoaded.keys(), "manual");
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
    this.queries.dispose();
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
    this.#bus.add(cell, invocation, this.#kept.contextFor(cell.request));
  }

  /**
   * The result the workbook file holds at a cell Excel runs as the workbook opens, shown as it is: the file is the
   * workbook's own cache (docs/reports.md, "The file is the workbook's own cache"). Its age is the file's refresh time of the
   * request (`service.requestRefresh`), unknown in a file saved without the add-in's settings. Nothing is fetched,
   * and nothing is put in the cache or the kept results: the values are a rendering, not the service's rows, and a
   * Refresh All or the dataset's schedule replaces them.
   */
  async #fromFile(cell: TableCell): Promise<{ savedAt?: number } | undefined> {
    if (!this.#fileValues || cell.address === undefined) return undefined;
    const shown = await this.#fileValues(cell.address);
    if (!holdsResult(shown)) return undefined;
    const errors = this.#errorsInSpills();
    const values = shown.values.map((line, r) =>
      line.map((value, c) => {
        if (shown.types[r]?.[c] !== "Error") return value;
        // An error the file held inside the spill (a note on its header): said again, where a spill can hold one.
        return errors ? this.#notAvailable(`The file held ${String(value)} here when it was saved.`) : "";
      }),
    );
    const savedAt = this.#kept.times.savedAt(cell.request);
    cell.adopt(values, savedAt);
    return savedAt === undefined ? {} : { savedAt };
  }

  #sessionChanged(): void {
    void this.#kept.sessionChanged().catch(reportUnexpected("forgetting a signed-out user's results"));
    // The stored key being read as the runtime starts: the cells wait for it and are served then, once.
    if (!this.#readySettled) return;
    // Another key may see other data (E5 access is per owner), and a signed-out session must show that it is. The
    // cache and the bus drop the old generation's rows by themselves; what was in flight has been aborted.
    this.#watchers.restart();
    // A session listener cannot wait: the cells and the refresh listeners hear how this went.
    void this.#bus
      .refresh(this.#bus.live.keys(), "session")
      .catch(reportUnexpected("the refresh after a sign-in change"));
  }

  #notAvailable(message: string): CustomFunctions.Error {
    const api = this.#api ?? customFunctionsApi();
    return new api.Error(api.ErrorCode.notAvailable as never, message);
  }

  #toError(error: unknown): CustomFunctions.Error {
    return toCustomFunctionsError(error, this.#api ?? customFunctionsApi());
  }
}
