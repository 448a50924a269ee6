import {
  BadRequestError,
  CreditLimitError,
  ForbiddenError,
  HttpError,
  type HttpErrorInit,
  isNoResultAnswer,
  NoResultError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
} from "./http-errors";
import { ExecutionFailedError, ExecutionPendingError, PartialResultError } from "./execution-errors";
import { CancelledError } from "./local-errors";
import type { ExecutionState } from "../types";
import { isCancelledState } from "../polling/states";
import { shorten, type ServiceError } from "./service-error";

/** What an error body says: its `{"error": ...}` text, and the execution state and id some bodies also carry. */
export interface ErrorBody {
  message?: string;
  /** `state` of a body that carries the run's envelope fields (a 409 on the CSV of a run without a result). */
  state?: string;
  executionId?: string;
}

/**
 * An error body: `{"error": "..."}` per the spec, possibly with more fields (`state`, `execution_id`), or a short
 * slice of whatever came back (a proxy's HTML page, say). A JSON object without an error text has no message: its
 * fields say what happened, and raw JSON is no message for a user.
 */
export function readErrorBody(bodyText: string): ErrorBody {
  const trimmed = bodyText.trim();
  if (trimmed === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return { message: shorten(trimmed, 300) };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return { message: shorten(trimmed, 300) };
  const fields = parsed as Record<string, unknown>;
  const out: ErrorBody = {};
  const error = fields.error ?? fields.message;
  // An empty or blank text is no message: the status's own wording stands in for it.
  const said = (text: unknown) => (typeof text === "string" && text.trim() !== "" ? text : undefined);
  if (typeof error === "string") out.message = said(error);
  else if (error && typeof error === "object") out.message = said((error as { message?: unknown }).message);
  if (out.message === undefined) delete out.message;
  const blank = error !== undefined && out.message === undefined;
  if (typeof fields.state === "string" && /^QUERY_STATE_[A-Z_]+$/.test(fields.state)) out.state = fields.state;
  if (typeof fields.execution_id === "string" && fields.execution_id !== "") out.executionId = fields.execution_id;
  if (out.message === undefined && out.state === undefined && !blank) out.message = shorten(trimmed, 300);
  return out;
}

/** The message of an error body (see `readErrorBody`). */
export function serverMessageOf(bodyText: string): string | undefined {
  return readErrorBody(bodyText).message;
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
  // The real service also answers 401 to a valid key writing where it may not (an upload to another namespace,
  // "You are not authorized to write to namespace …"): that is a refusal to show as sent, not a bad key.
  if (status === 401) {
    return /not authorized to/i.test(init.serverMessage ?? "") ? new ForbiddenError(init) : new UnauthorizedError(init);
  }
  if (status === 402) return new CreditLimitError(init);
  if (status === 403) return new ForbiddenError(init);
  if (status === 404) return isNoResultAnswer(init) ? new NoResultError(init) : new NotFoundError(init);
  if (status === 409) return stateConflict(init) ?? new HttpError(init);
  if (status === 429) return new RateLimitedError(init);
  if (status >= 500) return new ServerError(init);
  return new HttpError(init);
}

/**
 * 409 from a CSV endpoint: the run has no result (yet). The body names its state, in its text or in a `state` field
 * beside it (the run's envelope fields). The same error as the JSON path gives for that state, so cells and the pane
 * say "still running", "failed" or "cancelled" whichever endpoint was asked.
 */
function stateConflict(init: HttpErrorInit): ServiceError | undefined {
  const found = init.bodyState ?? /QUERY_STATE_[A-Z_]+/.exec(init.serverMessage ?? "")?.[0];
  if (!found) return undefined;
  const state = found as ExecutionState;
  const executionId =
    /\/execution\/([^/]+)\//.exec(init.path)?.[1] ??
    init.bodyExecutionId ??
    /Execution (\S+) is/.exec(init.serverMessage ?? "")?.[1] ??
    "";
  const at = { method: init.method, path: init.path, executionId: decodeURIComponent(executionId) };
  if (state === "QUERY_STATE_PENDING" || state === "QUERY_STATE_EXECUTING")
    return new ExecutionPendingError({ ...at, state });
  if (isCancelledState(state)) return new CancelledError({ ...at, detail: "cancelled on the server" });
  if (state === "QUERY_STATE_FAILED" || state === "QUERY_STATE_EXPIRED")
    return new ExecutionFailedError({ ...at, state });
  return undefined;
}
