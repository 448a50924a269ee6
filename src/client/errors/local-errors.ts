import { ServiceError, describeRequest, shorten } from "./service-error";

interface RequestInfo {
  method?: string;
  path?: string;
  cause?: unknown;
}

/** The request never got an HTTP answer (DNS, refused, reset, offline, CORS). */
export class NetworkError extends ServiceError {
  static override readonly kind: string = "NetworkError";
  /** System code found on the cause chain (Node: ECONNREFUSED, ECONNRESET, ...), when there is one. */
  readonly networkCode?: string;
  /** True for failures known to be transient (the retry ladder only retries those). */
  readonly transient: boolean;
  /**
   * The failure looks like a CORS refusal: a browser got no response from a service that is not on this machine.
   * Browsers hide the reason from scripts, so this is a likely cause, said as such.
   */
  readonly likelyCors: boolean;
  constructor(init: RequestInfo & { networkCode?: string; transient: boolean; detail?: string; likelyCors?: boolean }) {
    const where = describeRequest(init.method, init.path);
    super({
      ...init,
      code: init.likelyCors ? "CORS_REFUSED" : "NETWORK_ERROR",
      message: `${where} failed: network error${init.networkCode ? ` (${init.networkCode})` : ""}${init.detail ? `: ${init.detail}` : ""}`,
      userMessage: init.likelyCors
        ? 'The service did not allow this add-in\'s origin (CORS); use a relay — see docs/excel.md, "Behind a relay".'
        : "Cannot reach the service; check the connection and the service address.",
    });
    this.likelyCors = init.likelyCors === true;
    if (init.networkCode !== undefined) this.networkCode = init.networkCode;
    this.transient = init.transient;
  }
}

export class TimeoutError extends ServiceError {
  static override readonly kind: string = "TimeoutError";
  readonly timeoutMs: number;
  constructor(init: RequestInfo & { timeoutMs: number }) {
    super({
      ...init,
      code: "TIMEOUT",
      message: `${describeRequest(init.method, init.path)} timed out after ${init.timeoutMs} ms`,
      userMessage: `The service did not answer within ${Math.round(init.timeoutMs / 1000)} s.`,
    });
    this.timeoutMs = init.timeoutMs;
  }
}

/** The caller aborted, or the execution itself was cancelled (then `executionId` is set). */
export class CancelledError extends ServiceError {
  static override readonly kind: string = "CancelledError";
  readonly executionId?: string;
  constructor(init: RequestInfo & { executionId?: string; detail?: string }) {
    const what = init.executionId
      ? `execution ${init.executionId}`
      : describeRequest(init.method, init.path) || "operation";
    super({
      ...init,
      code: "CANCELLED",
      message: `${what} was cancelled${init.detail ? `: ${init.detail}` : ""}`,
      userMessage: "Cancelled.",
    });
    if (init.executionId !== undefined) this.executionId = init.executionId;
  }
}

/** A call the client refuses before any request: the message lists what is allowed. */
export class InvalidArgumentError extends ServiceError {
  static override readonly kind: string = "InvalidArgumentError";
  constructor(message: string) {
    super({ code: "INVALID_ARGUMENT", message, userMessage: shorten(message, 240) });
  }
}

/** The server answered 2xx with something that is not the documented shape (or a redirect, see RedirectError). */
export class InvalidResponseError extends ServiceError {
  static override readonly kind: string = "InvalidResponseError";
  constructor(init: RequestInfo & { detail: string; status?: number; userMessage?: string }) {
    super({
      ...init,
      code: "INVALID_RESPONSE",
      message: `${describeRequest(init.method, init.path)} returned an unexpected response: ${init.detail}`,
      userMessage: init.userMessage ?? "The service sent an unexpected response.",
    });
  }
}
