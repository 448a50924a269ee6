import { ServiceError } from "./service-error";
import {
  BadRequestError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
} from "./http-errors";
import { ExecutionFailedError, ExecutionPendingError, PartialResultError } from "./execution-errors";
import { CancelledError, InvalidArgumentError, InvalidResponseError, NetworkError, TimeoutError } from "./local-errors";

/**
 * Type guards that also work across realms: an error made in the functions runtime and inspected in the pane
 * fails `instanceof`, so each guard also accepts an object whose `name` is the class name or a subclass name.
 */
type Ctor<T> = abstract new (...args: never[]) => T;

function guard<T>(ctor: Ctor<T>, names: readonly string[]): (value: unknown) => value is T {
  return (value: unknown): value is T =>
    value instanceof ctor ||
    (typeof value === "object" &&
      value !== null &&
      names.includes(String((value as { name?: unknown }).name)) &&
      typeof (value as { code?: unknown }).code === "string");
}

const HTTP_NAMES = [
  "HttpError",
  "BadRequestError",
  "UnauthorizedError",
  "ForbiddenError",
  "NotFoundError",
  "RateLimitedError",
  "ServerError",
] as const;
const LOCAL_NAMES = [
  "NetworkError",
  "TimeoutError",
  "CancelledError",
  "ExecutionFailedError",
  "ExecutionPendingError",
  "InvalidArgumentError",
  "InvalidResponseError",
  "PartialResultError",
] as const;

export const isServiceError = guard(ServiceError, ["ServiceError", ...HTTP_NAMES, ...LOCAL_NAMES]);
export const isHttpError = guard(HttpError, HTTP_NAMES);
export const isBadRequestError = guard(BadRequestError, ["BadRequestError"]);
export const isUnauthorizedError = guard(UnauthorizedError, ["UnauthorizedError"]);
export const isForbiddenError = guard(ForbiddenError, ["ForbiddenError"]);
export const isNotFoundError = guard(NotFoundError, ["NotFoundError"]);
export const isRateLimitedError = guard(RateLimitedError, ["RateLimitedError"]);
export const isServerError = guard(ServerError, ["ServerError"]);
export const isPartialResultError = guard(PartialResultError, ["PartialResultError"]);
export const isNetworkError = guard(NetworkError, ["NetworkError"]);
export const isTimeoutError = guard(TimeoutError, ["TimeoutError"]);
export const isCancelledError = guard(CancelledError, ["CancelledError"]);
export const isExecutionFailedError = guard(ExecutionFailedError, ["ExecutionFailedError"]);
export const isExecutionPendingError = guard(ExecutionPendingError, ["ExecutionPendingError"]);
export const isInvalidArgumentError = guard(InvalidArgumentError, ["InvalidArgumentError"]);
export const isInvalidResponseError = guard(InvalidResponseError, ["InvalidResponseError"]);

/** The short text to put in a cell or the pane, for any thrown value. */
export function userMessageOf(error: unknown): string {
  if (isServiceError(error)) return error.userMessage;
  return "Unexpected error.";
}
