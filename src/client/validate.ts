import { InvalidArgumentError } from "./errors/local-errors";

/** Query ids are positive integers; a numeric string (from a cell) is accepted. */
export function checkQueryId(queryId: unknown): number {
  const value = typeof queryId === "string" && /^\s*\d+\s*$/.test(queryId) ? Number(queryId) : queryId;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) {
    throw new InvalidArgumentError(
      `query id must be a positive whole number; got ${JSON.stringify(queryId) ?? String(queryId)}`,
    );
  }
  return value;
}

/** Execution ids are opaque strings (ULIDs here); only emptiness is refused, the rest is encoded. */
export function checkExecutionId(executionId: unknown): string {
  if (typeof executionId !== "string" || executionId.trim() === "") {
    throw new InvalidArgumentError(
      `execution id must be a non-empty string; got ${JSON.stringify(executionId) ?? String(executionId)}`,
    );
  }
  return executionId.trim();
}

/** One path segment, encoded so an id can never add a segment or a query string. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
