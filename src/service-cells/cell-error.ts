import {
  isBadRequestError,
  isCancelledError,
  isCreditLimitError,
  isExecutionFailedError,
  isExecutionPendingError,
  isForbiddenError,
  isInvalidArgumentError,
  isNetworkError,
  isNotFoundError,
  isPartialResultError,
  isRateLimitedError,
  isServerError,
  isServiceError,
  isTimeoutError,
  isUnauthorizedError,
  shorten,
} from "../client";
import { isSheetLimitError } from "../sheet";
import { NOT_SIGNED_IN_MESSAGE, isBudgetHeldError, isNotSignedInError, isOverCapError } from "../session";
import { isSpillTooLargeError } from "./spill-limit";
import { isNotLoadedError } from "./not-loaded";

/**
 * What a cell shows for a failure. #VALUE! when the user has something to change (sign-in, key, dataset,
 * option, filter, size); #N/A when the data is not available right now (network, rate limit, not found, still
 * running, failed run). Only these two codes show a custom message in Excel.
 */
export interface CellFailure {
  code: "invalidValue" | "notAvailable";
  message: string;
}

/** Excel shows the message in the cell's error tooltip; long text is cut there anyway. */
const MAX_MESSAGE = 255;

const INVALID_KEY = "Invalid API key: sign in again from the Service task pane.";
const PARTIAL =
  'The stored result is partial (it was too large when the query ran). Add "allow_partial_results=true" to get the rows that were kept.';

function cut(text: string): string {
  return shorten(text, MAX_MESSAGE);
}

/** Every failure a SERVICE function can meet, in the order they are told apart (first match wins). */
const RULES: readonly [(e: unknown) => boolean, "invalidValue" | "notAvailable", (e: unknown) => string][] = [
  [isNotSignedInError, "invalidValue", () => NOT_SIGNED_IN_MESSAGE],
  // Not an error of the data: nothing was fetched, and the message says what loading it costs.
  [isNotLoadedError, "notAvailable", (e) => (e as Error).message],
  // A gateway's words (a token it does not know or has revoked, and who issues a new one) over our generic advice.
  [isUnauthorizedError, "invalidValue", (e) => (e as { ownWords?: string }).ownWords ?? INVALID_KEY],
  // The server's reason (paid plan only, archived query, permissions) when it gave one.
  [
    isForbiddenError,
    "invalidValue",
    (e) =>
      (e as { serverMessage?: string }).serverMessage
        ? (e as { userMessage: string }).userMessage
        : "This API key may not read that (the query must be public or your team's).",
  ],
  // Credits are the user's money: say which limit and what to do, never "try again"; a gateway's refusal names the
  // person's or the team's budget and when it resets, in its own words.
  [isCreditLimitError, "invalidValue", (e) => (e as { userMessage: string }).userMessage],
  // Over the cell's cap per request: narrow it or raise the cap.
  [isOverCapError, "invalidValue", (e) => (e as { userMessage: string }).userMessage],
  [isBudgetHeldError, "notAvailable", (e) => (e as { userMessage: string }).userMessage],
  [isPartialResultError, "invalidValue", () => PARTIAL],
  [isSpillTooLargeError, "invalidValue", (e) => (e as Error).message],
  [isSheetLimitError, "invalidValue", (e) => (e as Error).message],
  [isInvalidArgumentError, "invalidValue", (e) => (e as Error).message],
  // The service's own words: they name the parameter and the position of the fault ("filters: ... at position 7").
  [isBadRequestError, "invalidValue", (e) => (e as { serverMessage?: string }).serverMessage ?? "Bad request."],
  [
    isRateLimitedError,
    "notAvailable",
    (e) =>
      (e as { ownWords?: string }).ownWords ??
      `Rate limited by the service. ${(e as { userMessage: string }).userMessage}`,
  ],
  [isNotFoundError, "notAvailable", (e) => (e as { userMessage: string }).userMessage],
  [
    isExecutionPendingError,
    "notAvailable",
    (e) =>
      `The query is still running (${String((e as { state: string }).state).replace("QUERY_STATE_", "")}); the result appears here when it finishes.`,
  ],
  [isExecutionFailedError, "notAvailable", (e) => (e as { userMessage: string }).userMessage],
  [isCancelledError, "notAvailable", () => "The execution was cancelled."],
  [isNetworkError, "notAvailable", (e) => (e as { userMessage: string }).userMessage],
  [isTimeoutError, "notAvailable", (e) => (e as { userMessage: string }).userMessage],
  [isServerError, "notAvailable", (e) => (e as { userMessage: string }).userMessage],
  [isServiceError, "notAvailable", (e) => (e as { userMessage: string }).userMessage],
];

const UNEXPECTED = "Unexpected error in the SERVICE function.";

/**
 * When a failure's own text is empty (a server that refused with `{"error": ""}`, an error made without words), the
 * cell still says something true: who refused, with which status. A bare #VALUE! tells the user nothing.
 */
function wordless(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number"
    ? `The service (or the relay in front of it) refused this request with status ${status} and gave no reason.`
    : UNEXPECTED;
}

/** Never the raw message of an unknown error: it could carry anything, a key included. Never an empty message. */
export function cellFailure(error: unknown): CellFailure {
  for (const [matches, code, message] of RULES) {
    if (!matches(error)) continue;
    const text = cut(message(error) ?? "");
    return { code, message: text.trim() === "" ? wordless(error) : text };
  }
  return { code: "invalidValue", message: UNEXPECTED };
}
