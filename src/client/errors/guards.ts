import { ServiceError } from "./service-error";
import {
  BadRequestError,
  CreditLimitError,
  ForbiddenError,
  HttpError,
  NoResultError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
} from "./http-errors";
import { ExecutionFailedError, ExecutionPendingError, PartialResultError } from "./execution-errors";
import { CancelledError, InvalidArgumentError, InvalidResponseError, NetworkError, TimeoutError } from "./local-errors";
import { RedirectError } from "./redirect";

/**
 * Type guards that also work across realms: an error made in the functions runtime and inspected in the pane fails
 * `instanceof`, so each guard also accepts an object marked as a service error whose class chain names the class.
 */
type ErrorClass<T> = (abstract new (...args: never[]) => T) & { kind: string };

/** The guard of one error class (and its subclasses); other modules make their own classes' guards with it. */
export function serviceErrorGuard<T>(ctor: ErrorClass<T>): (value: unknown) => value is T {
  return (value: unknown): value is T =>
    value instanceof ctor ||
    (typeof value === "object" &&
      value !== null &&
      (value as { isServiceError?: unknown }).isServiceError === true &&
      typeof (value as { code?: unknown }).code === "string" &&
      Array.isArray((value as { kinds?: unknown }).kinds) &&
      (value as { kinds: unknown[] }).kinds.includes(ctor.kind));
}

export const isServiceError = serviceErrorGuard(ServiceError);
export const isHttpError = serviceErrorGuard(HttpError);
export const isBadRequestError = serviceErrorGuard(BadRequestError);
export const isUnauthorizedError = serviceErrorGuard(UnauthorizedError);
export const isForbiddenError = serviceErrorGuard(ForbiddenError);
export const isCreditLimitError = serviceErrorGuard(CreditLimitError);
export const isNotFoundError = serviceErrorGuard(NotFoundError);
export const isNoResultError = serviceErrorGuard(NoResultError);
export const isRateLimitedError = serviceErrorGuard(RateLimitedError);
export const isServerError = serviceErrorGuard(ServerError);
export const isPartialResultError = serviceErrorGuard(PartialResultError);
export const isNetworkError = serviceErrorGuard(NetworkError);
export const isTimeoutError = serviceErrorGuard(TimeoutError);
export const isCancelledError = serviceErrorGuard(CancelledError);
export const isExecutionFailedError = serviceErrorGuard(ExecutionFailedError);
export const isExecutionPendingError = serviceErrorGuard(ExecutionPendingError);
export const isInvalidArgumentError = serviceErrorGuard(InvalidArgumentError);
export const isInvalidResponseError = serviceErrorGuard(InvalidResponseError);
export const isRedirectError = serviceErrorGuard(RedirectError);

/** The short text to put in a cell or the pane, for any thrown value. */
export function userMessageOf(error: unknown): string {
  if (isServiceError(error)) return error.userMessage;
  return "Unexpected error.";
}
