import type { ExecutionState } from "../types";

/** One server response reduced to what paging needs; rows are already a matrix. */
export interface RawPage {
  columns: string[];
  types: string[];
  /** True when `types` were guessed from CSV values rather than sent by the server. */
  typesInferred: boolean;
  rows: unknown[][];
  nextOffset?: number;
  totalRowCount?: number;
  partial: boolean;
  state?: ExecutionState;
  executionId?: string;
  /** When the run that made the result ended (the envelope's `execution_ended_at`): the result's age. */
  endedAt?: string;
  /** When the service deletes the result (the envelope's `expires_at`): how long a copy of it stays true. */
  expiresAt?: string;
  /** The response body's bytes before compression (absent for pages not read over HTTP). */
  bytes?: number;
  /** The saved query the result belongs to, when the envelope names one. */
  queryId?: number;
}

/** A window of rows to ask for; `liftGuard` asks the service to lift its per-request guard for this request. */
export interface PageWindow {
  offset?: number;
  limit?: number;
  liftGuard?: boolean;
}

/** Fetch rows [offset, offset + limit) (either may be omitted: the server's defaults apply). */
export type PageFetcher = (window: PageWindow, signal: AbortSignal) => Promise<RawPage>;
