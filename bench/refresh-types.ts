/** What one run of bench/refresh-worker.ts reports, and the query its workbooks read. */
export interface RefreshWorkerResult {
  ms: number;
  /** Rows fetched (fetch), or SERVICE cells and bound tables refreshed (refresh). */
  rows: number;
  /** The refresh's exit code, or 3 when a SERVICE cell was not refreshed; `said` says which. */
  exitCode: number;
  said: string;
  maxRssBytes: number;
}

export const QUERY_ID = 1003;
