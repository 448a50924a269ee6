import type { PerformanceTier } from "../../billing";

export const STATES = {
  pending: "QUERY_STATE_PENDING",
  executing: "QUERY_STATE_EXECUTING",
  completed: "QUERY_STATE_COMPLETED",
  partial: "QUERY_STATE_COMPLETED_PARTIAL",
  failed: "QUERY_STATE_FAILED",
  cancelled: "QUERY_STATE_CANCELLED",
  expired: "QUERY_STATE_EXPIRED",
} as const;

export type ExecutionState = (typeof STATES)[keyof typeof STATES];
/** The engine tier a run was asked for (small, medium, large); its price is the cost model's (`TIER_CREDITS`). */
export type Performance = PerformanceTier;

export const RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

const TERMINAL: ReadonlySet<ExecutionState> = new Set([
  STATES.completed,
  STATES.partial,
  STATES.failed,
  STATES.cancelled,
  STATES.expired,
]);

export function isTerminal(state: ExecutionState): boolean {
  return TERMINAL.has(state);
}

export interface ResultColumn {
  name: string;
  /** API type name (varchar, bigint, array(varchar) …). */
  type: string;
}

/** What the service knows about one execution. Times are epoch milliseconds; the wire format is made elsewhere. */
export interface ExecutionRecord {
  executionId: string;
  /** Absent for a run of SQL text (`/v1/sql/execute`): its status then has no `query_id`. */
  queryId?: number;
  state: ExecutionState;
  performance: Performance;
  /** Who ran it: results are visible to this user, their teams, and everyone when the query is public. */
  user: string;
  teams: string[];
  keyId: string;
  /** Set for curated-dataset snapshots, which are visible to every key. */
  dataset?: string;
  /** The refresh slot a dataset snapshot belongs to. */
  refreshIndex?: number;
  /**
   * Dataset snapshots: whether the execution id has been sent to a caller (false until the dataset endpoint serves
   * it; absent on snapshots stored before this was recorded). Decides how long a superseded snapshot is kept.
   */
  idServed?: boolean;
  parameters: Record<string, string>;
  submittedAt: number;
  startedAt?: number;
  endedAt?: number;
  cancelledAt?: number;
  expiresAt?: number;
  credits: number;
  errorMessage?: string;
  resultFile?: string;
  /** SHA-256 of the result file, recorded when it was written (see results/integrity.ts). */
  resultChecksum?: string;
  /** Set when the stored result was found damaged: the status says so and its rows are refused. */
  resultDamaged?: boolean;
  rowCount?: number;
  resultBytes?: number;
  columns?: ResultColumn[];
}
