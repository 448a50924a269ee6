import { parseCall, UnsupportedFormulaError, type CallArgument } from "../../src/playground/formulas/parse-call";
import { resolveArguments } from "../../src/playground/formulas/resolve-args";
import { CellError } from "../../src/playground/workbook";

const str = (value: string): CallArgument => ({ kind: "string", value });
const num = (value: number): CallArgument => ({ kind: "number", value });

describe("parseCall: one top-level function call", () => {
  const rows: [string, string, CallArgument[]][] = [
    ['=SERVICE.DATASET("dex","ethereum")', "SERVICE.DATASET", [str("dex"), str("ethereum")]],
    ["=service.results( 1001 )", "SERVICE.RESULTS", [num(1001)]],
    [
      '=F("say ""hi""", -1.5e2, TRUE, false)',
      "F",
      [str('say "hi"'), num(-150), { kind: "boolean", value: true }, { kind: "boolean", value: false }],
    ],
    ["=F()", "F", []],
    ["=F(,2,)", "F", [{ kind: "missing" }, num(2), { kind: "missing" }]],
    ['=F("a,b)")', "F", [str("a,b)")]],
  ];
  test.each(rows)("%s", (formula, name, args) => {
    expect(parseCall(formula)).toEqual({ name, args });
  });

  test("references and ranges, sheet-qualified and anchored", () => {
    const call = parseCall("=F(B3, $A$1:C2, 'My sheet'!D4, Data!A1:A3)");
    expect(
      call?.args.map((a) =>
        a.kind === "reference"
          ? [a.address.sheet, a.address.row, a.address.column, a.address.rowCount, a.address.columnCount]
          : a.kind,
      ),
    ).toEqual([
      [undefined, 2, 1, 1, 1],
      [undefined, 0, 0, 2, 3],
      ["My sheet", 3, 3, 1, 1],
      ["Data", 0, 0, 3, 1],
    ]);
  });

  test.each(["=1+2", "=A1", "=F(1)+1", "=F(1)*G(2)", "hello", "=F"])("not a single call: %s", (formula) => {
    expect(parseCall(formula)).toBeNull();
  });

  test.each(['=SERVICE.X(A1&"x")', "=SERVICE.X(SUM(A1:A2))", "=SERVICE.X(1 2)"])(
    "a call with arguments we do not evaluate throws, naming the function: %s",
    (formula) => {
      let error: unknown;
      try {
        parseCall(formula);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UnsupportedFormulaError);
      expect((error as UnsupportedFormulaError).callName).toBe("SERVICE.X");
    },
  );
});

describe("resolveArguments", () => {
  const cells: Record<string, string | number | CellError> = {
    "Sheet1!0,0": "dex",
    "Sheet1!1,0": 7,
    "Other!0,0": "x",
    "Sheet1!2,0": new CellError("#N/A"),
  };
  const read = (sheet: string, row: number, column: number) => cells[`${sheet}!${row},${column}`];

  test("literals, references, ranges as matrices, empty cells as null, omitted arguments as null", () => {
    const call = parseCall("=F(A1, Other!A1, A1:B2, ,C9, 5)")!;
    expect(resolveArguments(call.args, "Sheet1", read)).toEqual({
      ok: true,
      values: [
        "dex",
        "x",
        [
          ["dex", null],
          [7, null],
        ],
        null,
        null,
        5,
      ],
    });
  });

  test("trailing omitted arguments are dropped like unwritten ones", () => {
    expect(resolveArguments(parseCall("=F(1,,)")!.args, "Sheet1", read)).toEqual({ ok: true, values: [1] });
  });

  test("an error in a referenced cell is the result, the function is not called", () => {
    const resolved = resolveArguments(parseCall("=F(A1:A3)")!.args, "Sheet1", read);
    expect(resolved.ok).toBe(false);
    expect(!resolved.ok && resolved.error.code).toBe("#N/A");
  });
});
