import { ExecutionFailedError, ExecutionPendingError } from "../errors/execution-errors";
import { CancelledError, InvalidResponseError } from "../errors/local-errors";
import type { Envelope, ExecutionState } from "../types";
import { isCancelledState } from "../polling/states";
import { offsetFromUri } from "./plan";
import type { RawPage } from "./raw-page";

/**
 * A result envelope (E2, E6–E11) as a page of rows, or the error its state means: FAILED/EXPIRED →
 * ExecutionFailedError, cancelled (either spelling) → CancelledError, not finished → ExecutionPendingError.
 * Row objects are turned into arrays here and not kept.
 */
export function envelopeToRawPage(envelope: Envelope, method: string, path: string): RawPage {
  const executionId = envelope.execution_id ?? "";
  const state = envelope.state;
  const result = envelope.result;
  if (!result || !result.metadata || !Array.isArray(result.rows)) {
    if (state === "QUERY_STATE_FAILED" || state === "QUERY_STATE_EXPIRED") {
      throw new ExecutionFailedError({ method, path, executionId, state, error: envelope.error });
    }
    if (isCancelledState(state)) throw new CancelledError({ method, path, executionId });
    if (envelope.is_execution_finished === false) {
      throw new ExecutionPendingError({
        method,
        path,
        executionId,
        state: state ?? ("QUERY_STATE_PENDING" as ExecutionState),
      });
    }
    if (envelope.error) {
      throw new ExecutionFailedError({
        method,
        path,
        executionId,
        state: state ?? "QUERY_STATE_FAILED",
        error: envelope.error,
      });
    }
    throw new InvalidResponseError({ method, path, detail: "envelope has no result" });
  }

  const { metadata, rows } = result;
  const columns = metadata.column_names;
  const width = columns.length;
  const matrix = new Array<unknown[]>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const values = new Array<unknown>(width);
    for (let c = 0; c < width; c++) {
      const value = row[columns[c]!];
      values[c] = value === undefined ? null : value;
    }
    matrix[r] = values;
  }
  const page: RawPage = {
    columns,
    types: metadata.column_types ?? columns.map(() => "unknown"),
    typesInferred: false,
    rows: matrix,
    partial: state === "QUERY_STATE_COMPLETED_PARTIAL",
  };
  const nextOffset = envelope.next_offset ?? offsetFromUri(envelope.next_uri);
  if (nextOffset !== undefined && nextOffset !== null) page.nextOffset = nextOffset;
  if (metadata.total_row_count !== undefined) page.totalRowCount = metadata.total_row_count;
  if (state !== undefined) page.state = state;
  if (executionId) page.executionId = executionId;
  if (envelope.execution_ended_at) page.endedAt = envelope.execution_ended_at;
  if (envelope.expires_at) page.expiresAt = envelope.expires_at;
  if (typeof envelope.query_id === "number" && envelope.query_id > 0) page.queryId = envelope.query_id;
  return page;
}
