/**
 * Wire shapes of the API and the shapes the client hands back.
 * Wire fields keep the API's snake_case so they can be compared with its documentation line by line.
 */

import type { PerformanceTier } from "../billing";

/** Every state the service reports. Both spellings of "cancelled" occur in the wild. */
export type ExecutionState =
  | "QUERY_STATE_PENDING"
  | "QUERY_STATE_EXECUTING"
  | "QUERY_STATE_COMPLETED"
  | "QUERY_STATE_COMPLETED_PARTIAL"
  | "QUERY_STATE_FAILED"
  | "QUERY_STATE_CANCELLED"
  | "QUERY_STATE_CANCELED"
  | "QUERY_STATE_EXPIRED";

/**
 * The two tiers the add-in priced before 2026 (`medium`, `large`).
 * @deprecated `PerformanceChoice` (`auto`, `small`, `medium`, `large`) is what `execute` and `run` accept.
 */
export type Performance = Extract<PerformanceTier, "medium" | "large">;

/** Value of one saved-query parameter, as sent in `query_parameters`. */
export type QueryParameterValue = string | number | boolean;

export interface ExecuteAck {
  execution_id: string;
  state: ExecutionState;
}

export interface ExecutionError {
  type: string;
  message: string;
  [extra: string]: unknown;
}

export interface ResultMetadata {
  column_names: string[];
  column_types: string[];
  datapoint_count?: number;
  execution_time_millis?: number;
  pending_time_millis?: number;
  result_set_bytes?: number;
  row_count: number;
  total_result_set_bytes?: number;
  total_row_count?: number;
}

/**
 * GET /v1/execution/{id}/status, as the client returns it: a time the service sends as zero (`1970-01-01T00:00:00Z`,
 * `0001-01-01T00:00:00Z`) is absent ("not known yet"), and so is the `query_id` 0 of a run started from SQL text.
 */
export interface ExecutionStatus {
  execution_id: string;
  /** The saved query run; absent for a run of SQL text (the service sends 0 or nothing). */
  query_id?: number;
  state: ExecutionState;
  is_execution_finished: boolean;
  submitted_at?: string;
  execution_started_at?: string;
  execution_ended_at?: string;
  /** When the result expires; absent while not known (a running execution). */
  expires_at?: string;
  cancelled_at?: string;
  queue_position?: number;
  result_metadata?: ResultMetadata;
  error?: ExecutionError;
  /** What the run cost, in credits, as the service reports it (executions are billed by the compute they used). */
  execution_cost_credits?: number;
  /** Interactive executions this account may have in progress at once. */
  max_inflight_interactive_executions?: number;
  /**
   * Interactive executions this account has in progress, set (above 0) only when that limit is reached: the run
   * waits for a slot. `inflightLimitOf` turns it into what to tell the user.
   */
  max_inflight_interactive_reached?: number;
}

/** A row as the server sends it: keyed by column name. Converted to arrays before anything keeps it. */
export type WireRow = Record<string, unknown>;

/** The result envelope of E2 and E6–E11. */
export interface Envelope {
  execution_id?: string;
  query_id?: number;
  state?: ExecutionState;
  is_execution_finished?: boolean;
  submitted_at?: string;
  execution_started_at?: string;
  execution_ended_at?: string;
  expires_at?: string;
  cancelled_at?: string;
  next_offset?: number;
  next_uri?: string;
  error?: ExecutionError;
  result?: { metadata: ResultMetadata; rows: WireRow[] };
}

/** One CSV page (E3, E5): the raw text plus where the next page starts. */
export interface CsvPage {
  text: string;
  nextOffset?: number;
  nextUri?: string;
  /** The body's bytes before compression (what the read is billed by), when read over HTTP. */
  bytes?: number;
}

/**
 * Where `pages`/`table` read rows from: an execution's result; a saved query's latest result, as CSV (the default,
 * typed from the values) or as JSON (typed by the service, its length and run known, every page from one run); or
 * a curated dataset.
 */
export type Source =
  | { executionId: string }
  | {
      queryId: number;
      format?: "csv" | "json";
      /** The query's inputs: the latest result of a run of exactly these (after defaults), never another's. */
      parameters?: Record<string, QueryParameterValue>;
    }
  | { dataset: string; args?: readonly string[] };

/** One page of rows, already a matrix in `columns` order. */
export interface Page {
  columns: string[];
  /** Server column types; for CSV sources, inferred from the parsed values (then `typesInferred`). */
  types: string[];
  typesInferred: boolean;
  rows: unknown[][];
  /** Offset of this page's first row in the whole result. */
  offset: number;
  /** Where the next page starts, when the server says more rows remain. */
  nextOffset?: number;
  /** Rows in the whole stored result, when the server reports it (JSON sources). */
  totalRowCount?: number;
  /** True when the stored result was truncated (QUERY_STATE_COMPLETED_PARTIAL). */
  partial: boolean;
  state?: ExecutionState;
  executionId?: string;
  /** When the run that made this result ended (JSON sources that say): how old the rows are. */
  endedAt?: string;
  /** When the service deletes the stored result (JSON sources that say). */
  expiresAt?: string;
  /** The saved query the result belongs to, when the service said (JSON sources). */
  queryId?: number;
  /** HTTP requests this page took (more than one when the server sent fewer rows than asked). */
  requests: number;
  /** Bytes of the response bodies this page took, before compression (what the service bills), when read over HTTP. */
  bytes?: number;
}

/** Every page of a source, collected. */
export interface Table {
  columns: string[];
  types: string[];
  /** Types were guessed from CSV text (E5), settled across pages; timestamps then arrive as varchar. */
  typesInferred: boolean;
  rows: unknown[][];
  rowCount: number;
  totalRowCount?: number;
  /** True when more rows exist beyond what was collected (the caller's limit stopped it). */
  hasMore: boolean;
  partial: boolean;
  state?: ExecutionState;
  executionId?: string;
  /** When the service deletes the stored result (JSON sources that say; the last page's). */
  expiresAt?: string;
  /** When the run that made the result ended, and the saved query it belongs to, when the service said. */
  endedAt?: string;
  queryId?: number;
  /** Requests made (pages and page remainders), useful for benchmarks. */
  requestCount: number;
}
