import {
  BadRequestError,
  CreditLimitError,
  ForbiddenError,
  HttpError,
  type HttpErrorInit,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
} from "./http-errors";
import { ExecutionFailedError, ExecutionPendingError, PartialResultError } from "./execution-errors";
import { CancelledError } from "./local-errors";
import type { ExecutionState } from "../types";
import { shorten, type ServiceError } from "./service-error";

/** The message of an error body: `{"error": "..."}` per the spec, or a short slice of whatever came back. */
export function serverMessageOf(bodyText: string): string | undefined {
  const trimmed = bodyText.trim();
  if (trimmed === "") return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed && typeof parsed === "object") {
      const error =
        (parsed as { error?: unknown; message?: unknown }).error ?? (parsed as { message?: unknown }).message;
      if (typeof error === "string") return error;
      if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
        return (error as { message: string }).message;
      }
    }
  } catch {
    // Not JSON (a proxy's HTML page, say): fall through to the raw text.
  }
  return shorten(trimmed, 300);
}

/** A 400 that means "the stored result is partial; ask with allow_partial_results=true". */
export function isPartialResultMessage(message: string | undefined): boolean {
  return message !== undefined && /partial result/i.test(message) && /allows?_partial_results/i.test(message);
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** Status → class. Unlisted 4xx stay plain HttpError. */
export function errorFromResponse(init: HttpErrorInit): ServiceError {
  const { status } = init;
  // The spec does not fix the status of the partial-result refusal (ours is 400), so the text decides.
  if (status >= 400 && status < 500 && isPartialResultMessage(init.serverMessage)) return new PartialResultError(init);
  if (status === 400) return new BadRequestError(init);
  if (status === 401) return new UnauthorizedError(init);
  if (status === 402) return new CreditLimitError(init);
  if (status === 403) return new ForbiddenError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 409) return stateConflict(init) ?? new HttpError(init);
  if (status === 429) return new RateLimitedError(init);
  if (status >= 500) return new ServerError(init);
  return new HttpError(init);
}

/**
 * 409 from a CSV endpoint: the run has no result (yet), and the body names its state. The same error as the JSON
 * path gives for that state, so cells and the pane say "still running" or "failed" whichever endpoint was asked.
 */
function stateConflict(init: HttpErrorInit): ServiceError | undefined {
  const state = /QUERY_STATE_[A-Z_]+/.exec(init.serverMessage ?? "")?.[0] as ExecutionState | undefined;
  if (!state) return undefined;
  const executionId =
    /\/execution\/([^/]+)\//.exec(init.path)?.[1] ?? /Execution (\S+) is/.exec(init.serverMessage ?? "")?.[1] ?? "";
  const at = { method: init.method, path: init.path, executionId: decodeURIComponent(executionId) };
  if (state === "QUERY_STATE_PENDING" || state === "QUERY_STATE_EXECUTING")
    return new ExecutionPendingError({ ...at, state });
  if (state === "QUERY_STATE_CANCELLED" || state === "QUERY_STATE_CANCELED") return new CancelledError(at);
  if (state === "QUERY_STATE_FAILED" || state === "QUERY_STATE_EXPIRED")
    return new ExecutionFailedError({ ...at, state });
  return undefined;
}
