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
