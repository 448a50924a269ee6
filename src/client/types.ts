/**
 * Wire shapes of the API and the shapes the client hands back.
 * Wire fields keep the API's snake_case so they can be compared with its documentation line by line.
 */

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

export type Performance = "medium" | "large";

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

/** GET /v1/execution/{id}/status */
export interface ExecutionStatus {
  execution_id: string;
  query_id?: number;
  state: ExecutionState;
  is_execution_finished: boolean;
  submitted_at?: string;
  execution_started_at?: string;
  execution_ended_at?: string;
  expires_at?: string;
  cancelled_at?: string;
  queue_position?: number;
  result_metadata?: ResultMetadata;
  error?: ExecutionError;
  execution_cost_credits?: number;
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
}

/** Where `pages`/`table` read rows from. */
export type Source = { executionId: string } | { queryId: number } | { dataset: string; args?: readonly string[] };

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
  /** HTTP requests this page took (more than one when the server sent fewer rows than asked). */
  requests: number;
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
  /** Requests made (pages and page remainders), useful for benchmarks. */
  requestCount: number;
}
