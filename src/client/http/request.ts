import type { Clock } from "../../clock";
import { sleep } from "../clock";
import { errorFromResponse, parseRetryAfter, readErrorBody } from "../errors/from-response";
import { CancelledError, InvalidResponseError, TimeoutError } from "../errors/local-errors";
import { RedirectError, redirectTarget } from "../errors/redirect";
import { redactCause, redactText } from "../errors/redact";
import { isHttpError, isServiceError } from "../errors/guards";
import { networkErrorFrom } from "./network";
import type { RatePressure } from "./rate-pressure";
import { type ResolvedRetryOptions, type RetryMode, retryDelay } from "./retry";
import { attemptSignal, linkSignals } from "./timeout";
import { apiRootPath } from "./api-root";

/** Bodies are UTF-8 JSON or CSV; a byte-order mark is dropped, as `Response.text()` drops it. */
const UTF8 = new TextDecoder("utf-8");

/** The fetch the client needs: the standard signature, so `globalThis.fetch` and test fakes both fit. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TransportConfig {
  baseUrl: URL;
  apiKey: string;
  /** Undefined: `globalThis.fetch`, looked up per call so a late polyfill still counts. */
  fetch?: FetchLike;
  clock: Clock;
  timeoutMs: number;
  retry: ResolvedRetryOptions;
  log?: (line: string) => void;
  /** Told of every 429, so paging and polling slow down (see RatePressure). */
  pressure?: RatePressure;
  /** Ends every GET of this transport when aborted (see ServiceClientOptions.signal). */
  readSignal?: AbortSignal;
}

export interface HttpRequest {
  method: "GET" | "POST" | "DELETE";
  /** Absolute API path with every segment already encoded, e.g. `/v1/execution/abc/status`. */
  path: string;
  query?: URLSearchParams;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with its own content type (rows for an uploaded table: CSV or NDJSON); instead of `body`. */
  rawBody?: { text: string; contentType: string };
  accept: "application/json" | "text/csv";
  retryMode: RetryMode;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
  /**
   * The body's size in bytes as the service sent it before any compression: fetch undoes `Content-Encoding`, so
   * these are the decoded bytes, counted before they are turned into text. What reads are billed by.
   */
  bytes: number;
  /** Attempts it took, for logs and benchmarks. */
  attempts: number;
}

/** One HTTP exchange with the service: key header, timeout, retry ladder, errors mapped to the hierarchy. */
export class Transport {
  readonly #config: TransportConfig;

  constructor(config: TransportConfig) {
    this.#config = config;
  }

  get clock(): Clock {
    return this.#config.clock;
  }

  /** The URL of a request; the key is never part of it (it travels in a header only). */
  url(path: string, query?: URLSearchParams): string {
    const base = this.#config.baseUrl;
    const url = new URL(base.origin);
    url.pathname = apiRootPath(base.pathname) + path;
    const search = query?.toString() ?? "";
    url.search = search;
    return url.toString();
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    const closing = request.method === "GET" ? this.#config.readSignal : undefined;
    if (!closing) return this.#send(request);
    const link = linkSignals(closing, request.signal);
    try {
      return await this.#send({ ...request, signal: link.signal });
    } finally {
      link.dispose();
    }
  }

  async #send(request: HttpRequest): Promise<HttpResponse> {
    const { clock, retry } = this.#config;
    const startedAt = clock.now();
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await this.#attempt(request);
        return { ...response, attempts: attempt };
      } catch (error) {
        const delay = retryDelay(error, {
          attempt,
          mode: request.retryMode,
          startedAt,
          now: clock.now(),
          options: retry,
        });
        if (delay === undefined) throw error;
        if (isHttpError(error) && error.status === 429) this.#config.pressure?.waiting(delay);
        this.#config.log?.(
          `${request.method} ${request.path}: ${describe(error)}; attempt ${attempt + 1}/${retry.maxAttempts} in ${delay} ms`,
        );
        await sleep(clock, delay, request.signal);
      }
    }
  }

  async #attempt(request: HttpRequest): Promise<Omit<HttpResponse, "attempts">> {
    const { method, path } = request;
    const config = this.#config;
    const timeoutMs = request.timeoutMs ?? config.timeoutMs;
    if (request.signal?.aborted) throw new CancelledError({ method, path, cause: this.#clean(request.signal.reason) });
    const attempt = attemptSignal(config.clock, timeoutMs, request.signal);
    const fail = (error: unknown): never => {
      const why = attempt.reason();
      if (why === "timeout") throw new TimeoutError({ method, path, timeoutMs });
      if (why === "caller") throw new CancelledError({ method, path, cause: this.#clean(request.signal?.reason) });
      throw networkErrorFrom(error, method, path, this.#clean(error), config.baseUrl);
    };

    try {
      const headers: Record<string, string> = { Accept: request.accept, "X-Service-Api-Key": config.apiKey };
      const init: RequestInit = { method, headers, signal: attempt.signal, redirect: "manual" };
      if (request.rawBody !== undefined) {
        headers["Content-Type"] = request.rawBody.contentType;
        init.body = request.rawBody.text;
      } else if (request.body !== undefined) {
        headers["Content-Type"] = "application/json";
        init.body = JSON.stringify(request.body);
      }
      const fetchImpl: FetchLike = config.fetch ?? ((input, options) => globalThis.fetch(input, options));

      const requestUrl = this.url(path, request.query);
      let response: Response;
      try {
        response = await fetchImpl(requestUrl, init);
      } catch (error) {
        return fail(error);
      }
      let text: string;
      let bytes: number;
      try {
        // The timeout covers the body too: a server that stalls mid-body is as stuck as one that never answers.
        const body = await response.arrayBuffer();
        bytes = body.byteLength;
        text = UTF8.decode(body);
      } catch (error) {
        return fail(error);
      }
      // Redirects are not followed: a custom header would be carried to wherever the redirect points.
      if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
        const location = redirectTarget(response.headers.get("Location"), text);
        throw new RedirectError({ method, path, status: response.status, requestUrl, location });
      }
      if (!response.ok) {
        if (response.status === 429) config.pressure?.rateLimited();
        const body = readErrorBody(text);
        throw errorFromResponse({
          status: response.status,
          method,
          path,
          serverMessage: body.message === undefined ? undefined : redactText(body.message, config.apiKey),
          bodyState: body.state,
          bodyExecutionId: body.executionId === undefined ? undefined : redactText(body.executionId, config.apiKey),
          retryAfterMs: parseRetryAfter(response.headers.get("Retry-After"), config.clock.now()),
        });
      }
      return { status: response.status, headers: response.headers, text, bytes };
    } finally {
      attempt.dispose();
    }
  }

  /** The key must not ride along in a foreign error's message or cause chain. */
  #clean(cause: unknown): unknown {
    return redactCause(cause, this.#config.apiKey);
  }
}

function describe(error: unknown): string {
  if (isServiceError(error)) return error.status !== undefined ? `${error.status} ${error.code}` : error.code;
  return "error";
}

/** Parse a JSON body, or say plainly that the service sent something else. */
export function parseJson<T>(response: HttpResponse, method: string, path: string): T {
  try {
    return JSON.parse(response.text) as T;
  } catch (error) {
    throw new InvalidResponseError({ method, path, status: response.status, detail: "body is not JSON", cause: error });
  }
}
