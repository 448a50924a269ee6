import { isForbiddenError, isInvalidArgumentError, isNotFoundError, isUnauthorizedError } from "../client";
import { isNotSignedInError } from "../session";

/**
 * Failures that asking again would only repeat until the user acts (signs in, changes the key or the formula): pollers
 * and automatic refreshes stop on them. A change of session refreshes every cell anyway.
 */
export function isFinalError(error: unknown): boolean {
  return [isNotSignedInError, isUnauthorizedError, isForbiddenError, isNotFoundError, isInvalidArgumentError].some(
    (is) => is(error),
  );
}
