import type { KnownSize } from "./estimates";

/** Entries kept of each kind; past it the oldest go (a flood of ids cannot grow the memory without bound). */
const MAX_ENTRIES = 10_000;

/**
 * What this instance has seen of results' sizes, for the next read's estimate: each execution's rows and columns
 * (from its status), and each source's heaviest row (from full pages it forwarded: a page with a next page holds
 * exactly the rows between its offset and the next one's). Per instance and in memory: another instance that has
 * seen nothing estimates from the defaults, which err high.
 */
export class ResultSizes {
  readonly #executions = new Map<string, { totalRows: number; columns: number }>();
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
    const body = status as {
      query_id?: unknown;
      result_metadata?: { total_row_count?: unknown; column_names?: unknown };
    } | null;
    this.noteQuery(executionId, body?.query_id);
    const metadata = body?.result_metadata;
    const totalRows = metadata?.total_row_count;
    const names = metadata?.column_names;
    if (typeof totalRows !== "number" || !Number.isSafeInteger(totalRows) || totalRows < 0) return;
    if (!Array.isArray(names)) return;
    remember(this.#executions, executionId, { totalRows, columns: names.length });
  }

  /** From a forwarded page of `source`: its body's bytes and the rows it held (known only for a full page). */
  notePage(source: string, bytes: number, rows: number): void {
    if (!(rows > 0) || !(bytes > 0)) return;
    const perRow = bytes / rows;
    if (perRow > (this.#rows.get(source) ?? 0)) remember(this.#rows, source, perRow);
  }

  /** What is known for a read of `source` (of the execution, when it pages one). */
  known(source: string, executionId: string | undefined, columns?: number): KnownSize {
    const execution = executionId === undefined ? undefined : this.#executions.get(executionId);
    const known: KnownSize = {};
    if (execution) Object.assign(known, execution);
    else if (columns !== undefined) known.columns = columns;
    const perRow = this.#rows.get(source);
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
