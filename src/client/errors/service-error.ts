/** Fields every client error can carry. None of them ever holds the API key. */
export interface ServiceErrorInit {
  code: string;
  message: string;
  /** Short text fit for a cell or the task pane. */
  userMessage: string;
  status?: number;
  method?: string;
  /** Path of the request, without query string. */
  path?: string;
  /** The server's `{error}` text, when there was one. */
  serverMessage?: string;
  cause?: unknown;
}

/**
 * Root of the client's error hierarchy. Each class names itself in a static `kind`, because bundlers
 * rename constructors; an instance carries the marker `isServiceError` and the kinds of its class chain, because
 * `instanceof` fails across realms (the pane and functions iframes). The guards in guards.ts read those, so a new
 * subclass needs nothing but its `kind` (as ky's `isKyError` reads a marker instead of a list of names).
 */
export class ServiceError extends Error {
  static readonly kind: string = "ServiceError";
  readonly isServiceError = true;
  /** This error's class and every ancestor up to ServiceError, by `kind`: `["NotFoundError", "HttpError", "ServiceError"]`. */
  readonly kinds: readonly string[];
  readonly code: string;
  readonly userMessage: string;
  readonly status?: number;
  readonly method?: string;
  readonly path?: string;
  readonly serverMessage?: string;

  constructor(init: ServiceErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kinds = kindsOf(new.target);
    this.name = this.kinds[0]!;
    this.code = init.code;
    this.userMessage = init.userMessage;
    if (init.status !== undefined) this.status = init.status;
    if (init.method !== undefined) this.method = init.method;
    if (init.path !== undefined) this.path = init.path;
    if (init.serverMessage !== undefined) this.serverMessage = init.serverMessage;
  }
}

function kindsOf(ctor: unknown): string[] {
  const kinds: string[] = [];
  for (let c = ctor; typeof c === "function" && c !== Error; c = Object.getPrototypeOf(c)) {
    if (Object.prototype.hasOwnProperty.call(c, "kind")) kinds.push((c as unknown as { kind: string }).kind);
  }
  return kinds;
}

/** "GET /v1/x" or "" when the error did not come from a request. */
export function describeRequest(method?: string, path?: string): string {
  return method && path ? `${method} ${path}` : (path ?? "");
}

/** One line of at most `max` characters (whitespace runs collapsed, an ellipsis where cut): cells and the pane show one short line. */
export function shorten(text: string, max = 160): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1)}…`;
}
