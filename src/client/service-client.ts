import { type ServiceClientOptions, resolveOptions } from "./client-options";
import { datasetPath } from "./catalog/lookup";
import { wirePerformance } from "./performance";
import { InvalidResponseError } from "./errors/local-errors";
import { type HttpRequest, Transport, parseJson } from "./http/request";
import { type CollectTableOptions, collectTable } from "./paging/table";
import type { RatePressure } from "./http/rate-pressure";
import { envelopeToRawPage } from "./paging/envelope";
import { normalizeEnvelope, normalizeStatus } from "./responses/normalize";
import { paginate } from "./paging/pages";
import { offsetFromUri } from "./paging/plan";
import { type SourceIo, fetcherFor } from "./paging/sources";
import { type SavedQuery, normalizeSavedQuery } from "./responses/saved-query";
import { type Usage, type UsageOptions, normalizeUsage, usageBody } from "./responses/usage";
import {
  type CallOptions,
  type ExecuteOptions,
  type LatestOptions,
  type PagingParams,
  type ResultParams,
  guardLifted,
  pickResultParams,
  toSearchParams,
  validateParams,
  withInputs,
} from "./params";
import { type RunOptions, type RunResult, runToEnd } from "./polling/run";
import type { CsvPage, Envelope, ExecuteAck, ExecutionStatus, Page, Source, Table } from "./types";
import { checkExecutionId, checkQueryId } from "./validate";
import { type ClientObserver, type ReadRecord, tell } from "./observer";
import * as sqlUploads from "./sql-uploads";
import type { CreatedUpload, InsertResult, UploadList } from "./responses/uploads";

export type { ServiceClientOptions } from "./client-options";

/** The one client of the API for the functions, the pane, the playground, benchmarks and scripts. */
export class ServiceClient {
  readonly #transport: Transport;
  readonly #concurrency: number;
  readonly #pressure: RatePressure;
  readonly #observer: ClientObserver;

  constructor(options: ServiceClientOptions) {
    const resolved = resolveOptions(options);
    this.#concurrency = resolved.concurrency;
    this.#observer = resolved.observer;
    this.#transport = new Transport(resolved.transport);
    this.#pressure = resolved.transport.pressure;
  }

  /**
   * Hears every wait the client makes after the service answered 429 (too many requests), with its length in ms, so
   * a progress display can say why nothing moves. The client then pages one request at a time for a minute.
   * Returns the unsubscribe.
   */
  onRateLimitWait(listener: (waitMs: number) => void): () => void {
    return this.#pressure.onWait(listener);
  }

  /**
   * E1. Spends credits; retried only when the server certainly did not start a run. `performance`: `auto` (or none)
   * lets the service choose the tier by plan; `small`, `medium`, `large` ask for one.
   */
  async execute(queryId: number, options: ExecuteOptions = {}): Promise<ExecuteAck> {
    const id = checkQueryId(queryId);
    const performance = wirePerformance(options.performance);
    const body: Record<string, unknown> = {};
    if (options.parameters !== undefined) body.query_parameters = options.parameters;
    if (performance !== undefined) body.performance = performance;
    const path = `/v1/query/${id}/execute`;
    const response = await this.#send(
      { method: "POST", path, body, accept: "application/json", retryMode: "unstarted-only" },
      options,
    );
    const ack = parseJson<ExecuteAck>(response, "POST", path);
    if (!ack || typeof ack.execution_id !== "string")
      throw new InvalidResponseError({ method: "POST", path, detail: "no execution_id" });
    tell(this.#observer.executed, {
      executionId: ack.execution_id,
      queryId: id,
      performance: options.performance ?? "auto",
    });
    return ack;
  }

  async status(executionId: string, options: CallOptions = {}): Promise<ExecutionStatus> {
    const path = `/v1/execution/${checkExecutionId(executionId)}/status`;
    const status = normalizeStatus(await this.#getJson<ExecutionStatus>(path, {}, options));
    tell(this.#observer.status, status);
    return status;
  }

  /** E2, one page, as the server sent it. */
  async results(executionId: string, params: ResultParams & CallOptions = {}): Promise<Envelope> {
    const path = `/v1/execution/${checkExecutionId(executionId)}/results`;
    return (await this.#getEnvelope(path, params, params)).envelope;
  }

  /** E3, one page. */
  async resultsCsv(executionId: string, params: ResultParams & CallOptions = {}): Promise<CsvPage> {
    return this.#getCsv(`/v1/execution/${checkExecutionId(executionId)}/results/csv`, params, params);
  }

  /** E4. Repeating a cancel is harmless, so it is retried like a read. */
  async cancel(executionId: string, options: CallOptions = {}): Promise<boolean> {
    const path = `/v1/execution/${checkExecutionId(executionId)}/cancel`;
    const response = await this.#send(
      { method: "POST", path, accept: "application/json", retryMode: "idempotent" },
      options,
    );
    return parseJson<{ success?: unknown }>(response, "POST", path)?.success === true;
  }

  /** E5, one page; with `parameters`, of the latest run of exactly those inputs (404 when none has a result). */
  async latestCsv(queryId: number, params: ResultParams & LatestOptions = {}): Promise<CsvPage> {
    return this.#getCsv(`/v1/query/${checkQueryId(queryId)}/results/csv`, params, params, params.parameters);
  }

  /**
   * A saved query's latest result as JSON (GET /v1/query/{id}/results), one page: typed by the service, with the
   * run it came from (`execution_id`, `execution_ended_at`: its age). Reads cost credits like any result.
   */
  async latestResults(queryId: number, params: ResultParams & LatestOptions = {}): Promise<Envelope> {
    const path = `/v1/query/${checkQueryId(queryId)}/results`;
    return (await this.#getEnvelope(path, params, params, params.parameters)).envelope;
  }

  /**
   * A saved query: name, description, owner, visibility, SQL when shown, and its declared parameters with their
   * defaults (types text, number, date, enum). Free. Only on plans with the queries endpoint: others get a 403 or 404.
   */
  async query(queryId: number, options: CallOptions = {}): Promise<SavedQuery> {
    const id = checkQueryId(queryId);
    const path = `/v1/query/${id}`;
    return normalizeSavedQuery(await this.#getJson<unknown>(path, {}, options), id, "GET", path);
  }

  /**
   * Credits used and included per billing period (POST /v1/usage; free). Without dates, the current period; with
   * them (`YYYY-MM-DD`), the periods in between. Repeating it is harmless, so it is retried like a read.
   */
  async usage(options: UsageOptions = {}): Promise<Usage> {
    const path = "/v1/usage";
    const response = await this.#send(
      { method: "POST", path, body: usageBody(options), accept: "application/json", retryMode: "idempotent" },
      options,
    );
    return normalizeUsage(parseJson<unknown>(response, "POST", path), "POST", path);
  }

  /**
   * SQL text run as an execution (`POST /v1/sql/execute`), polled and read like any run by its `execution_id`; its
   * status has no query id. No parameters: the service refuses `{{name}}` placeholders. Spends credits.
   */
  async executeSql(sql: string, options: sqlUploads.SqlOptions = {}): Promise<ExecuteAck> {
    const ack = await sqlUploads.executeSql(this.#sender, sql, options);
    // Spent like a saved query's run: the session counts it (at its tier's price until a status reports its cost).
    tell(this.#observer.executed, { executionId: ack.execution_id, performance: options.performance ?? "auto" });
    return ack;
  }

  /** The key's uploaded tables (`GET /v1/uploads`), a page at a time. Free. */
  async listUploads(options: sqlUploads.ListUploadsOptions = {}): Promise<UploadList> {
    return sqlUploads.listUploads(this.#sender, options);
  }

  /** An empty uploaded table with its columns; private unless `isPrivate: false` says otherwise. Costs credits. */
  async createUpload(options: sqlUploads.CreateUploadOptions): Promise<CreatedUpload> {
    return sqlUploads.createUpload(this.#sender, options);
  }

  /** Rows appended to an uploaded table, all or none: CSV with a header, NDJSON, or objects. Costs credits. */
  async insertRows(
    namespace: string,
    tableName: string,
    rows: sqlUploads.RowsInput,
    options: CallOptions = {},
  ): Promise<InsertResult> {
    return sqlUploads.insertRows(this.#sender, namespace, tableName, rows, options);
  }

  /** Empties an uploaded table, keeping its columns; the service's confirmation. */
  async clearUpload(namespace: string, tableName: string, options: CallOptions = {}): Promise<string> {
    return sqlUploads.clearUpload(this.#sender, namespace, tableName, options);
  }

  /** Deletes an uploaded table and its rows; the service's confirmation. */
  async deleteUpload(namespace: string, tableName: string, options: CallOptions = {}): Promise<string> {
    return sqlUploads.deleteUpload(this.#sender, namespace, tableName, options);
  }

  readonly #sender: sqlUploads.Send = (request, options) => this.#send(request, options);

  /** E6–E11, one page. Names: avs, operators, dex <chain>, marketshare <market> <chain>, channels, users. */
  async dataset(
    name: string,
    args: readonly string[] = [],
    params: ResultParams & CallOptions = {},
  ): Promise<Envelope> {
    return (await this.#getEnvelope(datasetPath(name, args), params, params)).envelope;
  }

  /**
   * Every page of a source, in order, rows as matrices. Arguments are checked now (before any request);
   * requests start when iteration does.
   */
  pages(source: Source, params: PagingParams = {}): AsyncGenerator<Page, void, undefined> {
    const shared = pickResultParams(params);
    validateParams(shared);
    const fetchPage = fetcherFor(source, shared, this.#io(params));
    return paginate(fetchPage, {
      offset: shared.offset,
      limit: shared.limit,
      sample: shared.sample_count !== undefined,
      ignoreMaxDatapoints: guardLifted(shared),
      firstPageRows: params.firstPageRows,
      maxPageBytes: params.maxPageBytes,
      concurrency: Math.max(1, Math.floor(params.concurrency ?? this.#concurrency)),
      pressure: this.#pressure,
      signal: params.signal,
    });
  }

  /** Every page of a source collected into one matrix, stopping at `limit` (or rejecting past `byteCap`). */
  async table(source: Source, params: PagingParams & CollectTableOptions = {}): Promise<Table> {
    return collectTable(this.pages(source, params), { byteCap: params.byteCap });
  }

  /** Execute and poll to a terminal state. Aborting `signal` cancels the run on the server. */
  async run(queryId: number, options: RunOptions = {}): Promise<RunResult> {
    checkQueryId(queryId);
    return runToEnd(
      {
        clock: this.#transport.clock,
        pollDelay: (ms) => this.#pressure.pollDelay(ms),
        execute: (id, o) => this.execute(id, o),
        status: (id, o) => this.status(id, o),
        cancel: (id, o) => this.cancel(id, o),
      },
      queryId,
      options,
    );
  }

  /**
   * SQL text executed and polled to a terminal state, as `run` does a saved query (progress, queue position, cancel
   * on abort). No parameters: SQL text runs as written.
   */
  async runSql(sql: string, options: Omit<RunOptions, "parameters"> = {}): Promise<RunResult> {
    return runToEnd(
      {
        clock: this.#transport.clock,
        pollDelay: (ms) => this.#pressure.pollDelay(ms),
        // runToEnd's query id has no meaning here: the text is what is executed.
        execute: (_id, o) => this.executeSql(sql, { performance: o.performance, timeoutMs: o.timeoutMs }),
        status: (id, o) => this.status(id, o),
        cancel: (id, o) => this.cancel(id, o),
      },
      0,
      options,
    );
  }

  /** Page requests for `pages`; the per-call timeout and read listener apply to each of them. */
  #io(call: CallOptions): SourceIo {
    const { timeoutMs, onRead } = call;
    return {
      json: async (path, params, signal, inputs) => {
        const { envelope, bytes } = await this.#getEnvelope(path, params, { signal, timeoutMs, onRead }, inputs);
        const raw = envelopeToRawPage(envelope, "GET", path);
        raw.bytes = bytes;
        return raw;
      },
      csv: (path, params, signal, inputs) => this.#getCsv(path, params, { signal, timeoutMs, onRead }, inputs),
    };
  }

  /** A result envelope (E2, E5 as JSON, E6–E11), told as a read: billed when it carries a result. */
  async #getEnvelope(
    path: string,
    params: ResultParams,
    options: CallOptions,
    inputs?: LatestOptions["parameters"],
  ): Promise<{ envelope: Envelope; bytes: number }> {
    const query = withInputs(toSearchParams(pickResultParams(params)), inputs);
    const response = await this.#send(
      { method: "GET", path, query, accept: "application/json", retryMode: "idempotent" },
      options,
    );
    const envelope = normalizeEnvelope(parseJson<Envelope>(response, "GET", path));
    const result = (envelope as { result?: unknown } | null)?.result;
    this.#read(
      { method: "GET", path, bytes: response.bytes, billed: result !== undefined && result !== null },
      options,
    );
    return { envelope, bytes: response.bytes };
  }

  #read(record: ReadRecord, options: CallOptions): void {
    tell(this.#observer.read, record);
    tell(options.onRead, record);
  }

  async #getJson<T>(path: string, params: ResultParams, options: CallOptions): Promise<T> {
    const query = toSearchParams(pickResultParams(params));
    const response = await this.#send(
      { method: "GET", path, query, accept: "application/json", retryMode: "idempotent" },
      options,
    );
    return parseJson<T>(response, "GET", path);
  }

  async #getCsv(
    path: string,
    params: ResultParams,
    options: CallOptions,
    inputs?: LatestOptions["parameters"],
  ): Promise<CsvPage> {
    const query = withInputs(toSearchParams(pickResultParams(params)), inputs);
    const response = await this.#send(
      { method: "GET", path, query, accept: "text/csv", retryMode: "idempotent" },
      options,
    );
    this.#read({ method: "GET", path, bytes: response.bytes, billed: true }, options);
    const page: CsvPage = { text: response.text, bytes: response.bytes };
    const nextUri = response.headers.get("X-Service-Next-Uri") ?? undefined;
    const offsetHeader = response.headers.get("X-Service-Next-Offset");
    const nextOffset =
      offsetHeader !== null && /^\d+$/.test(offsetHeader.trim()) ? Number(offsetHeader) : offsetFromUri(nextUri);
    if (nextOffset !== undefined) page.nextOffset = nextOffset;
    if (nextUri) page.nextUri = nextUri;
    return page;
  }

  #send(request: Omit<HttpRequest, "signal" | "timeoutMs">, options: CallOptions) {
    return this.#transport.send({ ...request, signal: options.signal, timeoutMs: options.timeoutMs });
  }
}
