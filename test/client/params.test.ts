import { InvalidArgumentError, type ResultParams, canonicalParams } from "../../src/client";
import { columnsText, pickResultParams, toSearchParams } from "../../src/client/params";

describe("shared parameters", () => {
  it.each([
    [{}, ""],
    [{ limit: 10, offset: 20 }, "limit=10&offset=20"],
    [{ columns: ["a", " b ", ""] }, "columns=a%2Cb"],
    [{ columns: "a, b" }, "columns=a%2Cb"],
    [{ filters: "x > 1 and y = 'a b'" }, "filters=x+%3E+1+and+y+%3D+%27a+b%27"],
    [{ sort_by: "x desc" }, "sort_by=x+desc"],
    [{ sample_count: 5 }, "sample_count=5"],
    [
      { allow_partial_results: true, ignore_max_datapoints_per_request: false },
      "allow_partial_results=true&ignore_max_datapoints_per_request=false&ignore_max_credits_per_request=false",
    ],
    // The per-request guard goes under both its names: the service honours the one it knows, ignores the other.
    [
      { ignore_max_credits_per_request: true },
      "ignore_max_datapoints_per_request=true&ignore_max_credits_per_request=true",
    ],
    [
      { ignore_max_datapoints_per_request: true, ignore_max_credits_per_request: true },
      "ignore_max_datapoints_per_request=true&ignore_max_credits_per_request=true",
    ],
  ])("%j → %s", (params, expected) => {
    expect(toSearchParams(params).toString()).toBe(expected);
  });

  it.each([
    [{ limit: -1 }, "limit"],
    [{ offset: 1.5 }, "offset"],
    [{ sample_count: 3, limit: 2 }, "sample_count cannot be combined with limit"],
    [{ sample_count: 3, filters: "a = 1" }, "filters"],
    [{ allow_partial_results: "yes" as unknown as boolean }, "true or false"],
    [
      { ignore_max_credits_per_request: 1 as unknown as boolean },
      "ignore_max_credits_per_request must be true or false",
    ],
    [
      { ignore_max_credits_per_request: true, ignore_max_datapoints_per_request: false },
      "are one guard under two names",
    ],
  ])("refuses %j", (params, text) => {
    expect(() => toSearchParams(params)).toThrow(InvalidArgumentError);
    expect(() => toSearchParams(params)).toThrow(text);
  });

  it("the guard's two names are one canonical parameter (one cache entry), the 2026 name", () => {
    expect(canonicalParams({ ignore_max_datapoints_per_request: true, limit: 5 })).toEqual({
      limit: 5,
      ignore_max_credits_per_request: true,
    });
    expect(canonicalParams({ ignore_max_credits_per_request: true, limit: 5 })).toEqual(
      canonicalParams({ ignore_max_datapoints_per_request: true, limit: 5 }),
    );
    expect(pickResultParams({ ignore_max_credits_per_request: true, signal: undefined } as ResultParams)).toEqual({
      ignore_max_credits_per_request: true,
    });
  });

  it("empty column lists mean all columns", () => {
    expect(columnsText([])).toBeUndefined();
    expect(columnsText(" , ")).toBeUndefined();
  });
});
