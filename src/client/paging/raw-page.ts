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
}

/** Fetch rows [offset, offset + limit) (either may be omitted: the server's defaults apply). */
export type PageFetcher = (window: { offset?: number; limit?: number }, signal: AbortSignal) => Promise<RawPage>;
