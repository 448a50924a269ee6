import type { KnownSize } from "./estimates";

/** Entries kept of each kind; past it the oldest go (a flood of ids cannot grow the memory without bound). */
const MAX_ENTRIES = 10_000;
/**
 * How long a dataset's or a query's latest result's size is trusted: it changes when the data is refreshed (every
 * 15 minutes at the most often for the curated datasets). A run's result never changes.
 */
export const LATEST_SIZE_TTL_MS = 10 * 60 * 1000;

/** Which result a read pages through, as the estimate looks it up. */
export interface ReadSource {
  /** The person and the size key: where the weight of a row is learned (never across people or other rows). */
  source: string;
  /** The path and every parameter that decides which rows there are (not the page's offset or limit). */
  sizeKey: string;
  executionId?: string;
  /** The columns a curated dataset has (its catalog). */
  columns?: number;
}

interface Size {
  totalRows: number;
  columns: number;
  /** The whole result's bytes, as the service reports them (`total_result_set_bytes`), when it does. */
  totalBytes?: number;
}

/** A result's rows and columns from its metadata (`result_metadata` of a status, `result.metadata` of a page). */
function sizeOf(metadata: unknown): Size | undefined {
  const m = metadata as { total_row_count?: unknown; column_names?: unknown } | null | undefined;
  const totalRows = m?.total_row_count;
  if (typeof totalRows !== "number" || !Number.isSafeInteger(totalRows) || totalRows < 0) return undefined;
  if (!Array.isArray(m?.column_names)) return undefined;
  const size: Size = { totalRows, columns: m.column_names.length };
  const bytes = (metadata as { total_result_set_bytes?: unknown }).total_result_set_bytes;
  if (typeof bytes === "number" && Number.isSafeInteger(bytes) && bytes > 0) size.totalBytes = bytes;
  return size;
}

/**
 * What this instance has seen of results' sizes, for the next read's estimate: each run's rows, columns and bytes
 * (from its status), each dataset's or latest result's (from a one-row read, for a while), and the heaviest row of
 * each person's full pages of the same rows (a page with a next page holds exactly the rows between its offset and
 * the next one's). Per instance and in memory.
 */
export class ResultSizes {
  readonly #executions = new Map<string, Size>();
  readonly #latest = new Map<string, Size & { at: number }>();
  readonly #rows = new Map<string, number>();
  readonly #queries = new Map<string, number>();

  /** The query an execution runs (from its execute or its status), for the audit's totals per query. */
  noteQuery(executionId: string, queryId: unknown): void {
    if (typeof queryId === "number" && Number.isSafeInteger(queryId)) remember(this.#queries, executionId, queryId);
  }

  queryOf(executionId: string): number | undefined {
    return this.#queries.get(executionId);
  }

  /** From a status body: its query, and `result_metadata` (a finished result's size). */
  noteStatus(executionId: string, status: unknown): void {
    const body = status as { query_id?: unknown; result_metadata?: unknown } | null;
    this.noteQuery(executionId, body?.query_id);
    const size = sizeOf(body?.result_metadata);
    if (size) remember(this.#executions, executionId, size);
  }

  /** From a page's envelope (`result.metadata`): the size of what the key's rows are read from, for a while. */
  noteEnvelope(sizeKey: string, envelope: unknown, now: number): void {
    const size = sizeOf((envelope as { result?: { metadata?: unknown } } | null)?.result?.metadata);
    if (size) remember(this.#latest, sizeKey, { ...size, at: now });
  }

  /** From a forwarded page of `source`: its body's bytes and the rows it held (known only for a full page). */
  notePage(source: string, bytes: number, rows: number): void {
    if (!(rows > 0) || !(bytes > 0)) return;
    const perRow = bytes / rows;
    if (perRow > (this.#rows.get(source) ?? 0)) remember(this.#rows, source, perRow);
  }

  /** Whether the number of rows the read pages through is known. */
  sized(read: ReadSource, now: number): boolean {
    return this.known(read, now).totalRows !== undefined;
  }

  /** What is known for a read. */
  known(read: ReadSource, now: number): KnownSize {
    const known: KnownSize = {};
    if (read.columns !== undefined) known.columns = read.columns;
    const latest = this.#latest.get(read.sizeKey);
    const size =
      read.executionId !== undefined
        ? this.#executions.get(read.executionId)
        : latest && now - latest.at < LATEST_SIZE_TTL_MS
          ? latest
          : undefined;
    if (size) {
      Object.assign(known, { totalRows: size.totalRows, columns: size.columns });
      if (size.totalBytes !== undefined && size.totalRows > 0) known.averageRowBytes = size.totalBytes / size.totalRows;
    }
    const perRow = this.#rows.get(read.source);
    if (perRow !== undefined) known.bytesPerRow = perRow;
    return known;
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
}

/** The offset a next-page link carries (undefined when it carries none). */
export function offsetOf(link: string | undefined): number | undefined {
  if (link === undefined) return undefined;
  try {
    const value = new URL(link, "http://relay.invalid").searchParams.get("offset");
    return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
  } catch {
    return undefined;
  }
}
