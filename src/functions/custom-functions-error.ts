import { cellFailure } from "../service-cells";

/** The global namespace as the boundary needs it (the real runtime's or the playground's fake). */
export interface CustomFunctionsErrorApi {
  Error: new (code: never, message?: string) => CustomFunctions.Error;
  ErrorCode: { invalidValue: unknown; notAvailable: unknown };
}

export function customFunctionsApi(): CustomFunctionsErrorApi {
  const api = (globalThis as { CustomFunctions?: CustomFunctionsErrorApi }).CustomFunctions;
  if (!api) throw new Error("CustomFunctions is not defined: not running in Excel's custom-functions runtime");
  return api;
}

/** Client errors become `CustomFunctions.Error` here and only here: elsewhere they stay the client's typed errors. */
export function toCustomFunctionsError(
  error: unknown,
  api: CustomFunctionsErrorApi = customFunctionsApi(),
): CustomFunctions.Error {
  const failure = cellFailure(error);
  return new api.Error(api.ErrorCode[failure.code] as never, failure.message);
}

/**
 * Runs a function's body for its invocation. An exception escaping a custom function is shown by Excel as a bare
 * #VALUE! (learn.microsoft.com/office/dev/add-ins/excel/custom-functions-errors: only a `CustomFunctions.Error` carries
 * a message), so nothing may escape: what does is the cell's failure, with words.
 */
export function served<T>(invocation: CustomFunctions.StreamingInvocation<T>, body: () => void): void {
  try {
    body();
  } catch (error) {
    invocation.setResult(toCustomFunctionsError(error) as never);
  }
}
