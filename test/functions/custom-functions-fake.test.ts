import {
  CustomFunctionsError,
  ErrorCode,
  FakeCustomFunctionsRuntime,
  type FunctionMetadata,
  coerceArguments,
  displayOf,
  installCustomFunctions,
} from "../../src/playground/custom-functions";

const meta = (id: string, parameters: FunctionMetadata["parameters"], stream = true): FunctionMetadata => ({
  id,
  name: id,
  parameters,
  result: { dimensionality: "matrix" },
  options: stream ? { stream: true } : {},
});

/** The CustomFunctions runtime fake: what the playground runs for real and the function tests run on. */
describe("FakeCustomFunctionsRuntime", () => {
  it.each([
    [
      "an omitted optional argument arrives as null",
      [{ name: "a" }, { name: "b", optional: true }],
      ["x"],
      ["x", null],
    ],
    [
      "a scalar given to a matrix parameter arrives as 1×1",
      [{ name: "m", dimensionality: "matrix" as const }],
      [5],
      [[[5]]],
    ],
    ["a range given to a scalar parameter: its first value", [{ name: "s" }], [[[7, 8]]], [7]],
    [
      "repeating arguments arrive together, each coerced",
      [{ name: "name" }, { name: "rest", dimensionality: "matrix" as const, repeating: true, optional: true }],
      ["avs", "limit=1", [["a", 1]]],
      ["avs", [[["limit=1"]], [["a", 1]]]],
    ],
    [
      "no repeating arguments: an empty array",
      [{ name: "rest", repeating: true, dimensionality: "matrix" as const }],
      [],
      [[]],
    ],
  ])("%s", (_name, parameters, args, expected) => {
    expect(coerceArguments(meta("F", parameters), args)).toEqual(expected);
  });

  it("streams: results in order, waiting helpers, cancel calls onCanceled and drops later results", async () => {
    const cf = new FakeCustomFunctionsRuntime({ functions: [meta("TICK", [{ name: "start", type: "number" }])] });
    let canceled = 0;
    cf.associate("tick", (start: number, invocation: CustomFunctions.StreamingInvocation<number>) => {
      invocation.setResult(start);
      invocation.onCanceled = () => canceled++;
      setImmediate(() => invocation.setResult(start + 1));
    });
    const cell = cf.stream<number>("TICK", [41]);
    expect(cell.latest).toBe(41);
    await expect(cell.next()).resolves.toBe(42);
    await expect(cell.result(1)).resolves.toBe(41);
    cell.cancel();
    cell.cancel();
    cell.setResult(99);
    expect({ canceled, results: cell.results, late: cell.lateResults, live: cf.live().length }).toEqual({
      canceled: 1,
      results: [41, 42],
      late: 1,
      live: 0,
    });
  });

  it("associate takes a map too; ids are case-insensitive; unknown ids are #NAME?", () => {
    const cf = new FakeCustomFunctionsRuntime();
    cf.associate({ one: () => 1, Two: () => 2 });
    expect(cf.ids).toEqual(["ONE", "TWO"]);
    expect(() => cf.stream("THREE", [])).toThrow(/#NAME\?/);
  });

  it("exceptions: a thrown CustomFunctions.Error shows as itself, anything else as a bare #VALUE!", async () => {
    const cf = new FakeCustomFunctionsRuntime();
    cf.associate("BOOM", () => {
      throw new Error("detail that Excel does not show");
    });
    cf.associate("NA", () => {
      throw new CustomFunctionsError(ErrorCode.notAvailable, "why");
    });
    await expect(cf.call("BOOM", [])).resolves.toEqual(new CustomFunctionsError(ErrorCode.invalidValue));
    expect(cf.stream("BOOM", []).latest).toEqual(new CustomFunctionsError(ErrorCode.invalidValue));
    expect(displayOf(await cf.call("NA", []))).toBe("#N/A why");
  });

  it("metadata says which functions stream", () => {
    const cf = new FakeCustomFunctionsRuntime({ functions: [meta("PLAIN", [], false)] });
    cf.associate("PLAIN", () => 1);
    expect(() => cf.stream("PLAIN", [])).toThrow(/not a streaming function/);
  });

  it("displayOf: only #VALUE! and #N/A show their message", () => {
    expect(displayOf(new CustomFunctionsError(ErrorCode.invalidValue, "m"))).toBe("#VALUE! m");
    expect(displayOf(new CustomFunctionsError(ErrorCode.divisionByZero, "m"))).toBe("#DIV/0!");
    expect(displayOf(3)).toBe("3");
  });

  it("installCustomFunctions puts the namespace on globalThis and restores what was there", () => {
    const scope: { CustomFunctions?: unknown } = { CustomFunctions: "before" };
    const cf = new FakeCustomFunctionsRuntime();
    const restore = installCustomFunctions(cf, scope);
    expect(scope.CustomFunctions).toBe(cf.namespace);
    restore();
    expect(scope.CustomFunctions).toBe("before");
  });
});
