import { type ClientClock, systemClock } from "./clock";
import { datasetPath } from "./datasets";
import { InvalidArgumentError } from "./errors/local-errors";
import { InvalidResponseError } from "./errors/local-errors";
import { type FetchLike, type HttpRequest, Transport, parseJson } from "./http/request";
import { type RetryOptions, resolveRetry } from "./http/retry";
import { collectTable } from "./paging/table";
import { envelopeToRawPage } from "./paging/envelope";
import { paginate } from "./paging/pages";
import { offsetFromUri } from "./paging/plan";
import type { PageFetcher } from "./paging/raw-page";
import { type SourceIo, csvFetcher, jsonFetcher } from "./paging/sources";
import {
  type CallOptions,
  type ExecuteOptions,
  type PagingParams,
  type ResultParams,
  pickResultParams,
  toSearchParams,
  validateParams,
} from "./params";
import { type RunOptions, type RunResult, runToEnd } from "./polling/run";
import type { CsvPage, Envelope, ExecuteAck, ExecutionStatus, Page, Source, Table } from "./types";
import { checkExecutionId, checkQueryId, segment } from "./validate";

export interface ServiceClientOptions {
  /** Sent only in the `X-Service-Api-Key` header. */
  apiKey: string;
  /** Service address, e.g. `http://127.0.0.1:8787`; a path prefix is kept. */
  baseUrl: string;
  /** Defaults to the global fetch. */
  fetch?: FetchLike;
  /** Per-request timeout (body included). Default 30 s. */
  timeoutMs?: number;
  /** The retry ladder's settings, or false for none. */
  retry?: RetryOptions | false;
  /** Page requests in flight at once. Default 4. */
  concurrency?: number;
  clock?: ClientClock;
  /** Receives one line per retry; never the key. */
  log?: (line: string) => void;
}

/** The one client of the API for the functions, the pane, the playground, benchmarks and scripts. */
export class ServiceClient {
  readonly #transport: Transport;
  readonly #concurrency: number;
  readonly #io: SourceIo = {
    json: async (path, params, signal) => envelopeToRawPage(await this.#getJson<Envelope>(path, params, { signal }), "GET", path),
    csv: (path, params, signal) => this.#getCsv(path, params, { signal }),
  };

  constructor(options: ServiceClientOptions) {
    if (typeof options.apiKey !== "string" || options.apiKey.trim() === "") {
      throw new InvalidArgumentError("An API key is required");
    }
    let baseUrl: URL;
    try {
      baseUrl = new URL(options.baseUrl);
    } catch {
      throw new InvalidArgumentError(`baseUrl must be an absolute http(s) URL; got "${String(options.baseUrl)}"`);
    }
    if (baseUrl.protocol !== "http:" && baseUrl.protocol !== "https:") {
      throw new InvalidArgumentError(`baseUrl must use http or https; got "${baseUrl.protocol}"`);
    }
    this.#concurrency = Math.max(1, Math.floor(options.concurrency ?? 4));
    this.#transport = new Transport({
      baseUrl,
      apiKey: options.apiKey,
      fetch: options.fetch,
      clock: options.clock ?? systemClock,
      timeoutMs: options.timeoutMs ?? 30_000,
      retry: resolveRetry(options.retry),
      log: options.log,
    });
  }

  /** E1. Spends credits; retried only when the server certainly did not start a run. */
  async execute(queryId: number, options: ExecuteOptions = {}): Promise<ExecuteAck> {
    const id = checkQueryId(queryId);
    if (options.performance !== undefined && options.performance !== "medium" && options.performance !== "large") {
      throw new InvalidArgumentError(`performance must be "medium" or "large"; got "${String(options.performance)}"`);
    }
    const body: Record<string, unknown> = {};
    if (options.parameters !== undefined) body.query_parameters = options.parameters;
    if (options.performance !== undefined) body.performance = options.performance;
    const path = `/v1/query/${id}/execute`;
    const response = await this.#send({ method: "POST", path, body, accept: "application/json", retryMode: "unstarted-only" }, options);
    const ack = parseJson<ExecuteAck>(response, "POST", path);
    if (!ack || typeof ack.execution_id !== "string") throw new InvalidResponseError({ method: "POST", path, detail: "no execution_id" });
    return ack;
  }

  async status(executionId: string, options: CallOptions = {}): Promise<ExecutionStatus> {
    const path = `/v1/execution/${segment(checkExecutionId(executionId))}/status`;
    return this.#getJson<ExecutionStatus>(path, {}, options);
  }

  /** E2, one page, as the server sent it. */
  async results(executionId: string, params: ResultParams & CallOptions = {}): Promise<Envelope> {
    return this.#getJson<Envelope>(`/v1/execution/${segment(checkExecutionId(executionId))}/results`, params, params);
  }

  /** E3, one page. */
  async resultsCsv(executionId: string, params: ResultParams & CallOptions = {}): Promise<CsvPage> {
    return this.#getCsv(`/v1/execution/${segment(checkExecutionId(executionId))}/results/csv`, params, params);
  }

  /** E4. Repeating a cancel is harmless, so it is retried like a read. */
  async cancel(executionId: string, options: CallOptions = {}): Promise<boolean> {
    const path = `/v1/execution/${segment(checkExecutionId(executionId))}/cancel`;
    const response = await this.#send({ method: "POST", path, accept: "application/json", retryMode: "idempotent" }, options);
    return parseJson<{ success?: unknown }>(response, "POST", path)?.success === true;
  }

  /** E5, one page. */
  async latestCsv(queryId: number, params: ResultParams & CallOptions = {}): Promise<CsvPage> {
    return this.#getCsv(`/v1/query/${checkQueryId(queryId)}/results/csv`, params, params);
  }

  /** E6–E11, one page. Names: avs, operators, dex <chain>, marketshare <market> <chain>, channels, users. */
  async dataset(name: string, args: readonly string[] = [], params: ResultParams & CallOptions = {}): Promise<Envelope> {
    return this.#getJson<Envelope>(datasetPath(name, args), params, params);
  }

  /**
   * Every page of a source, in order, rows as matrices. Arguments are checked now (before any request);
   * requests start when iteration does.
   */
  pages(source: Source, params: PagingParams = {}): AsyncGenerator<Page, void, undefined> {
    const shared = pickResultParams(params);
    validateParams(shared);
    const fetchPage = this.#fetcherFor(source, shared);
    return paginate(fetchPage, {
      offset: shared.offset,
      limit: shared.limit,
      sample: shared.sample_count !== undefined,
      ignoreMaxDatapoints: shared.ignore_max_datapoints_per_request === true,
      concurrency: Math.max(1, Math.floor(params.concurrency ?? this.#concurrency)),
      signal: params.signal,
    });
  }

  /** Every page of a source collected into one matrix, stopping at `limit`. */
  async table(source: Source, params: PagingParams = {}): Promise<Table> {
    return collectTable(this.pages(source, params));
  }

  /** Execute and poll to a terminal state. Aborting `signal` cancels the run on the server. */
  async run(queryId: number, options: RunOptions = {}): Promise<RunResult> {
    checkQueryId(queryId);
    return runToEnd(
      {
        clock: this.#transport.clock,
        execute: (id, o) => this.execute(id, o),
        status: (id, o) => this.status(id, o),
        cancel: (id, o) => this.cancel(id, o),
      },
      queryId,
      options,
    );
  }

  #fetcherFor(source: Source, params: ResultParams): PageFetcher {
    if (source && "executionId" in source) {
      return jsonFetcher(this.#io, `/v1/execution/${segment(checkExecutionId(source.executionId))}/results`, params);
    }
    if (source && "queryId" in source) {
      return csvFetcher(this.#io, `/v1/query/${checkQueryId(source.queryId)}/results/csv`, params);
    }
    if (source && "dataset" in source) return jsonFetcher(this.#io, datasetPath(source.dataset, source.args ?? []), params);
    throw new InvalidArgumentError("source must be { executionId }, { queryId } or { dataset, args }");
  }

  async #getJson<T>(path: string, params: ResultParams, options: CallOptions): Promise<T> {
    const query = toSearchParams(pickResultParams(params));
    const response = await this.#send({ method: "GET", path, query, accept: "application/json", retryMode: "idempotent" }, options);
    return parseJson<T>(response, "GET", path);
  }

  async #getCsv(path: string, params: ResultParams, options: CallOptions): Promise<CsvPage> {
    const query = toSearchParams(pickResultParams(params));
    const response = await this.#send({ method: "GET", path, query, accept: "text/csv", retryMode: "idempotent" }, options);
    const page: CsvPage = { text: response.text };
    const nextUri = response.headers.get("X-Service-Next-Uri") ?? undefined;
    const offsetHeader = response.headers.get("X-Service-Next-Offset");
    const nextOffset = offsetHeader !== null && /^\d+$/.test(offsetHeader.trim()) ? Number(offsetHeader) : offsetFromUri(nextUri);
    if (nextOffset !== undefined) page.nextOffset = nextOffset;
    if (nextUri) page.nextUri = nextUri;
    return page;
  }

  #send(request: Omit<HttpRequest, "signal" | "timeoutMs">, options: CallOptions) {
    return this.#transport.send({ ...request, signal: options.signal, timeoutMs: options.timeoutMs });
  }
}
