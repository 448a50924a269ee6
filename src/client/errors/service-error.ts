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
 * Root of the client's error hierarchy (DESIGN §4.3). `name` is set explicitly on every class because
 * bundlers rename constructors and `instanceof` fails across realms (the pane and functions iframes):
 * the guards in guards.ts check `name` as well.
 */
export class ServiceError extends Error {
  readonly code: string;
  readonly userMessage: string;
  readonly status?: number;
  readonly method?: string;
  readonly path?: string;
  readonly serverMessage?: string;

  constructor(init: ServiceErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ServiceError";
    this.code = init.code;
    this.userMessage = init.userMessage;
    if (init.status !== undefined) this.status = init.status;
    if (init.method !== undefined) this.method = init.method;
    if (init.path !== undefined) this.path = init.path;
    if (init.serverMessage !== undefined) this.serverMessage = init.serverMessage;
  }
}

/** "GET /v1/x" or "" when the error did not come from a request. */
export function describeRequest(method?: string, path?: string): string {
  return method && path ? `${method} ${path}` : (path ?? "");
}

/** Cell-sized text: cells and the pane show one short line. */
export function shorten(text: string, max = 160): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1)}…`;
}
