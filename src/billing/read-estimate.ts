import type { BillingPlan } from "./plans";
import { addCredits } from "./credits";
import { BYTES_PER_MB, readCredits } from "./reads";

/**
 * A read's size as counted when it was last made: the body bytes of each page (before compression) and the rows it
 * brought. What the same read costs again, page for page, until the data changes.
 */
export interface ReadSize {
  /** Body bytes of each request, in order (at most MAX_KEPT_PAGES; more are folded into the last). */
  pageBytes: number[];
  rows: number;
}

/** A read of hundreds of pages keeps its sizes folded: its estimate then rounds per request no more exactly. */
export const MAX_KEPT_PAGES = 64;

/**
 * The first request of a read whose size is known asks for at most this much more rows than it brought last time;
 * the rest is estimated again from what that page reports (the total rows, the bytes a row now weighs) before it
 * is asked for. So an estimate can be exceeded by one page only.
 */
export const GROWTH_ALLOWANCE = 0.1;

/** A read whose size is not known yet asks for this many rows first, to learn what a row weighs. */
export const PROBE_ROWS = 100;

/** What a read is expected to cost, on a plan. */
export interface ReadEstimate {
  bytes: number;
  /** Credits page by page (each request rounded up to the hundredth, as it is billed). */
  credits: number;
  rows: number;
}

/** A size record from the pages of a read as they came (rows and bytes of each). */
export function readSizeOf(pages: readonly { bytes?: number; rows: number }[]): ReadSize {
  const pageBytes: number[] = [];
  let rows = 0;
  for (const page of pages) {
    rows += page.rows;
    if (page.bytes === undefined) continue;
    if (pageBytes.length < MAX_KEPT_PAGES) pageBytes.push(page.bytes);
    else pageBytes[pageBytes.length - 1]! += page.bytes;
  }
  return { pageBytes, rows };
}

/** The same read again: what it cost last time, on `plan`. */
export function estimateAgain(size: ReadSize, plan: BillingPlan): ReadEstimate {
  const bytes = size.pageBytes.reduce((a, b) => a + b, 0);
  return { bytes, credits: addCredits(...size.pageBytes.map((b) => readCredits(b, plan))), rows: size.rows };
}

/** Bytes per row as a read measured them (envelopes included, so a little heavy), or undefined with no rows. */
export function bytesPerRow(size: { bytes: number; rows: number }): number | undefined {
  return size.rows > 0 && size.bytes > 0 ? size.bytes / size.rows : undefined;
}

/**
 * What `rows` more rows cost at `rowBytes` bytes a row, fetched in requests of about `pageBytes` bytes: each
 * request is rounded up to the hundredth on its own, so the estimate counts one hundredth per request on top.
 */
export function estimateRows(rows: number, rowBytes: number, plan: BillingPlan, pageBytes = Infinity): ReadEstimate {
  if (!(rows > 0) || !(rowBytes > 0)) return { bytes: 0, credits: 0, rows: 0 };
  const bytes = Math.ceil(rows * rowBytes);
  const requests = Number.isFinite(pageBytes) && pageBytes > 0 ? Math.ceil(bytes / pageBytes) : 1;
  const credits = addCredits(readCredits(bytes, plan), (requests - 1) * 0.01);
  return { bytes, credits, rows };
}

/** "2.5 MB", "730 KB", "512 bytes" (1 MB = 1,000,000 bytes, the billing contract's megabyte). */
export function formatBytes(bytes: number): string {
  if (bytes >= BYTES_PER_MB)
    return `${(bytes / BYTES_PER_MB).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;
  if (bytes >= 1000) return `${Math.round(bytes / 1000).toLocaleString("en-US")} KB`;
  return `${Math.round(bytes)} bytes`;
}
