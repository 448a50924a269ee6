import type { Page, PagingParams, Source } from "../client";
import type { DatasetOrigin, ReadBudget, Session } from "../session";
import type { CachedTable } from "./render";
import type { CanonicalRequest } from "./request";
import { SpillTooLargeError, isSpillTooLargeError, roughValueBytes } from "./spill-limit";

export interface FetchOutcome {
  table: CachedTable;
  /** HTTP requests the pages took. */
  requests: number;
}

/** What one fetch of a request may spend. */
export interface ReadContext {
  /** The most it may spend (the cells' `max_credits`, else the user's default per request). */
  capCredits: number;
  /** An automatic refresh's share of the workbook's budget. */
  budget?: ReadBudget;
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
  params: PagingParams,
  now: () => number,
): { pages: AsyncIterable<Page>; origin: () => DatasetOrigin | undefined } {
  const source = request.source;
  if (source.kind === "dataset") return session.readDataset(source, params, now);
  return { pages: session.client().pages(clientSource(request), params), origin: () => undefined };
}

/**
 * Every page of a request, priced as it goes (see ReadMeter): refused before any request when its known size is over
 * its cap, and stopped after a page when the rest would pass the cap or an automatic refresh's budget. It also stops
 * as soon as the rows so far are clearly too large to spill: a 1,000,000-row result asked for without a limit costs
 * a page or two, not the whole download. Pages past either are aborted by leaving the iterator (the client cancels
 * what is in flight).
 */
export async function fetchTable(
  session: Session,
  request: CanonicalRequest,
  limitBytes: number,
  now: () => number,
  context: ReadContext,
): Promise<FetchOutcome> {
  const meter = session.meterRead(request.key, {
    capCredits: context.capCredits,
    where: "cell",
    budget: context.budget,
    limit: request.params.limit,
  });
  meter.check();
  try {
    const outcome = await readPages(session, request, limitBytes, now, meter);
    meter.remember();
    return outcome;
  } catch (error) {
    // Stopped by the spill limit, it stops at the same place next time: that is its size.
    if (isSpillTooLargeError(error)) meter.remember();
    throw error;
  }
}

async function readPages(
  session: Session,
  request: CanonicalRequest,
  limitBytes: number,
  now: () => number,
  meter: ReturnType<Session["meterRead"]>,
): Promise<FetchOutcome> {
  // A little slack: the rough estimate runs a bit under or over the exact one done when rendering.
  const stopAt = Math.ceil(limitBytes * 1.2);
  let table: CachedTable | undefined;
  let requests = 0;
  let bytes = 0;
  const pageTypes: string[][] = [];
  const read = openPages(session, request, { ...request.params, ...meter.params() }, now);
  const fetchedAt = now();
  for await (const page of read.pages) {
    requests += page.requests;
    if (table === undefined) {
      table = { columns: page.columns, types: page.types, rows: [], partial: false, typesInferred: page.typesInferred };
    }
    if (page.typesInferred) pageTypes.push(page.types);
    if (page.totalRowCount !== undefined) table.totalRowCount = page.totalRowCount;
    table.partial ||= page.partial;
    const rows = table.rows;
    for (const row of page.rows) {
      rows.push(row);
      for (const value of row) bytes += roughValueBytes(value);
    }
    // Too large to spill, now or once the rows the service said it has arrive: no cell can show it, whatever it
    // costs, so that is what the cell says (with how to narrow it or insert it as a table instead).
    const wanted = Math.min(table.totalRowCount ?? rows.length, request.params.limit ?? Infinity);
    const projected = page.nextOffset === undefined || rows.length === 0 ? bytes : (bytes / rows.length) * wanted;
    if (projected > stopAt) {
      throw new SpillTooLargeError({
        rows: rows.length,
        columns: table.columns.length,
        bytes,
        limitBytes,
        totalRows: table.totalRowCount,
        complete: page.nextOffset === undefined,
      });
    }
    meter.page(page);
  }
  if (table && pageTypes.length > 1) table.types = settleCsvTypes(table, pageTypes);
  const origin = read.origin();
  if (table && origin?.kind === "query") table.origin = origin;
  const result = table ?? { columns: [], types: [], rows: [], partial: false, typesInferred: false };
  result.fetchedAt = fetchedAt;
  return { table: result, requests: Math.max(1, requests) };
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
