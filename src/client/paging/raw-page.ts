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
}

/** Fetch rows [offset, offset + limit) (either may be omitted: the server's defaults apply). */
export type PageFetcher = (window: { offset?: number; limit?: number }, signal: AbortSignal) => Promise<RawPage>;
