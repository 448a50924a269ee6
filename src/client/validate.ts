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

/**
 * Characters a path segment taken from an argument may hold: URL's unreserved characters, which need no encoding.
 * Ids the service issues (ULIDs, numbers) and dataset arguments use nothing else. Anything more is refused rather
 * than encoded: a `/`, `?` or `#` would change the request, and an encoded dot (`%2E%2E`) is resolved as a dot
 * segment by URL parsers and servers alike (RFC 3986, section 6.2.2.2).
 */
const SEGMENT_CHARACTERS = /^[A-Za-z0-9._~-]+$/;

/**
 * One path segment taken from an argument (an execution id, a dataset's argument), checked: the one place the client
 * puts a caller's value into a path, so the add-in, the refresh and the pane are covered alike. `.` and `..` are dot
 * segments a URL resolves away (`/v1/execution/../results` is `/v1/results`), so they are refused too.
 */
export function segment(value: string, what = "id"): string {
  const shown = JSON.stringify(value);
  if (value === "." || value === "..") {
    throw new InvalidArgumentError(
      `${what} cannot be ${shown}: it would name another address of the service, not one ${what}`,
    );
  }
  if (!SEGMENT_CHARACTERS.test(value)) {
    throw new InvalidArgumentError(
      `${what} ${value.trim() === "" ? "is empty" : `${shown} is not valid`}: it may hold only letters, digits and - _ . ~`,
    );
  }
  return value;
}

/** Execution ids are opaque strings (ULIDs here): a non-empty string of the characters a path segment may hold. */
export function checkExecutionId(executionId: unknown): string {
  if (typeof executionId !== "string" || executionId.trim() === "") {
    throw new InvalidArgumentError(
      `execution id must be a non-empty string; got ${JSON.stringify(executionId) ?? String(executionId)}`,
    );
  }
  return segment(executionId.trim(), "execution id");
}
