import type { FastifyReply, FastifyRequest } from "fastify";
import { Readable } from "node:stream";
import { counted } from "./counted-stream";
import type { KeyBilling } from "../credits/key-billing";
import { callerOf } from "./caller";
import { isTerminal, STATES, type ExecutionRecord, type ResultColumn } from "../executions/execution-record";
import { executionError, executionFields, metadataFields } from "../results/envelope";
import type { ResultReader } from "../results/result-reader";
import { csvHeaderLine } from "../results/render-sql";
import { apiError } from "../errors";
import type { ResultQuery } from "./route-schemas";
import { sendEncoded } from "../../http-common";
import type { PageAnswer, PageBodies } from "./page-bodies";
import type { PageRequest } from "../results/page-request";
import { publicPathUrl } from "./public-url";
import { resolveSharedParams, type SharedParams } from "./shared-params";
import { inputPairs } from "../queries/latest-inputs";

/** Where result pages are read from, and the check that a stored result is intact before any row is served. */
export interface StoredResults {
  reader: ResultReader;
  verify(record: ExecutionRecord): Promise<void>;
  /** Whole response bodies of pages of results whose checksum is known (absent: every page is rendered). */
  cache?: PageBodies;
  /** Prices and books each read against the caller's key. */
  billing: KeyBilling;
}

/**
 * Answers a result-returning GET (E2, E3, E5, E6–E11, the latest result as JSON) for one execution: the JSON envelope
 * or CSV text of the page the shared parameters describe, with next_offset / next_uri (JSON) or X-Service-Next-*
 * headers (CSV). A page of a stored result is a read the caller's key pays for by its body's bytes (before
 * compression); an envelope without a result (the run has none yet) exports nothing and is free.
 */
export async function sendResult(
  request: FastifyRequest<{ Querystring: ResultQuery }>,
  reply: FastifyReply,
  results: StoredResults,
  record: ExecutionRecord,
  format: "json" | "csv",
  fixed: { column: string; value: string }[] = [],
): Promise<unknown> {
  const query = request.query;
  const finished = isTerminal(record.state);
  const hasResult = record.state === STATES.completed || record.state === STATES.partial;
  if (!hasResult) {
    // Paging and flag parameters are still checked so a mistake surfaces now rather than after the run; column
    // names cannot be checked before the result exists.
    resolveSharedParams({ ...query, columns: undefined, filters: undefined, sort_by: undefined }, [], []);
    if (format === "csv") {
      const code = finished ? "no_result" : "result_not_ready";
      throw apiError(code, { id: record.executionId, state: record.state });
    }
    return reply.send(withoutUndefined({ ...executionFields(record), error: executionError(record) }));
  }
  const columns = record.columns ?? [];
  const resolved = resolveSharedParams(query, columns, fixed);
  // A latest result asked for by its inputs keeps them in next_uri: the next page is then of a run of those inputs too.
  const shared = { ...resolved, carry: { ...resolved.carry, ...inputPairs(request.url) } };
  if (record.state === STATES.partial && !shared.allowPartial) throw apiError("partial_result");
  const caller = callerOf(request);
  results.billing.checkRead(caller);
  await results.verify(record);
  // A read capped per request must know its size before it is sent: its page is rendered whole, never streamed
  // (the datapoints cap, in force whenever the guard is, bounds it to 250,000 values).
  const whole = results.billing.capped(caller, shared.guardLifted);
  const pageRequest = { ...shared.request, knownTotal: record.rowCount, ...(whole ? { whole } : {}) };
  // A completed result never changes: with its checksum in the key, a cached body is that result's page. Samples
  // are random and never cached. The key holds what the body is made of: the page, and the parameters next_uri carries.
  const key =
    results.cache && record.resultChecksum && pageRequest.sampleCount === undefined
      ? [record.executionId, record.resultChecksum, format, request.url.split("?")[0], pageRequest, shared.carry]
          .map((part) => JSON.stringify(part))
          .join("|")
      : undefined;
  const render = () => renderPage(request, results.reader, record, format, shared, pageRequest);
  const answer = key === undefined ? await render() : await results.cache!.load(key, render);
  // A HEAD (fastify answers one on every GET route) sends no body: nothing is exported, nothing billed.
  if (request.method === "HEAD") {
    if (answer.kind === "stream") return reply.type(answer.contentType).headers(answer.headers).send(answer.stream);
    return sendEncoded(request, reply, answer.body);
  }
  if (answer.kind === "stream") {
    // Its size is known only at its end: booked then, for the bytes that went out.
    const stream = counted(answer.stream, (bytes) => {
      results.billing.charge(caller, results.billing.priceRead(caller, bytes, true));
    });
    return reply.type(answer.contentType).headers(answer.headers).send(stream);
  }
  const credits = results.billing.priceRead(caller, answer.body.raw.length, shared.guardLifted);
  results.billing.charge(caller, credits);
  return sendEncoded(request, reply, answer.body);
}

async function renderPage(
  request: FastifyRequest,
  reader: ResultReader,
  record: ExecutionRecord,
  format: "json" | "csv",
  shared: SharedParams,
  pageRequest: PageRequest,
): Promise<PageAnswer> {
  const columns = record.columns ?? [];
  const page = await reader.page(record.resultFile as string, columns, pageRequest, format);
  const selected = shared.request.columns.map((name) => columns.find((c) => c.name === name)!);
  const headers: Record<string, string> = {};
  let next: string | undefined;
  if (page.nextOffset !== undefined) {
    const rowsAsked = shared.request.limit ?? page.nextOffset - shared.request.offset;
    next = nextUri(request, shared.carry, page.nextOffset, rowsAsked);
    if (format === "csv") {
      headers["X-Service-Next-Offset"] = String(page.nextOffset);
      headers["X-Service-Next-Uri"] = next;
    }
  }
  const contentType = format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8";
  if (page.kind === "streamed") {
    const parts =
      format === "csv" ? csvParts(selected, page.chunks) : jsonParts(record, selected, page, next, page.chunks);
    return { kind: "stream", contentType, headers, stream: Readable.from(parts) };
  }
  const text =
    format === "csv"
      ? `${csvHeaderLine(selected)}\n${page.text}${page.rowCount ? "\n" : ""}`
      : `${jsonHead(record, page, next)}"rows":[${page.text}],"metadata":${JSON.stringify(
          jsonMetadata(record, selected, page.rowCount, page.totalRowCount, Buffer.byteLength(page.text) + 2),
        )}}}`;
  return { kind: "body", body: { contentType, headers, raw: Buffer.from(text), encoded: {} } };
}

/** The envelope up to the rows: execution fields, paging, and the opening of `result`. */
function jsonHead(record: ExecutionRecord, page: { nextOffset?: number }, next: string | undefined): string {
  const head = withoutUndefined({ ...executionFields(record), next_offset: page.nextOffset, next_uri: next });
  return `${JSON.stringify(head).slice(0, -1)},"result":{`;
}

function jsonMetadata(
  record: ExecutionRecord,
  selected: readonly ResultColumn[],
  rowCount: number,
  totalRowCount: number,
  resultSetBytes: number,
): Record<string, unknown> {
  return metadataFields(record, {
    columnNames: selected.map((c) => c.name),
    columnTypes: selected.map((c) => c.type),
    rowCount,
    totalRowCount,
    resultSetBytes,
  });
}

/**
 * A streamed JSON page: the rows go out as the engine reads them, so the metadata (which counts them) follows the
 * rows instead of preceding them. Key order means nothing to a JSON reader.
 */
async function* jsonParts(
  record: ExecutionRecord,
  selected: readonly ResultColumn[],
  page: { nextOffset?: number; totalRowCount: number },
  next: string | undefined,
  chunks: AsyncIterable<{ text: string; rows: number }>,
): AsyncGenerator<string> {
  yield `${jsonHead(record, page, next)}"rows":[`;
  let rows = 0;
  let bytes = 2;
  for await (const chunk of chunks) {
    const text = rows > 0 ? `,${chunk.text}` : chunk.text;
    rows += chunk.rows;
    bytes += Buffer.byteLength(text);
    yield text;
  }
  yield `],"metadata":${JSON.stringify(jsonMetadata(record, selected, rows, page.totalRowCount, bytes))}}}`;
}

async function* csvParts(
  selected: readonly ResultColumn[],
  chunks: AsyncIterable<{ text: string; rows: number }>,
): AsyncGenerator<string> {
  yield `${csvHeaderLine(selected)}\n`;
  for await (const chunk of chunks) yield `${chunk.text}\n`;
}

/** Absolute URL of the next page on the service's public address (never the caller's Host). No `api_key`. */
function nextUri(request: FastifyRequest, carry: Record<string, string>, offset: number, limit: number): string {
  const url = publicPathUrl(request);
  for (const [k, v] of Object.entries(carry)) url.searchParams.set(k, v);
  url.searchParams.set("offset", String(offset));
  url.searchParams.set("limit", String(limit));
  return url.toString();
}

export function withoutUndefined<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}
