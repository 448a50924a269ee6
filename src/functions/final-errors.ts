import { isForbiddenError, isInvalidArgumentError, isNotFoundError, isUnauthorizedError } from "../client";
import { isNotSignedInError } from "../session";
import { isNotLoadedError } from "../service-cells";

/**
 * Failures that asking again would only repeat until the user acts (signs in, changes the key or the formula): pollers
 * and automatic refreshes stop on them. A change of session refreshes every cell anyway.
 */
export function isFinalError(error: unknown): boolean {
  return [
    isNotSignedInError,
    isUnauthorizedError,
    isForbiddenError,
    isNotFoundError,
    isInvalidArgumentError,
    // Not loaded until someone chooses to load it: retrying by itself would spend what nobody agreed to.
    isNotLoadedError,
  ].some((is) => is(error));
}
