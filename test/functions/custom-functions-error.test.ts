import { NetworkError } from "../../src/client";
import { toCustomFunctionsError } from "../../src/functions/custom-functions-error";
import { CustomFunctionsError, ErrorCode } from "../../src/playground/custom-functions";
import { NotSignedInError } from "../../src/session";

/** A cell's failure (service-cells' cellFailure) becomes the custom-functions namespace's Error only at the boundary. */
describe("errors in the cell, as the custom functions throw them", () => {
  it("toCustomFunctionsError makes the namespace's Error with #VALUE! or #N/A", () => {
    const api = { Error: CustomFunctionsError, ErrorCode };
    const value = toCustomFunctionsError(new NotSignedInError(), api as never) as unknown as CustomFunctionsError;
    expect(value).toBeInstanceOf(CustomFunctionsError);
    expect(value.code).toBe("#VALUE!");
    const na = toCustomFunctionsError(
      new NetworkError({ transient: false }),
      api as never,
    ) as unknown as CustomFunctionsError;
    expect(na.code).toBe("#N/A");
  });
});
