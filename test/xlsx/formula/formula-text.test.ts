import { classifyArgument } from "../../../src/xlsx/formula/arguments";
import { findServiceCalls } from "../../../src/xlsx/formula/service-calls";
import { shiftReferences } from "../../../src/xlsx/formula/shift-references";

describe("arguments", () => {
  test.each([
    ['"dex"', { kind: "literal", value: "dex" }],
    ['"say ""hi"""', { kind: "literal", value: 'say "hi"' }],
    ["1001", { kind: "literal", value: 1001 }],
    ["-2.5e3", { kind: "literal", value: -2500 }],
    ["true", { kind: "literal", value: true }],
    ["", { kind: "literal", value: null }],
    ["#N/A", { kind: "literal", value: { error: "#N/A" } }],
    ["B1", { kind: "reference", ref: "B1" }],
    [" $B$1 ", { kind: "reference", ref: "$B$1" }],
    ["Inputs!C3", { kind: "reference", sheet: "Inputs", ref: "C3" }],
    ["'My ''Inputs'''!C3", { kind: "reference", sheet: "My 'Inputs'", ref: "C3" }],
    ["Params!A1:B4", { kind: "range", sheet: "Params", ref: "A1:B4" }],
    ["A:A", { kind: "range", ref: "A:A" }],
    ["2:4", { kind: "range", ref: "2:4" }],
    ["TAX2024", { kind: "reference", ref: "TAX2024" }],
    ["XFE1", { kind: "expression" }],
    ["Period", { kind: "expression" }],
    ["EOMONTH(TODAY(),-1)", { kind: "expression" }],
    ["A1#", { kind: "expression" }],
    ["Table1[Col]", { kind: "expression" }],
    ['"a"&B1', { kind: "expression" }],
  ])("%s", (text, expected) => {
    expect(classifyArgument(text)).toMatchObject(expected);
  });
});

describe("a shared formula moved to another cell", () => {
  test.each([
    ["A1+B2", 1, 0, "A2+B3"],
    ["$A$1+A$1+$A1", 2, 3, "$A$1+D$1+$A3"],
    ['SUM(Sheet2!B2:C3)&"A1"', 1, 1, 'SUM(Sheet2!C3:D4)&"A1"'],
    ["'My Sheet'!A1*LOG10(B1)", 1, 0, "'My Sheet'!A2*LOG10(B2)"],
    ["SUM(A:A,2:3)", 1, 1, "SUM(B:B,3:4)"],
    ["Table1[[#This Row],[A1]]+A1", 1, 0, "Table1[[#This Row],[A1]]+A2"],
    ["_xlfn.ANCHORARRAY(C2)", 0, 1, "_xlfn.ANCHORARRAY(D2)"],
    ["A1-1.5E+3+TRUE", 1, 0, "A2-1.5E+3+TRUE"],
    ["A1", -1, 0, "#REF!"],
    ['_xldudf_SERVICE_QUERY(1001,"symbol",E7)', 1, 0, '_xldudf_SERVICE_QUERY(1001,"symbol",E8)'],
  ])("%s moved by (%i, %i)", (formula, rows, columns, expected) => {
    expect(shiftReferences(formula, rows, columns)).toBe(expected);
  });
});

describe("SERVICE calls in a formula", () => {
  test("one call that is the whole formula", () => {
    const [call] = findServiceCalls('_xldudf_SERVICE_DATASET("dex","ethereum",B1,Params!A1:B3)');
    expect(call).toMatchObject({ function: "DATASET", storedName: "DATASET", whole: true });
    expect(call.args.map((a) => a.kind)).toEqual(["literal", "literal", "reference", "range"]);
  });

  test("names in any case; nested calls; unknown names reported, never guessed", () => {
    const calls = findServiceCalls(
      'IFERROR(_xldudf_service_results(_XLDUDF_SERVICE_STATUS("01HX",TRUE)),_xldudf_SERVICE_LINEAGE(A1))',
    );
    expect(calls.map((c) => [c.function, c.storedName, c.whole])).toEqual([
      ["RESULTS", "results", false],
      ["STATUS", "STATUS", false],
      [null, "LINEAGE", false],
    ]);
    expect(calls[0].args).toEqual([{ kind: "expression", text: '_XLDUDF_SERVICE_STATUS("01HX",TRUE)' }]);
  });

  test("text that only looks like a call is not one", () => {
    expect(findServiceCalls('"_xldudf_SERVICE_DATASET(1)"&my_xldudf_SERVICE_QUERY(1)')).toEqual([]);
    expect(findServiceCalls("_xldudf_SERVICE_QUERY()")[0].args).toEqual([]);
    expect(findServiceCalls("_xldudf_SERVICE_QUERY(1,,3)")[0].args.map((a) => a.kind === "literal" && a.value)).toEqual(
      [1, null, 3],
    );
  });
});
