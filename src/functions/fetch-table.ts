import { type Page, type Source, knownTime } from "../client";
import type { DatasetOrigin, Session } from "../session";
import type { CachedTable } from "./render";
import type { CanonicalRequest } from "./request";
import { SpillTooLargeError, roughValueBytes } from "./spill-limit";

export interface FetchOutcome {
  table: CachedTable;
  /** HTTP requests the pages took. */
  requests: number;
}

function clientSource(request: CanonicalRequest): Source {
  const source = request.source;
  if (source.kind === "dataset") return { dataset: source.dataset, args: source.args };
  if (source.kind === "execution") return { executionId: source.executionId };
  return { queryId: source.queryId };
}

/**
 * A request's pages: a dataset through the session, which reads the saved query behind it where the endpoint is
 * gone (and says so in `origin`); anything else straight from the client.
 */
function openPages(
  session: Session,
  request: CanonicalRequest,
  now: () => number,
): { pages: AsyncIterable<Page>; origin: () => DatasetOrigin | undefined } {
  const source = request.source;
  if (source.kind === "dataset") return session.readDataset(source, { ...request.params }, now);
  return { pages: session.client().pages(clientSource(request), { ...request.params }), origin: () => undefined };
}

/**
 * Every page of a request, stopping as soon as the rows so far are clearly too large to spill: a 1,000,000-row
 * result asked for without a limit costs a page or two, not the whole download. Pages past the limit are aborted
 * by leaving the iterator (the client cancels what is in flight).
 */
export async function fetchTable(
  session: Session,
  request: CanonicalRequest,
  limitBytes: number,
  now: () => number,
): Promise<FetchOutcome> {
  // A little slack: the rough estimate runs a bit under or over the exact one done when rendering.
  const stopAt = Math.ceil(limitBytes * 1.2);
  let table: CachedTable | undefined;
  let requests = 0;
  let bytes = 0;
  const pageTypes: string[][] = [];
  const read = openPages(session, request, now);
  for await (const page of read.pages) {
    requests += page.requests;
    if (table === undefined) {
      table = { columns: page.columns, types: page.types, rows: [], partial: false, typesInferred: page.typesInferred };
    }
    if (page.typesInferred) pageTypes.push(page.types);
    if (page.totalRowCount !== undefined) table.totalRowCount = page.totalRowCount;
    const expiresAt = knownTime(page.expiresAt);
    if (expiresAt !== undefined) table.expiresAt = expiresAt;
    table.partial ||= page.partial;
    const rows = table.rows;
    for (const row of page.rows) {
      rows.push(row);
      for (const value of row) bytes += roughValueBytes(value);
    }
    if (bytes > stopAt) {
      throw new SpillTooLargeError({
        rows: rows.length,
        columns: table.columns.length,
        bytes,
        limitBytes,
        totalRows: table.totalRowCount,
        complete: page.nextOffset === undefined,
      });
    }
  }
  if (table && pageTypes.length > 1) table.types = settleCsvTypes(table, pageTypes);
  const origin = read.origin();
  if (table && origin?.kind === "query") table.origin = origin;
  return {
    table: table ?? { columns: [], types: [], rows: [], partial: false, typesInferred: false },
    requests: Math.max(1, requests),
  };
}

/**
 * CSV pages are typed one by one (E5). Across pages: all-empty yields to anything, integer and double make
 * double, and a column that was text on any page is text everywhere (its numbers go back to their exact text,
 * which is what they were: only exact numbers were converted).
 */
function settleCsvTypes(table: CachedTable, pageTypes: string[][]): string[] {
  return table.columns.map((_, c) => {
    const seen = new Set(pageTypes.map((types) => types[c] ?? "unknown"));
    seen.delete("unknown");
    if (seen.size === 0) return "unknown";
    if (seen.size === 1) return [...seen][0]!;
    if ([...seen].every((t) => t === "bigint" || t === "double")) return "double";
    for (const row of table.rows) if (typeof row[c] === "number") row[c] = String(row[c]);
    return "varchar";
  });
}
