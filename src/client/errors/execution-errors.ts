import type { ExecutionError, ExecutionState } from "../types";
import { ServiceError, describeRequest, shorten } from "./service-error";

interface RequestInfo {
  method?: string;
  path?: string;
  cause?: unknown;
}

/** The execution ended FAILED (with the server's `error`) or EXPIRED. */
export class ExecutionFailedError extends ServiceError {
  static override readonly kind: string = "ExecutionFailedError";
  readonly executionId: string;
  readonly state: ExecutionState;
  readonly executionError?: ExecutionError;
  constructor(init: RequestInfo & { executionId: string; state: ExecutionState; error?: ExecutionError }) {
    const expired = init.state === "QUERY_STATE_EXPIRED";
    const detail = withPosition(init.error);
    super({
      ...init,
      code: expired ? "EXECUTION_EXPIRED" : "EXECUTION_FAILED",
      message: `execution ${init.executionId} ended in ${init.state}${detail ? `: ${detail}` : ""}`,
      serverMessage: detail,
      userMessage: expired
        ? "The result has expired; run the query again."
        : shorten(`Query failed${detail ? `: ${detail}` : "."}`),
    });
    this.executionId = init.executionId;
    this.state = init.state;
    if (init.error !== undefined) this.executionError = init.error;
  }
}

/** The server's message, with the error's line and column in front when the message does not already say them. */
function withPosition(error: ExecutionError | undefined): string | undefined {
  if (!error?.message) return undefined;
  const position = error.metadata as { line?: unknown; column?: unknown } | undefined;
  const { line, column } = position ?? {};
  if (typeof line !== "number" || typeof column !== "number") return error.message;
  const said = new RegExp(`\\bline ${line}\\b`).test(error.message) && error.message.includes(String(column));
  return said ? error.message : `line ${line}, column ${column}: ${error.message}`;
}

/** Rows were asked for before the execution finished. */
export class ExecutionPendingError extends ServiceError {
  static override readonly kind: string = "ExecutionPendingError";
  readonly executionId: string;
  readonly state: ExecutionState;
  constructor(init: RequestInfo & { executionId: string; state: ExecutionState }) {
    super({
      ...init,
      code: "EXECUTION_PENDING",
      message: `execution ${init.executionId} has not finished (${init.state})`,
      userMessage: "The query is still running.",
    });
    this.executionId = init.executionId;
    this.state = init.state;
  }
}

/**
 * The stored result was truncated and partial results were not allowed: either the server refused rows
 * (a 4xx whose message names `allows_partial_results=true`) or `run` ended in COMPLETED_PARTIAL.
 * Not an HttpError subclass because the second case has no HTTP failure; `status` is set in the first.
 */
export class PartialResultError extends ServiceError {
  static override readonly kind: string = "PartialResultError";
  readonly executionId?: string;
  constructor(init: RequestInfo & { status?: number; serverMessage?: string; executionId?: string }) {
    const where = init.executionId ? `execution ${init.executionId}` : describeRequest(init.method, init.path);
    super({
      ...init,
      code: "PARTIAL_RESULT",
      message: `${where}: the result is partial${init.serverMessage ? `: ${init.serverMessage}` : " and partial results were not allowed"}`,
      userMessage:
        "The result is too large and only partially stored: allow partial results, or narrow it (columns, filters, limit).",
    });
    if (init.executionId !== undefined) this.executionId = init.executionId;
  }
}
