import { InvalidResponseError } from "../errors/local-errors";
import { linkSignals } from "../http/timeout";
import type { Page } from "../types";
import { type RowWindow, laterPages, planWindows } from "./plan";
import type { PageFetcher, RawPage } from "./raw-page";

export interface PaginateOptions {
  /** First row to collect. */
  offset?: number;
  /** Rows to collect in all. */
  limit?: number;
  /** A sample is one request; it has no pages. */
  sample: boolean;
  /** With the datapoints cap lifted, the first page's size is the plan's page size. */
  ignoreMaxDatapoints: boolean;
  /** Rows of the first request when no limit smaller is asked: a small first page tells what a row weighs. */
  firstPageRows?: number;
  /** Later pages of about this many bytes, lifting the service's guard where that is above its default page. */
  maxPageBytes?: number;
  /** Requests in flight at once after the first page. */
  concurrency: number;
  /** After a 429, one request at a time for a while (see RatePressure). */
  pressure?: { concurrency(wanted: number): number };
  signal?: AbortSignal;
}

/**
 * Pages of a result, in order, as an async iterator (a collector on top can stop early). The first page tells the
 * column count (hence rows per page, floor(250,000 / columns)) and, for JSON, the total; the remaining windows are
 * then fetched with at most `concurrency` requests in flight and yielded in order. Leaving the loop early aborts
 * what is in flight.
 */
export async function* paginate(
  fetchPage: PageFetcher,
  options: PaginateOptions,
): AsyncGenerator<Page, void, undefined> {
  const link = linkSignals(options.signal);
  try {
    if (options.sample) {
      yield toPage(await fetchPage({}, link.signal), 0, 1);
      return;
    }
    const start = options.offset ?? 0;
    const end = options.limit === undefined ? Infinity : start + options.limit;
    const probe = options.firstPageRows === undefined ? undefined : Math.max(1, Math.floor(options.firstPageRows));
    const firstLimit =
      probe !== undefined && (options.limit === undefined || probe < options.limit) ? probe : options.limit;
    const first = await fetchPage({ offset: start, limit: firstLimit }, link.signal);
    trim(first, end - start);
    yield toPage(first, start, 1);

    const from = first.nextOffset;
    if (from === undefined) return;
    const stop = Math.min(end, first.totalRowCount ?? Infinity);
    if (from >= stop) return;
    if (from <= start) throw noProgress(start);
    const plan = laterPages(first, {
      guardLifted: options.ignoreMaxDatapoints,
      probed: firstLimit !== options.limit,
      maxPageBytes: options.maxPageBytes,
    });
    // With no known end (CSV has no total), pages are asked for one after another: a request past the end would
    // be spent for nothing against the service's per-minute limit. Otherwise up to `concurrency` at once (fewer
    // when pages are large, so memory stays bounded), fewer after a 429.
    const wanted = first.totalRowCount === undefined ? 1 : Math.max(1, Math.min(options.concurrency, plan.concurrency));
    const concurrency = () => options.pressure?.concurrency(wanted) ?? wanted;
    const windows = planWindows(from, stop, plan.pageRows, plan.liftGuard);
    yield* inOrder(windows, fetchPage, first, concurrency, link.signal);
  } finally {
    // Stops requests still in flight when the consumer leaves early or one of them failed.
    link.controller.abort();
    link.dispose();
  }
}

interface WindowResult {
  page: Page;
  /** The server reported no rows beyond this window. */
  ended: boolean;
}

interface InFlight {
  controller: AbortController;
  result: Promise<WindowResult>;
}

async function* inOrder(
  windows: Generator<RowWindow, void, undefined>,
  fetchPage: PageFetcher,
  first: RawPage,
  concurrency: () => number,
  signal: AbortSignal,
): AsyncGenerator<Page, void, undefined> {
  const queue: InFlight[] = [];
  let planning = true;
  const fill = (): void => {
    while (planning && queue.length < concurrency()) {
      const next = windows.next();
      if (next.done) {
        planning = false;
        return;
      }
      const child = linkSignals(signal);
      const result = fetchWindow(next.value, fetchPage, first, child.signal).finally(child.dispose);
      // Marked handled now; the error surfaces when (and only if) this window reaches the head of the queue.
      result.catch(() => undefined);
      queue.push({ controller: child.controller, result });
    }
  };
  try {
    fill();
    while (queue.length > 0) {
      const head = queue.shift()!;
      const { page, ended } = await head.result;
      if (ended) {
        planning = false;
        for (const rest of queue.splice(0)) rest.controller.abort();
      } else {
        fill(); // keep the pipeline full while the consumer works on this page
      }
      yield page;
    }
  } finally {
    for (const rest of queue.splice(0)) rest.controller.abort();
  }
}

/**
 * One planned window. When the server sends fewer rows than asked (a byte cap, say), the rest of the window
 * is asked for from its `next_offset`, so windows never leave gaps.
 */
async function fetchWindow(
  window: RowWindow,
  fetchPage: PageFetcher,
  first: RawPage,
  signal: AbortSignal,
): Promise<WindowResult> {
  const stopAt = window.offset + window.limit;
  const parts: unknown[][][] = [];
  let at = window.offset;
  let last: RawPage | undefined;
  let requests = 0;
  let bytes: number | undefined;
  let ended = false;
  while (at < stopAt) {
    const raw = await fetchPage({ offset: at, limit: stopAt - at, liftGuard: window.liftGuard }, signal);
    requests++;
    if (raw.bytes !== undefined) bytes = (bytes ?? 0) + raw.bytes;
    trim(raw, stopAt - at);
    parts.push(raw.rows);
    last = raw;
    if (raw.nextOffset === undefined) {
      ended = true;
      break;
    }
    if (raw.nextOffset <= at) throw noProgress(at);
    at = raw.nextOffset;
  }
  const rows = parts.length === 1 ? parts[0]! : parts.flat();
  const merged: RawPage = {
    ...(last ?? first),
    rows,
    columns: first.columns,
    types: last?.typesInferred ? last.types : first.types,
  };
  if (ended) delete merged.nextOffset;
  else merged.nextOffset = at;
  if (bytes === undefined) delete merged.bytes;
  else merged.bytes = bytes;
  return { page: toPage(merged, window.offset, requests), ended };
}

function trim(raw: RawPage, max: number): void {
  if (raw.rows.length > max) raw.rows.length = max;
}

function noProgress(offset: number): InvalidResponseError {
  // The other SDKs loop forever here; we stop.
  return new InvalidResponseError({ detail: `next_offset does not advance past ${offset}` });
}

function toPage(raw: RawPage, offset: number, requests: number): Page {
  return { ...raw, offset, requests };
}
