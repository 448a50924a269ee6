import * as client from "../../src/client";
import * as session from "../../src/session";
import * as serviceCells from "../../src/service-cells";
import * as sheet from "../../src/sheet";
import { cellFailure } from "../../src/service-cells";
import { served, toCustomFunctionsError } from "../../src/functions/custom-functions-error";
import { CustomFunctionsError, ErrorCode } from "../../src/playground/custom-functions";

/**
 * A bare #VALUE! (an error value without a message) tells the user nothing: every error a SERVICE function can meet
 * shows #VALUE! or #N/A (the two codes Excel shows a message on) with words, even when the error itself has none.
 */
const api = { Error: CustomFunctionsError, ErrorCode } as never;

/** Every error class the functions' modules export, by the `kind` each class names itself with. */
function errorKinds(): { name: string; kinds: string[] }[] {
  const found = new Map<string, string[]>();
  for (const module of [client, session, serviceCells, sheet] as Record<string, unknown>[]) {
    for (const value of Object.values(module)) {
      if (typeof value !== "function" || !Object.prototype.hasOwnProperty.call(value, "kind")) continue;
      const kinds: string[] = [];
      for (let c: unknown = value; typeof c === "function" && c !== Error; c = Object.getPrototypeOf(c)) {
        if (Object.prototype.hasOwnProperty.call(c, "kind")) kinds.push((c as unknown as { kind: string }).kind);
      }
      found.set(kinds[0]!, kinds);
    }
  }
  return [...found.entries()].map(([name, kinds]) => ({ name, kinds }));
}

describe("no error without a message", () => {
  const kinds = errorKinds();
  it("finds the error classes it checks", () => {
    expect(kinds.map((k) => k.name)).toEqual(
      expect.arrayContaining(["CreditLimitError", "UnauthorizedError", "BadRequestError", "OverCapError"]),
    );
  });

  it.each(kinds)("$name with empty texts (as another realm sees it) still has words in the cell", ({ kinds }) => {
    const error = {
      isServiceError: true,
      kinds,
      code: "X",
      name: kinds[0],
      message: "",
      userMessage: "",
      serverMessage: "",
      status: 400,
      state: "",
    };
    const value = toCustomFunctionsError(error, api) as unknown as CustomFunctionsError;
    expect(["#VALUE!", "#N/A"]).toContain(value.code);
    expect(value.message?.trim()).toBeTruthy();
  });

  it.each([[undefined], [null], [""], ["text"], [new Error("")], [{}], [42]])(
    "a thrown %p is a #VALUE! with words",
    (thrown) => {
      const failure = cellFailure(thrown);
      expect(failure.code).toBe("invalidValue");
      expect(failure.message).toBe("Unexpected error in the SERVICE function.");
    },
  );

  it("an exception escaping a function's body becomes the cell's failure, not a bare #VALUE!", () => {
    const values: unknown[] = [];
    const invocation = { setResult: (value: unknown) => void values.push(value) };
    (globalThis as { CustomFunctions?: unknown }).CustomFunctions = { Error: CustomFunctionsError, ErrorCode };
    try {
      served(invocation as never, () => {
        throw new client.NetworkError({ transient: true });
      });
    } finally {
      delete (globalThis as { CustomFunctions?: unknown }).CustomFunctions;
    }
    expect(values).toHaveLength(1);
    expect(values[0]).toMatchObject({ code: "#N/A", message: expect.stringMatching(/\S/) });
  });
});
