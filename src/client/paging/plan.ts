/** The service caps a page at this many datapoints (rows × returned columns) unless told otherwise. */
export const MAX_DATAPOINTS_PER_REQUEST = 250_000;

/** Rows that fit in one page of `columnCount` columns: floor(250,000 / columns), at least 1. */
export function rowsPerPage(columnCount: number): number {
  return Math.max(1, Math.floor(MAX_DATAPOINTS_PER_REQUEST / Math.max(1, columnCount)));
}

/** Rows [offset, offset + limit) of the result; `liftGuard` lifts the service's per-request guard for it. */
export interface RowWindow {
  offset: number;
  limit: number;
  liftGuard?: boolean;
}

/**
 * The largest page a caller should ask for when its budget per request allows more: a 1,000,000-row result of
 * about 250 MB then takes five or six requests, a handful under a per-minute request limit.
 */
export const LARGE_PAGE_BYTES = 50_000_000;

/** Large pages are fetched fewer at once: at most this many bytes of pages in flight. */
export const MAX_BYTES_IN_FLIGHT = 64_000_000;

export interface LaterPages {
  pageRows: number;
  liftGuard: boolean;
  /** Requests in flight at most, whatever the caller asked. */
  concurrency: number;
}

/**
 * The size of the pages after the first. By default the service's own page (floor(250,000 / columns) rows: its
 * guard's datapoint cap), or, with the guard lifted by the caller, as many rows as the first page had. With
 * `maxPageBytes`, pages of about that many bytes as the first page weighs them (its body's bytes per row, envelope
 * included, so a little heavy): larger than the service's default when that allows (then the guard is lifted on
 * purpose), smaller when a page of the default size would cost more than the caller may spend on one request.
 */
export function laterPages(
  first: { rows: readonly unknown[]; columns: readonly string[]; bytes?: number },
  options: { guardLifted: boolean; probed: boolean; maxPageBytes?: number },
): LaterPages {
  const byDefault =
    options.guardLifted && !options.probed ? Math.max(1, first.rows.length) : rowsPerPage(first.columns.length);
  const rowBytes = first.bytes !== undefined && first.rows.length > 0 ? first.bytes / first.rows.length : undefined;
  if (options.maxPageBytes === undefined || rowBytes === undefined) {
    return { pageRows: byDefault, liftGuard: false, concurrency: Infinity };
  }
  const fitting = Math.max(1, Math.floor(options.maxPageBytes / rowBytes));
  const liftGuard = fitting > rowsPerPage(first.columns.length);
  const pageRows = liftGuard || options.guardLifted ? fitting : Math.min(fitting, byDefault);
  return { pageRows, liftGuard, concurrency: Math.max(1, Math.floor(MAX_BYTES_IN_FLIGHT / (pageRows * rowBytes))) };
}

/**
 * Consecutive windows from `from` up to `stop` (exclusive). `stop` is Infinity when the total is unknown
 * (CSV pages carry no row count); the consumer then stops at the first window the server reports as the end.
 */
export function* planWindows(
  from: number,
  stop: number,
  pageRows: number,
  liftGuard = false,
): Generator<RowWindow, void, undefined> {
  for (let offset = from; offset < stop; offset += pageRows) {
    const window: RowWindow = { offset, limit: Math.min(pageRows, stop - offset) };
    if (liftGuard) window.liftGuard = true;
    yield window;
  }
}

/** The `offset` carried by a `next_uri`, for servers that send the URI but not the number. */
export function offsetFromUri(uri: string | null | undefined): number | undefined {
  if (!uri) return undefined;
  try {
    const raw = new URL(uri, "http://placeholder.invalid").searchParams.get("offset");
    const value = raw === null ? NaN : Number(raw);
    return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  } catch {
    return undefined;
  }
}
