import {
  EXECUTE_BODY_FIELDS,
  RESULT_PARAM_NAMES,
  readWholeNumber,
  wholeNumberProblem,
} from "../../../src/canonical-params";
import { wholeNumberParam } from "../../../src/service/http/query-values";
import { EXECUTE_BODY_SCHEMA, RESULT_QUERY_SCHEMA } from "../../../src/service/http/route-schemas";

/** One reading of priced inputs for the service and the gateway: the canonical form is read alike by both. */
describe("whole numbers", () => {
  test.each<[string, number | undefined, boolean]>([
    ["0", 0, true],
    ["999000", 999_000, true],
    ["0000000000000000999000", 999_000, false],
    ["010", 10, false],
    ["9007199254740991", Number.MAX_SAFE_INTEGER, true],
    ["9007199254740993", 9007199254740992, false],
    ["", undefined, false],
    ["1e3", undefined, false],
    [" 7", undefined, false],
    ["0x10", undefined, false],
  ])("%j: the service reads %p; canonical: %p", (text, value, canonical) => {
    expect(readWholeNumber(text)).toBe(value);
    expect(wholeNumberProblem(text) === undefined).toBe(canonical);
    // The service reads with the same rule (its range checked on top).
    if (value !== undefined && value <= Number.MAX_SAFE_INTEGER) expect(wholeNumberParam("offset", text)).toBe(value);
  });
});

test("the service's route schemas declare exactly the names the gateway lets through", () => {
  const declared = Object.keys((RESULT_QUERY_SCHEMA as { properties: object }).properties).filter(
    (n) => n !== "api_key",
  );
  expect(declared.sort()).toEqual([...RESULT_PARAM_NAMES].sort());
  expect(Object.keys((EXECUTE_BODY_SCHEMA as { properties: object }).properties).sort()).toEqual(
    [...EXECUTE_BODY_FIELDS].sort(),
  );
});
