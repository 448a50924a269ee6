import { damagedMessage } from "./results/envelope";
/**
 * The one place where every error the service can answer is declared: code → HTTP status → message template.
 * Bodies are always `{"error": message}` (the spec's shape). Messages never carry a key, a stack or SQL text.
 */
export const ERRORS = {
  invalid_api_key: { status: 401, message: () => "invalid API Key" },
  bad_parameter: { status: 400, message: (p: { name: string; reason: string }) => `${p.name}: ${p.reason}` },
  unknown_parameters: {
    status: 400,
    message: (p: { names: string[] }) => `unknown parameters (${p.names.join(", ")})`,
  },
  invalid_execution_id: {
    status: 400,
    message: (p: { id: string }) => `The requested execution ID (ID: ${p.id}) is invalid.`,
  },
  invalid_body: { status: 400, message: (p: { reason: string }) => `request body: ${p.reason}` },
  partial_result: {
    status: 400,
    message: () =>
      "This execution has a partial result: the full result was too large to store. " +
      "Request it with allows_partial_results=true to receive the partial result.",
  },
  cancel_forbidden: {
    status: 403,
    message: (p: { id: string }) => `Only the user who started execution ${p.id} can cancel it.`,
  },
  query_not_found: { status: 404, message: () => "Query not found" },
  execution_not_found: { status: 404, message: (p: { id: string }) => `Execution not found (ID: ${p.id})` },
  result_not_found: { status: 404, message: () => "No result found for this query" },
  // No public recording shows the real service's answer when no run has the inputs asked for; the same 404 as a
  // query without any result, saying which inputs (a client reads any 404 but "Query not found" as no result).
  result_not_found_for_inputs: {
    status: 404,
    message: (p: { inputs: string }) => `No result found for this query with these parameters (${p.inputs})`,
  },
  route_not_found: {
    status: 404,
    message: (p: { method: string; path: string }) =>
      `No endpoint ${p.method} ${p.path}${p.path.startsWith("/v1/") ? "" : "; every path starts with /v1"}`,
  },
  result_not_ready: {
    status: 409,
    message: (p: { id: string; state: string }) =>
      `Execution ${p.id} is ${p.state}; its result is not ready yet. Poll /v1/execution/${p.id}/status until it finishes.`,
  },
  no_result: {
    status: 409,
    message: (p: { id: string; state: string }) => `Execution ${p.id} is ${p.state} and has no result.`,
  },
  bad_host: { status: 400, message: () => "the Host header is malformed" },
  bad_request_line: { status: 400, message: (p: { reason: string }) => `bad request: ${p.reason}` },
  uri_too_long: { status: 414, message: () => "the request path is too long" },
  headers_too_large: { status: 431, message: () => "the request headers are too large" },
  // 410: the result is gone as far as anyone can use it; retrying does not help, running the query again does.
  result_damaged: { status: 410, message: (p: { id: string }) => damagedMessage(p.id) },
  body_too_large: { status: 413, message: () => "request body is larger than 1 MB" },
  unsupported_media_type: { status: 415, message: () => "request body must be JSON (Content-Type: application/json)" },
  // The real service's words (its settings page named neutrally): the client tells this limit from the per-request one
  // by "per request" in the text.
  credit_limit: {
    status: 402,
    message: () =>
      "This api request would exceed your configured limits per billing cycle. Please visit your settings and adjust your limits to continue usage.",
  },
  credit_limit_per_request: {
    status: 402,
    message: () =>
      "This api request would exceed your configured limits per request. Please visit your settings and adjust your limits to continue usage.",
  },
  // SQL text runs as written: the real service has no parameters on /v1/sql/execute (models.ExecuteSQLRequest).
  sql_has_parameters: {
    status: 400,
    message: (p: { names: string[] }) =>
      `This SQL has parameters (${p.names.map((n) => `{{${n}}}`).join(", ")}), but SQL sent to /v1/sql/execute runs ` +
      "as written: save it as a query to parameterise it, or write the values into the SQL.",
  },
  // Uploaded tables: the real service's words where its documentation records them (catalyst/tables-openapi.json).
  upload_not_found: { status: 404, message: (p: { name: string }) => `Table ${p.name} not found` },
  upload_exists: { status: 409, message: () => "This table already exists" },
  // 401, as the real service answers it (its client tells this from a bad key by the text).
  upload_forbidden: {
    status: 401,
    message: (p: { namespace: string }) =>
      `You are not authorized to write to namespace '${p.namespace}'. You are allowed to upload into the namespace ` +
      "which is the same as the user or team which your token is associated with.",
  },
  upload_content_type: {
    status: 400,
    message: (p: { type: string }) =>
      `Invalid content type '${p.type}'. We support CSV (Content-Type: text/csv) and newline delimited JSON ` +
      "(Content-Type: application/x-ndjson).",
  },
  upload_data_invalid: {
    status: 400,
    message: (p: { reason: string }) => `The data does not fit the table, nothing was inserted: ${p.reason}`,
  },
  upload_too_large: {
    status: 413,
    message: (p: { limit: string }) => `The request body is larger than ${p.limit}, the most one request may send.`,
  },
  upload_storage_full: {
    status: 413,
    message: (p: { namespace: string; allowed: string }) =>
      `This would take the uploads of namespace '${p.namespace}' over the plan's storage of ${p.allowed}: ` +
      "delete or clear tables you no longer need.",
  },
  rate_limited: {
    status: 429,
    message: (p: { limit: number }) => `rate limit of ${p.limit} requests per minute exceeded; retry later`,
  },
  internal: { status: 500, message: () => "internal error; the service log has details" },
  // 507 Insufficient Storage (RFC 4918): the service cannot store a new run until someone frees space, which no
  // Retry-After could promise; the client's retry ladder leaves it alone (it retries 429 and 502–504), and reads,
  // which need no space, go on being served.
  storage_full: {
    status: 507,
    message: () =>
      "The service's disk is full: it cannot take new executions until space is freed. Stored results can still be read.",
  },
} as const;

export type ErrorCode = keyof typeof ERRORS;
type ParamsOf<C extends ErrorCode> = Parameters<(typeof ERRORS)[C]["message"]>[0];

/** Thrown anywhere in the service; the HTTP layer turns it into the registry's status and body. */
export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = ERRORS[code].status;
    this.headers = headers;
  }
}

export function apiError<C extends ErrorCode>(
  code: C,
  ...args: ParamsOf<C> extends undefined ? [] : [ParamsOf<C>, Record<string, string>?]
): ApiError {
  const [params, headers] = args as [unknown, Record<string, string> | undefined];
  const message = (ERRORS[code].message as (p: unknown) => string)(params);
  return new ApiError(code, message, headers);
}

export function badParameter(name: string, reason: string): ApiError {
  return apiError("bad_parameter", { name, reason });
}
