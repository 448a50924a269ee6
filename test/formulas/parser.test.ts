import { FormulaSyntaxError, parseFormula, printFormula, type FormulaNode } from "../../src/formulas";

/** The tree without positions, written compactly (references as column then row, 0-based). */
function shape(node: FormulaNode): unknown {
  switch (node.type) {
    case "number":
    case "string":
    case "boolean":
      return node.value;
    case "error":
      return { error: node.code };
    case "name":
      return { name: node.name };
    case "missing":
      return "∅";
    case "reference": {
      const end = (e: { row: number | null; column: number | null; rowAbsolute: boolean; columnAbsolute: boolean }) =>
        `${e.columnAbsolute ? "$" : ""}${e.column ?? ""}${e.rowAbsolute ? "$" : ""}${e.row ?? ""}`;
      return `${node.sheet === null ? "" : `[${node.sheet}]`}R(${end(node.start)}${node.end ? `:${end(node.end)}` : ""})`;
    }
    case "spill":
      return { spill: shape(node.anchor) };
    case "unary":
      return [node.op, shape(node.operand)];
    case "percent":
      return ["%", shape(node.operand)];
    case "binary":
      return [shape(node.left), node.op, shape(node.right)];
    case "call":
      return { [node.name]: node.args.map(shape) };
    case "array":
      return { array: node.rows.map((r) => r.map(shape)) };
  }
}

describe("parseFormula understands Excel's grammar", () => {
  test.each<[string, unknown]>([
    ["=1", 1],
    ["=1.5e3", 1500],
    [".5", 0.5],
    ['="a ""b"""', 'a "b"'],
    ["=TRUE", true],
    ["=false", false],
    ["=#N/A", { error: "#N/A" }],
    ["=#div/0!", { error: "#DIV/0!" }],
    ["=A1", "R(00)"],
    ["=$B$3", "R($1$2)"],
    ["=A1:B3", "R(00:12)"],
    ["=B:B", "R(1:1)"],
    ["=$B:D", "R($1:3)"],
    ["=2:2", "R(1:1)"],
    ["=$2:$5", "R($1:$4)"],
    ["=Sheet2!A1", "[Sheet2]R(00)"],
    ["='My sheet'!A1:B3", "[My sheet]R(00:12)"],
    ["='It''s'!C1", "[It's]R(20)"],
    ["=Sheet2!B:B", "[Sheet2]R(1:1)"],
    ["=A2#", { spill: "R(01)" }],
    ["=Data!A2#", { spill: "[Data]R(01)" }],
    ["=1+2*3", [1, "+", [2, "*", 3]]],
    ["=(1+2)*3", [[1, "+", 2], "*", 3]],
    ["=2^3^2", [[2, "^", 3], "^", 2]],
    ["=-2^2", [["-", 2], "^", 2]],
    ["=2^-1", [2, "^", ["-", 1]]],
    ["=50%", ["%", 50]],
    ["=-A1%", ["-", ["%", "R(00)"]]],
    ['="a"&1+2', ["a", "&", [1, "+", 2]]],
    ["=1+2=3", [[1, "+", 2], "=", 3]],
    ["=A1<>B1", ["R(00)", "<>", "R(10)"]],
    ["=A1<=1", ["R(00)", "<=", 1]],
    ["=SUM(A1:A3)", { SUM: ["R(00:02)"] }],
    ["=sum(1, 2)", { SUM: [1, 2] }],
    ["=IF(A1,,2)", { IF: ["R(00)", "∅", 2] }],
    ["=NOW()", { NOW: [] }],
    ["=F(,)", { F: ["∅", "∅"] }],
    ["=LOG10(100)", { LOG10: [100] }],
    ["=A1:INDEX(B:B,3)", ["R(00)", ":", { INDEX: ["R(1:1)", 3] }]],
    ['=SERVICE.DATASET("dex",A1)', { "SERVICE.DATASET": ["dex", "R(00)"] }],
    [
      "={1,2;3,4}",
      {
        array: [
          [1, 2],
          [3, 4],
        ],
      },
    ],
    [
      '={-1,"a";TRUE,#N/A}',
      {
        array: [
          [-1, "a"],
          [true, { error: "#N/A" }],
        ],
      },
    ],
    ["=@A1:A3", ["@", "R(00:02)"]],
    ["=myName", { name: "myName" }],
    ["=ABCD1", { name: "ABCD1" }],
    ["= 1 + 2 ", [1, "+", 2]],
  ])("%s", (formula, expected) => {
    expect(shape(parseFormula(formula))).toEqual(expected);
  });
});

describe("the file form of .xlsx formulas reads as the typed form", () => {
  test.each<[string, string]>([
    ["SUM(A1:B2)", "=SUM(A1:B2)"],
    ["_xlfn.XLOOKUP(A1,B:B,C:C)", "=XLOOKUP(A1,B:B,C:C)"],
    ["_xlfn._xlws.SORT(A2:A9)", "=SORT(A2:A9)"],
    ["_xlfn._xlws.FILTER(A2:B9,B2:B9>1)", "=FILTER(A2:B9,B2:B9>1)"],
    ["SUM(_xlfn.ANCHORARRAY(A2))", "=SUM(A2#)"],
    ["ROWS(_xlfn.ANCHORARRAY(Data!B2))", "=ROWS(Data!B2#)"],
    ['_xldudf_SERVICE_DATASET("dex","ethereum")', '=SERVICE.DATASET("dex","ethereum")'],
    ["_xlfn.SINGLE(A1:A3)", "=@A1:A3"],
    ["_xlfn.STDEV.S(A:A)", "=STDEV.S(A:A)"],
  ])("%s", (stored, typed) => {
    expect(printFormula(parseFormula(stored, { udfNamespaces: ["SERVICE"] }))).toBe(typed);
  });
});

describe("formulas that cannot be read say where", () => {
  test.each<[string, number, RegExp]>([
    ["=", 0, /empty/],
    ["=1+", 2, /Expected a value/],
    ["=SUM(1", 5, /Expected "," or "\)"/],
    ["=SUM(1;2)", 5, /","/],
    ["=(1+2", 4, /"\)"/],
    ['="abc', 0, /closing quote/],
    ["=1 2", 2, /operator or the end/],
    ["=#FOO!", 0, /not an error value/],
    ["=Sheet1!", 7, /cell or range/],
    ["={1,A1}", 3, /array constant/],
    ["={1,2;3}", 0, /same number/],
    ["=1$", 1, /Unexpected character/],
  ])("%s fails at %i", (formula, position, reason) => {
    let error: unknown;
    try {
      parseFormula(formula);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormulaSyntaxError);
    expect((error as FormulaSyntaxError).position).toBe(position);
    expect((error as FormulaSyntaxError).message).toMatch(reason);
  });
});
