import { ServiceError, serviceErrorGuard } from "../client";

export const NOT_SIGNED_IN_MESSAGE = "Sign in from the Service task pane to use SERVICE functions";

/** `Session.client()` without a key. A ServiceError so `userMessageOf` and the pane's error display handle it. */
export class NotSignedInError extends ServiceError {
  static override readonly kind: string = "NotSignedInError";
  constructor() {
    super({ code: "NOT_SIGNED_IN", message: NOT_SIGNED_IN_MESSAGE, userMessage: NOT_SIGNED_IN_MESSAGE });
  }
}

/** Also true across realms (pane and functions frames), where `instanceof` fails. */
export const isNotSignedInError = serviceErrorGuard(NotSignedInError);
