import type { Page } from "../types";

/**
 * One server response reduced to what paging needs (rows already a matrix): a `Page` before paging says where it
 * starts in the whole result and how many requests it took. Derived from `Page`, so a field the service sends reaches
 * the caller's page without being listed twice.
 */
export type RawPage = Omit<Page, "offset" | "requests">;

/** A window of rows to ask for; `liftGuard` asks the service to lift its per-request guard for this request. */
export interface PageWindow {
  offset?: number;
  limit?: number;
  liftGuard?: boolean;
}

/** Fetch rows [offset, offset + limit) (either may be omitted: the server's defaults apply). */
export type PageFetcher = (window: PageWindow, signal: AbortSignal) => Promise<RawPage>;
