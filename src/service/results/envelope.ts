import type { ExecutionRecord } from "../executions/execution-record";
import { isTerminal, STATES } from "../executions/execution-record";
import { apiTimestamp } from "./timestamps";

/** Envelope fields every view of an execution shares (results, status). Absent values are left out, not null. */
export function executionFields(record: ExecutionRecord): Record<string, unknown> {
  return {
    execution_id: record.executionId,
    query_id: record.queryId,
    state: record.state,
    is_execution_finished: isTerminal(record.state),
    submitted_at: apiTimestamp(record.submittedAt),
    execution_started_at: apiTimestamp(record.startedAt),
    execution_ended_at: apiTimestamp(record.endedAt),
    expires_at: apiTimestamp(record.expiresAt),
    cancelled_at: apiTimestamp(record.cancelledAt),
  };
}

export function executionError(record: ExecutionRecord): Record<string, unknown> | undefined {
  if (record.state === STATES.failed) {
    return { type: "FAILED_TYPE_EXECUTION_FAILED", message: record.errorMessage ?? "execution failed" };
  }
  if (record.resultDamaged) return { type: "FAILED_TYPE_RESULT_DAMAGED", message: damagedMessage(record.executionId) };
  if (record.state === STATES.expired) {
    return {
      type: "FAILED_TYPE_RESULT_EXPIRED",
      message: "The result of this execution has expired (results are kept 90 days); run the query again.",
    };
  }
  return undefined;
}

export interface PageMetadata {
  columnNames: string[];
  columnTypes: string[];
  rowCount: number;
  totalRowCount: number;
  resultSetBytes: number;
}

export function metadataFields(record: ExecutionRecord, page: PageMetadata): Record<string, unknown> {
  const pending = record.startedAt !== undefined ? record.startedAt - record.submittedAt : 0;
  const executing =
    record.endedAt !== undefined && record.startedAt !== undefined ? record.endedAt - record.startedAt : 0;
  return {
    column_names: page.columnNames,
    column_types: page.columnTypes,
    datapoint_count: page.rowCount * page.columnNames.length,
    execution_time_millis: executing,
    pending_time_millis: pending,
    result_set_bytes: page.resultSetBytes,
    row_count: page.rowCount,
    total_result_set_bytes: record.resultBytes ?? 0,
    total_row_count: page.totalRowCount,
  };
}

/** What a damaged stored result is called, in the status and in the refusal of its rows. */
export function damagedMessage(executionId: string): string {
  return `The stored result of execution ${executionId} is damaged; run the query again.`;
}
