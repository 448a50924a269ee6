/** The error codes of `CustomFunctions.ErrorCode`, with the values Excel shows. */
export const ErrorCode = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes whose custom message Excel shows (the others show the bare code). */
export const CODES_WITH_MESSAGE: readonly ErrorCodeValue[] = [ErrorCode.invalidValue, ErrorCode.notAvailable];

/** `CustomFunctions.Error`: a value a function returns (or sets) to show an error in its cell. */
export class CustomFunctionsError {
  readonly code: ErrorCodeValue;
  readonly message?: string;
  constructor(code: ErrorCodeValue, message?: string) {
    this.code = code;
    if (message !== undefined) this.message = message;
  }
}

export function isCustomFunctionsError(value: unknown): value is CustomFunctionsError {
  return (
    value instanceof CustomFunctionsError ||
    (typeof value === "object" &&
      value !== null &&
      typeof (value as { code?: unknown }).code === "string" &&
      Object.values(ErrorCode).includes((value as { code: ErrorCodeValue }).code))
  );
}

/** What a cell shows for a value: the code, with the message Excel would show beside it (tooltip). */
export function displayOf(value: unknown): string {
  if (!isCustomFunctionsError(value)) return String(value);
  return CODES_WITH_MESSAGE.includes(value.code) && value.message ? `${value.code} ${value.message}` : value.code;
}
