import type { PerformanceChoice } from "../billing";
import { InvalidArgumentError, InvalidResponseError } from "./errors/local-errors";
import { type HttpRequest, type HttpResponse, parseJson } from "./http/request";
import type { CallOptions } from "./params";
import { wirePerformance } from "./performance";
import {
  type CreatedUpload,
  type InsertResult,
  type UploadColumnSpec,
  type UploadList,
  normalizeCreated,
  normalizeInsert,
  normalizeUploadList,
} from "./responses/uploads";
import type { ExecuteAck } from "./types";
import { segment } from "./validate";

/** How the client sends a request (its transport, with the call's signal and timeout). */
export type Send = (request: Omit<HttpRequest, "signal" | "timeoutMs">, options: CallOptions) => Promise<HttpResponse>;

export interface SqlOptions extends CallOptions {
  /** The engine tier, as for a saved query's run: `auto` (none sent), `small`, `medium` or `large`. */
  performance?: PerformanceChoice;
}

export interface ListUploadsOptions extends CallOptions {
  /** Tables per page (the service's default 50, at most 10,000). */
  limit?: number;
  offset?: number;
}

export interface CreateUploadOptions extends CallOptions {
  namespace: string;
  tableName: string;
  schema: readonly UploadColumnSpec[];
  description?: string;
  /**
   * Who may read the table: private (the default here) is its namespace only; public is every key. Always sent: the
   * service (and its official clients) would make a table public when the field is left out.
   */
  isPrivate?: boolean;
}

/** Rows for an uploaded table: CSV text with a header, NDJSON text, or objects (sent as NDJSON). */
export type RowsInput = { csv: string } | { ndjson: string } | { rows: readonly Record<string, unknown>[] };

function name(value: unknown, what: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new InvalidArgumentError(`${what} must be a non-empty name; got ${JSON.stringify(value) ?? String(value)}`);
  }
  return value.trim();
}

function tablePath(namespace: string, tableName: string): string {
  return `/v1/uploads/${segment(name(namespace, "namespace"))}/${segment(name(tableName, "table name"))}`;
}

/** `POST /v1/sql/execute`: SQL text as a run (no query id, no parameters). Spends credits: retried only if unstarted. */
export async function executeSql(send: Send, sql: string, options: SqlOptions): Promise<ExecuteAck> {
  if (typeof sql !== "string" || sql.trim() === "") throw new InvalidArgumentError("SQL text must not be empty");
  const body: Record<string, unknown> = { sql };
  const performance = wirePerformance(options.performance);
  if (performance !== undefined) body.performance = performance;
  const path = "/v1/sql/execute";
  const response = await send(
    { method: "POST", path, body, accept: "application/json", retryMode: "unstarted-only" },
    options,
  );
  const ack = parseJson<ExecuteAck>(response, "POST", path);
  if (!ack || typeof ack.execution_id !== "string") {
    throw new InvalidResponseError({ method: "POST", path, detail: "no execution_id" });
  }
  return ack;
}

/** `GET /v1/uploads`: the key's own tables, a page at a time. Free. */
export async function listUploads(send: Send, options: ListUploadsOptions): Promise<UploadList> {
  const path = "/v1/uploads";
  const query = new URLSearchParams();
  if (options.limit !== undefined) query.set("limit", String(options.limit));
  if (options.offset !== undefined) query.set("offset", String(options.offset));
  const response = await send(
    { method: "GET", path, query, accept: "application/json", retryMode: "idempotent" },
    options,
  );
  return normalizeUploadList(parseJson<unknown>(response, "GET", path), "GET", path);
}

/** `POST /v1/uploads`: an empty table with its columns. Costs credits; a repeat would be refused (409). */
export async function createUpload(send: Send, options: CreateUploadOptions): Promise<CreatedUpload> {
  if (!Array.isArray(options.schema) || options.schema.length === 0) {
    throw new InvalidArgumentError("a table needs at least one column");
  }
  const path = "/v1/uploads";
  const body = {
    namespace: name(options.namespace, "namespace"),
    table_name: name(options.tableName, "table name"),
    schema: options.schema.map((c) => (c.nullable === undefined ? { name: c.name, type: c.type } : { ...c })),
    description: options.description ?? "",
    is_private: options.isPrivate ?? true,
  };
  const response = await send(
    { method: "POST", path, body, accept: "application/json", retryMode: "unstarted-only" },
    options,
  );
  return normalizeCreated(parseJson<unknown>(response, "POST", path), "POST", path);
}

/** `POST /v1/uploads/{namespace}/{table}/insert`: all the rows or none. Costs credits: retried only if unstarted. */
export async function insertRows(
  send: Send,
  namespace: string,
  tableName: string,
  input: RowsInput,
  options: CallOptions,
): Promise<InsertResult> {
  const path = `${tablePath(namespace, tableName)}/insert`;
  const rawBody =
    "csv" in input
      ? { text: input.csv, contentType: "text/csv" }
      : "ndjson" in input
        ? { text: input.ndjson, contentType: "application/x-ndjson" }
        : { text: input.rows.map((row) => JSON.stringify(row)).join("\n") + "\n", contentType: "application/x-ndjson" };
  const response = await send(
    { method: "POST", path, rawBody, accept: "application/json", retryMode: "unstarted-only" },
    options,
  );
  return normalizeInsert(parseJson<unknown>(response, "POST", path), "POST", path);
}

/** `POST …/clear`: every row removed, the table kept. Repeating it is harmless. */
export async function clearUpload(
  send: Send,
  namespace: string,
  tableName: string,
  options: CallOptions,
): Promise<string> {
  const path = `${tablePath(namespace, tableName)}/clear`;
  const response = await send({ method: "POST", path, accept: "application/json", retryMode: "idempotent" }, options);
  return String(parseJson<{ message?: unknown }>(response, "POST", path)?.message ?? "");
}

/** `DELETE /v1/uploads/{namespace}/{table}`: the table and its rows, for good. Free. */
export async function deleteUpload(
  send: Send,
  namespace: string,
  tableName: string,
  options: CallOptions,
): Promise<string> {
  const path = tablePath(namespace, tableName);
  const response = await send(
    { method: "DELETE", path, accept: "application/json", retryMode: "unstarted-only" },
    options,
  );
  return String(parseJson<{ message?: unknown }>(response, "DELETE", path)?.message ?? "");
}
