/** The service caps a page at this many datapoints (rows × returned columns) unless told otherwise. */
export const MAX_DATAPOINTS_PER_REQUEST = 250_000;

/** Rows that fit in one page of `columnCount` columns: floor(250,000 / columns), at least 1. */
export function rowsPerPage(columnCount: number): number {
  return Math.max(1, Math.floor(MAX_DATAPOINTS_PER_REQUEST / Math.max(1, columnCount)));
}

/** Rows [offset, offset + limit) of the result. */
export interface RowWindow {
  offset: number;
  limit: number;
}

/**
 * Consecutive windows from `from` up to `stop` (exclusive). `stop` is Infinity when the total is unknown
 * (CSV pages carry no row count); the consumer then stops at the first window the server reports as the end.
 */
export function* planWindows(from: number, stop: number, pageRows: number): Generator<RowWindow, void, undefined> {
  for (let offset = from; offset < stop; offset += pageRows) {
    yield { offset, limit: Math.min(pageRows, stop - offset) };
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
