/**
 * Errors shaped like Office.js's `OfficeExtension.Error` (name "RichApi.Error", a `code` from
 * `Excel.ErrorCodes`, `debugInfo`), so code that branches on `error.code` behaves the same here.
 */
export type EmulatedErrorCode =
  | "RequestPayloadSizeLimitExceeded"
  | "ResponsePayloadSizeLimitExceeded"
  | "PropertyNotLoaded"
  | "InvalidArgument"
  | "InvalidOperation"
  | "InvalidReference"
  | "InvalidObjectPath"
  | "ItemNotFound"
  | "ItemAlreadyExists"
  | "InsertDeleteConflict"
  | "NonBlankCellOffSheet"
  | "FormulaLengthExceedsLimit"
  | "GeneralException";

export class EmulatedOfficeError extends Error {
  override readonly name = "RichApi.Error";
  readonly debugInfo: { code: string; message: string; errorLocation?: string };
  constructor(
    readonly code: EmulatedErrorCode,
    message: string,
    errorLocation?: string,
  ) {
    super(message);
    this.debugInfo = { code, message, errorLocation };
  }
}

export function officeError(code: EmulatedErrorCode, message: string, errorLocation?: string): EmulatedOfficeError {
  return new EmulatedOfficeError(code, message, errorLocation);
}
