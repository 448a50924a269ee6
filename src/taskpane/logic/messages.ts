import {
  isCancelledError,
  isNetworkError,
  isServiceError,
  isTimeoutError,
  isUnauthorizedError,
  shorten,
} from "../../client";
import { isNotSignedInError } from "../../session";

/**
 * The one line the pane shows for a failure: something the user can act on. Client errors already carry such
 * a line (`userMessage`, the server's message included, never the key); the rest are our own Excel errors
 * (TargetNotEmptyError, BindingError, sheet limits) whose messages are written for users too.
 */
export function paneMessage(error: unknown): string {
  if (isNotSignedInError(error)) return "Sign in first: enter your API key under Account.";
  if (isUnauthorizedError(error)) return error.ownWords ?? "The API key was refused; check it under Account.";
  if (isNetworkError(error) && error.likelyCors) return error.userMessage;
  if (isNetworkError(error))
    return "Cannot reach the service; check your connection and the service address (Account › Advanced).";
  if (isTimeoutError(error)) return error.userMessage;
  if (isCancelledError(error)) return "Cancelled.";
  if (isServiceError(error)) return error.userMessage;
  if (error instanceof Error && error.message) return oneLine(error.message);
  return "Something went wrong; try again.";
}

function oneLine(text: string): string {
  return shorten(text, 240);
}

/** What the pane says while the client waits out the service's rate limit (a 429) before going on. */
export function rateLimitWaitMessage(waitMs: number, rowsSoFar?: number): string {
  const seconds = Math.max(1, Math.round(waitMs / 1000));
  const sofar = rowsSoFar ? ` (${rowsSoFar.toLocaleString("en-US")} rows so far)` : "";
  return (
    `The service's rate limit was reached: waiting ${seconds} s, then going on one request at a time${sofar}. ` +
    "Nothing is lost; a higher plan allows more requests per minute."
  );
}
