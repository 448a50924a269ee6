import { ServiceError, describeRequest, shorten } from "./service-error";

/** What every HTTP error is built from: the response status and the parsed `{error}` body. */
export interface HttpErrorInit {
  status: number;
  method: string;
  path: string;
  serverMessage?: string;
  /** The `state` and `execution_id` an error body carried beside its text (a 409 on a CSV), when it did. */
  bodyState?: string;
  bodyExecutionId?: string;
  /** From `Retry-After`, on any status that sent one (429, 503). */
  retryAfterMs?: number;
  cause?: unknown;
}

/**
 * The real service's stock refusals, which the client words for the user itself (what to change, where). Any other
 * refusal text comes from whoever stands in front of the service (the relay, a team's gateway: whose budget, when it
 * resets, a revoked token, a share of the pacing) and is written for the person: it is shown in its own words.
 */
const SERVICE_STOCK_TEXT = [
  /^invalid API key$/i,
  /configured limits/i,
  /^rate limit of \d+ requests per minute exceeded/i,
  // The body of a 429 in the official Python client's tests (test/conformance/SOURCES.md).
  /^rate limited$/i,
];

/**
 * The refuser's own words, first letter capitalised as a sentence, when they are not the service's stock text; as
 * long as a cell's message may be (a budget's refusal names the budget, its use, when it resets and what to do).
 */
function ownWords(serverMessage: string | undefined): string | undefined {
  const text = serverMessage?.trim();
  if (!text || SERVICE_STOCK_TEXT.some((stock) => stock.test(text))) return undefined;
  return shorten(text.charAt(0).toUpperCase() + text.slice(1), 255);
}

function messageOf(init: HttpErrorInit): string {
  const where = describeRequest(init.method, init.path);
  return `${where} failed with ${init.status}${init.serverMessage ? `: ${init.serverMessage}` : ""}`;
}

/** Any non-2xx answer. Subclasses exist for the statuses callers treat differently. */
export class HttpError extends ServiceError {
  static override readonly kind: string = "HttpError";
  declare readonly status: number;
  readonly retryAfterMs?: number;
  /** The refusal in the words of whoever refused, when they are not the service's stock text (see `ownWords`). */
  readonly ownWords?: string;
  constructor(init: HttpErrorInit, code = "HTTP_ERROR", userMessage?: string) {
    super({
      status: init.status,
      method: init.method,
      path: init.path,
      serverMessage: init.serverMessage,
      cause: init.cause,
      code,
      message: messageOf(init),
      userMessage:
        userMessage ?? shorten(`Service error ${init.status}${init.serverMessage ? `: ${init.serverMessage}` : ""}`),
    });
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    const words = ownWords(init.serverMessage);
    if (words !== undefined) this.ownWords = words;
  }
}

/** 400: a parameter was wrong; the server's message names it, so it is shown as is. */
export class BadRequestError extends HttpError {
  static override readonly kind: string = "BadRequestError";
  constructor(init: HttpErrorInit) {
    super(init, "BAD_REQUEST", shorten(init.serverMessage ?? "Bad request."));
  }
}

export class UnauthorizedError extends HttpError {
  static override readonly kind: string = "UnauthorizedError";
  constructor(init: HttpErrorInit) {
    super(init, "UNAUTHORIZED", ownWords(init.serverMessage) ?? "Invalid or missing API key.");
  }
}

/** 403: the server's reason (paid plan only, archived query, permissions) is what the user needs, so it is kept. */
export class ForbiddenError extends HttpError {
  static override readonly kind: string = "ForbiddenError";
  constructor(init: HttpErrorInit) {
    // As long as a cell's message may be: a relay refusing the page's origin names it and the setting to change.
    super(init, "FORBIDDEN", shorten(init.serverMessage ?? "This API key may not access that.", 255));
  }
}

/**
 * 402: the key's credit limit would be exceeded, for the billing cycle or for this one request. Retrying does not
 * help; the user raises the limit (or narrows the request), so the message says which limit and what to do. A 402
 * in other words than the service's (a team gateway's: whose budget, when it resets) is shown as it was said: the
 * service's advice to raise the key's limit is no advice to a person who does not hold the key.
 */
export class CreditLimitError extends HttpError {
  static override readonly kind: string = "CreditLimitError";
  /** "request" when the per-request limit was hit, else the billing cycle's. */
  readonly limit: "billing-cycle" | "request";
  constructor(init: HttpErrorInit) {
    const perRequest = /per request/i.test(init.serverMessage ?? "");
    super(
      init,
      "CREDIT_LIMIT",
      ownWords(init.serverMessage) ??
        (perRequest
          ? "Credit limit per request reached: narrow the request (columns, filters, limit) or raise the per-request limit in your account's API settings."
          : "Credit limit reached for this billing cycle: raise the limit in your account's API settings, or wait for the next cycle."),
    );
    this.limit = perRequest ? "request" : "billing-cycle";
  }
}

export class NotFoundError extends HttpError {
  static override readonly kind: string = "NotFoundError";
  constructor(init: HttpErrorInit) {
    super(init, "NOT_FOUND", shorten(init.serverMessage ?? "Not found."));
  }
}

/**
 * 404 on a saved query's latest result (`/v1/query/{id}/results[/csv]`) for a query that exists: no run of it has a
 * result, or none of the inputs asked for (`params.<name>`). Nothing to read; a run of those inputs would make one.
 */
export class NoResultError extends NotFoundError {
  static override readonly kind: string = "NoResultError";
}

/** Whether a 404 is a query's latest result missing (the query itself exists): see NoResultError. */
export function isNoResultAnswer(init: HttpErrorInit): boolean {
  return /^\/v1\/query\/\d+\/results(\/csv)?$/.test(init.path) && !/^query not found/i.test(init.serverMessage ?? "");
}

/** 429. `retryAfter` is the server's `Retry-After` in seconds, when it sent one. */
export class RateLimitedError extends HttpError {
  static override readonly kind: string = "RateLimitedError";
  /** Seconds, rounded up. */
  readonly retryAfter?: number;
  constructor(init: HttpErrorInit) {
    const seconds = init.retryAfterMs === undefined ? undefined : Math.ceil(init.retryAfterMs / 1000);
    // A gateway's pacing says whose share is used and when to try again; the service's stock text says less.
    super(
      init,
      "RATE_LIMITED",
      ownWords(init.serverMessage) ??
        (seconds === undefined
          ? "Too many requests; try again shortly."
          : `Too many requests; try again in ${seconds} s.`),
    );
    if (seconds !== undefined) this.retryAfter = seconds;
  }
}

/**
 * 5xx. A 503 that says when to try again (`Retry-After`) is a refusal for now, not a failure (a gateway that cannot
 * reach its store: nothing was sent or spent): its words are shown.
 */
export class ServerError extends HttpError {
  static override readonly kind: string = "ServerError";
  constructor(init: HttpErrorInit) {
    const refusal = init.status === 503 && init.retryAfterMs !== undefined ? ownWords(init.serverMessage) : undefined;
    super(init, "SERVER_ERROR", refusal ?? `The service failed (${init.status}); try again later.`);
  }
}
