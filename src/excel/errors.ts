/** The target area already holds data; we never overwrite a user's cells silently. */
export class TargetNotEmptyError extends Error {
  override readonly name = "TargetNotEmptyError";
  constructor(readonly address: string) {
    super(`The cells at ${address} are not empty. Choose an empty area or a new sheet, or allow overwriting.`);
  }
}

/** A bound table could not be refreshed as it is. */
export class BindingError extends Error {
  override readonly name = "BindingError";
  constructor(
    readonly reason: "table-missing" | "columns-changed" | "save-failed" | "cannot-resize",
    message: string,
  ) {
    super(message);
  }
}
