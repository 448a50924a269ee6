import { collectTable, knownTime, type Page, type PagingParams, type Source } from "../client";
import { PROBE_ROWS } from "../billing";
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
  return source.parameters ? { queryId: source.queryId, parameters: source.parameters } : { queryId: source.queryId };
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
  const read = openPages(session, request, { ...request.params, ...pagesWithin(meter.params(), stopAt) }, now);
  const table = await collectTable(checkedPages(read.pages, request, stopAt, limitBytes, meter));
  const { columns, types, rows, partial, typesInferred, totalRowCount } = table;
  const cached: CachedTable = { columns, types, rows, partial, typesInferred, readAt: now() };
  if (totalRowCount !== undefined) cached.totalRowCount = totalRowCount;
  const expiresAt = knownTime(table.expiresAt);
  if (expiresAt !== undefined) cached.expiresAt = expiresAt;
  // What the rows' provenance says (SERVICE.SOURCE, table captions): the run and query, as the service named them.
  if (table.executionId) cached.executionId = table.executionId;
  if (table.endedAt !== undefined) cached.endedAt = table.endedAt;
  if (table.queryId !== undefined) cached.queryId = table.queryId;
  const origin = read.origin();
  if (origin?.kind === "query") cached.origin = origin;
  return { table: cached, requests: Math.max(1, table.requestCount) };
}

/**
 * A cell's pages are never larger than what a cell may show: a read with no cap of its own (the headless refresh,
 * whose plan was priced whole) would otherwise take the whole result in one large page, billed in full, before the
 * spill limit could stop it. The first page is a probe of PROBE_ROWS rows when nothing else sized it, so a result far
 * too large is found out for the price of a few kilobytes, as the add-in's capped reads are. Tables (no limit) keep
 * the pages the meter chose.
 */
function pagesWithin(params: ReturnType<ReturnType<Session["meterRead"]>["params"]>, stopAt: number) {
  if (!Number.isFinite(stopAt)) return params;
  return {
    ...params,
    firstPageRows: params.firstPageRows ?? PROBE_ROWS,
    maxPageBytes: Math.min(params.maxPageBytes ?? Infinity, stopAt),
  };
}

/**
 * The pages as they come, each checked once taken: too large to spill, now or once the rows the service said it has
 * arrive (no cell can show it, whatever it costs, so that is what the cell says, with how to narrow it or insert it
 * as a table instead), then priced by the meter (which stops a read over its cap or its budget's room). Throwing
 * here leaves the pages early, which aborts the requests in flight.
 */
async function* checkedPages(
  pages: AsyncIterable<Page>,
  request: CanonicalRequest,
  stopAt: number,
  limitBytes: number,
  meter: ReturnType<Session["meterRead"]>,
): AsyncGenerator<Page> {
  let bytes = 0;
  let rows = 0;
  let totalRows: number | undefined;
  for await (const page of pages) {
    yield page;
    rows += page.rows.length;
    for (const row of page.rows) for (const value of row) bytes += roughValueBytes(value);
    if (page.totalRowCount !== undefined) totalRows = page.totalRowCount;
    const wanted = Math.min(totalRows ?? rows, request.params.limit ?? Infinity);
    const projected = page.nextOffset === undefined || rows === 0 ? bytes : (bytes / rows) * wanted;
    if (projected > stopAt) {
      throw new SpillTooLargeError({
        rows,
        columns: page.columns.length,
        // Stopped early, the size to tell is the projected one: the bytes read so far are only the first pages'.
        bytes: Math.round(projected),
        limitBytes,
        totalRows,
        complete: page.nextOffset === undefined,
      });
    }
    meter.page(page);
  }
}
