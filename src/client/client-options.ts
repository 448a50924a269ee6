import { type Clock, systemClock } from "../clock";
import { InvalidArgumentError } from "./errors/local-errors";
import type { FetchLike, TransportConfig } from "./http/request";
import { RatePressure } from "./http/rate-pressure";
import { type RetryOptions, resolveRetry } from "./http/retry";
import type { ClientObserver } from "./observer";

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
  clock?: Clock;
  /** Receives one line per retry; never the key. */
  log?: (line: string) => void;
  /**
   * Aborting it ends this client's reads: those in flight and waiting reject with CancelledError, later ones at once
   * (the session aborts it when the key or the address changes). An execute or a cancel is still sent and answered:
   * the execute's answer is the only record of the run it started, and a cancel stops a run from spending.
   */
  signal?: AbortSignal;
  /** Told of every result page received (its exact size), execution accepted and status read: what is spent. */
  observer?: ClientObserver;
}

/** Checked once, in the constructor: a client with no key or a non-http address is refused before any request. */
export function resolveOptions(options: ServiceClientOptions): {
  transport: TransportConfig & { pressure: RatePressure };
  concurrency: number;
  observer: ClientObserver;
} {
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
  const clock = options.clock ?? systemClock;
  return {
    concurrency: Math.max(1, Math.floor(options.concurrency ?? 4)),
    observer: options.observer ?? {},
    transport: {
      baseUrl,
      apiKey: options.apiKey,
      fetch: options.fetch,
      clock,
      pressure: new RatePressure(clock),
      timeoutMs: options.timeoutMs ?? 30_000,
      retry: resolveRetry(options.retry),
      log: options.log,
      readSignal: options.signal,
    },
  };
}
