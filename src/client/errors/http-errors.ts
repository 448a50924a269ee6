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

function messageOf(init: HttpErrorInit): string {
  const where = describeRequest(init.method, init.path);
  return `${where} failed with ${init.status}${init.serverMessage ? `: ${init.serverMessage}` : ""}`;
}

/** Any non-2xx answer. Subclasses exist for the statuses callers treat differently. */
export class HttpError extends ServiceError {
  static override readonly kind: string = "HttpError";
  declare readonly status: number;
  readonly retryAfterMs?: number;
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
    super(init, "UNAUTHORIZED", "Invalid or missing API key.");
  }
}

/** 403: the server's reason (paid plan only, archived query, permissions) is what the user needs, so it is kept. */
export class ForbiddenError extends HttpError {
  static override readonly kind: string = "ForbiddenError";
  constructor(init: HttpErrorInit) {
    super(init, "FORBIDDEN", shorten(init.serverMessage ?? "This API key may not access that."));
  }
}

/**
 * 402: the key's credit limit would be exceeded, for the billing cycle or for this one request. Retrying does not
 * help; the user raises the limit (or narrows the request), so the message says which limit and what to do.
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
      perRequest
        ? "Credit limit per request reached: narrow the request (columns, filters, limit) or raise the per-request limit in your account's API settings."
        : "Credit limit reached for this billing cycle: raise the limit in your account's API settings, or wait for the next cycle.",
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
    super(
      init,
      "RATE_LIMITED",
      seconds === undefined ? "Too many requests; try again shortly." : `Too many requests; try again in ${seconds} s.`,
    );
    if (seconds !== undefined) this.retryAfter = seconds;
  }
}

/** 5xx. */
export class ServerError extends HttpError {
  static override readonly kind: string = "ServerError";
  constructor(init: HttpErrorInit) {
    super(init, "SERVER_ERROR", `The service failed (${init.status}); try again later.`);
  }
}
