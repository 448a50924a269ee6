import type { FastifyReply, FastifyRequest } from "fastify";
import { isTerminal, STATES, type ExecutionRecord } from "../executions/execution-record";
import { executionError, executionFields, metadataFields } from "../results/envelope";
import type { ResultReader } from "../results/result-reader";
import { csvHeaderLine } from "../results/render-sql";
import { apiError } from "../errors";
import type { ResultQuery } from "./route-schemas";
import type { PageCache } from "../results/page-cache";
import { publicPathUrl } from "./public-url";
import { resolveSharedParams } from "./shared-params";

/** Where result pages are read from, and the check that a stored result is intact before any row is served. */
export interface StoredResults {
  reader: ResultReader;
  verify(record: ExecutionRecord): Promise<void>;
  /** Rendered pages of results whose checksum is known (absent: every page is rendered). */
  cache?: PageCache;
}

/**
 * Answers a result-returning GET (E2, E3, E5, E6–E11) for one execution: the JSON envelope or CSV text of the page
 * the shared parameters describe, with next_offset / next_uri (JSON) or X-Service-Next-* headers (CSV).
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
  const shared = resolveSharedParams(query, columns, fixed);
  if (record.state === STATES.partial && !shared.allowPartial) throw apiError("partial_result");
  await results.verify(record);
  const pageRequest = { ...shared.request, knownTotal: record.rowCount };
  // A completed result never changes: its checksum makes the key, so a cached page is that result's page.
  const key =
    results.cache && record.resultChecksum && pageRequest.sampleCount === undefined
      ? `${record.resultChecksum}|${format}|${JSON.stringify(pageRequest)}`
      : undefined;
  let page = key === undefined ? undefined : results.cache!.get(key);
  if (!page) {
    page = await results.reader.page(record.resultFile as string, columns, pageRequest, format);
    if (key !== undefined) results.cache!.set(key, page);
  }
  const next =
    page.nextOffset !== undefined
      ? nextUri(request, shared.carry, page.nextOffset, shared.request.limit ?? page.rows.length)
      : undefined;
  const selected = shared.request.columns.map((name) => columns.find((c) => c.name === name)!);
  if (format === "csv") {
    const header = csvHeaderLine(selected);
    const body = page.rows.length ? `${header}\n${page.rows.join("\n")}\n` : `${header}\n`;
    if (next) {
      reply.header("X-Service-Next-Offset", String(page.nextOffset));
      reply.header("X-Service-Next-Uri", next);
    }
    return reply.type("text/csv; charset=utf-8").send(body);
  }
  const rowsJson = `[${page.rows.join(",")}]`;
  const head = withoutUndefined({
    ...executionFields(record),
    next_offset: page.nextOffset,
    next_uri: next,
  });
  const metadata = metadataFields(record, {
    columnNames: selected.map((c) => c.name),
    columnTypes: selected.map((c) => c.type),
    rowCount: page.rows.length,
    totalRowCount: page.totalRowCount,
    resultSetBytes: Buffer.byteLength(rowsJson, "utf8"),
  });
  // The rows are already JSON text rendered by the engine; splice them in rather than parse and re-serialise.
  const text = `${JSON.stringify(head).slice(0, -1)},"result":{"metadata":${JSON.stringify(metadata)},"rows":${rowsJson}}}`;
  return reply.type("application/json; charset=utf-8").send(text);
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
