import { isHttpError, isNetworkError } from "../errors/guards";

export interface RetryOptions {
  /** Attempts in all, the first included. 1 disables retries. Default 4. */
  maxAttempts?: number;
  /** First backoff step; doubles per attempt. Default 500 ms. */
  baseDelayMs?: number;
  /** Ceiling of one backoff step. Default 8 s. */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the error goes to the caller. Default 60 s. */
  maxRetryAfterMs?: number;
  /** No retry starts after this much time since the first attempt. Default 60 s. */
  deadlineMs?: number;
  /** Statuses worth another try. Default 429, 502, 503, 504. */
  statusCodes?: readonly number[];
  /** Source of jitter, in [0, 1). Injected by tests for exact delays. */
  random?: () => number;
}

export type ResolvedRetryOptions = Required<RetryOptions>;

export const DEFAULT_RETRY: ResolvedRetryOptions = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  deadlineMs: 60_000,
  statusCodes: [429, 502, 503, 504],
  random: Math.random,
};

export function resolveRetry(options: RetryOptions | false | undefined): ResolvedRetryOptions {
  if (options === false) return { ...DEFAULT_RETRY, maxAttempts: 1 };
  return { ...DEFAULT_RETRY, ...stripUndefined(options ?? {}) };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Which requests may be repeated:
 * - "idempotent": reads, and cancel (cancelling twice is harmless).
 * - "unstarted-only": execute, which spends credits. Repeated only when the server certainly did not start a
 *   run: it answered 429, or the connection was never made. A 502/503/504 or a reset may come after the run
 *   was created, so those are never repeated.
 */
export type RetryMode = "idempotent" | "unstarted-only";

/** Network codes that prove the request never reached the service. */
const NOT_STARTED_CODES = new Set(["ECONNREFUSED", "EAI_AGAIN"]);

export interface RetryContext {
  /** Attempts made so far (1 after the first failure). */
  attempt: number;
  mode: RetryMode;
  /** Clock time of the first attempt. */
  startedAt: number;
  now: number;
  options: ResolvedRetryOptions;
}

/**
 * The retry ladder, one rung per line: attempt limit → method allowed → status or known network
 * error → Retry-After → capped exponential backoff with jitter → overall deadline.
 * Returns the wait before the next attempt, or undefined to give up and throw `error`.
 */
export function retryDelay(error: unknown, ctx: RetryContext): number | undefined {
  const { options } = ctx;
  if (ctx.attempt >= options.maxAttempts) return undefined;
  if (!isRetryable(error, ctx.mode, options)) return undefined;

  let delay: number;
  const retryAfterMs = isHttpError(error) ? error.retryAfterMs : undefined;
  if (retryAfterMs !== undefined) {
    if (retryAfterMs > options.maxRetryAfterMs) return undefined;
    delay = retryAfterMs;
  } else {
    // "Equal jitter": at least half the step, so retries never bunch up at zero, at most the full step.
    const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (ctx.attempt - 1));
    delay = Math.round(step / 2 + options.random() * (step / 2));
  }

  if (ctx.now + delay - ctx.startedAt > options.deadlineMs) return undefined;
  return delay;
}

function isRetryable(error: unknown, mode: RetryMode, options: ResolvedRetryOptions): boolean {
  if (isHttpError(error)) {
    if (mode === "unstarted-only") return error.status === 429;
    return options.statusCodes.includes(error.status);
  }
  if (isNetworkError(error)) {
    if (mode === "unstarted-only") return error.networkCode !== undefined && NOT_STARTED_CODES.has(error.networkCode);
    return error.transient;
  }
  // Timeouts, cancellations and anything unknown are not retried.
  return false;
}
