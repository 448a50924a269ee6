import { followMove, shiftFormula } from "../../../src/playground/ui/editing/reference-shift";

describe("shiftFormula: a formula pasted (rows, columns) away, as Excel moves its references", () => {
  const rows: [string, number, number, string][] = [
    ["=A1", 1, 0, "=A2"],
    ["=A1", 0, 2, "=C1"],
    ["=A1+B2*2", 2, 1, "=B3+C4*2"],
    ["=$A$1+A$1+$A1", 3, 3, "=$A$1+D$1+$A4"],
    ["=SUM(A1:B2)", 1, 1, "=SUM(B2:C3)"],
    ["=SUM($A1:B$2)", 1, 1, "=SUM($A2:C$2)"],
    ["=sum( a1 , b1 )", 1, 0, "=sum( A2 , B2 )"], // the rest of the text as typed
    ["=SUM(B:B)", 5, 1, "=SUM(C:C)"],
    ["=SUM(2:3)", 2, 4, "=SUM(4:5)"],
    ["=SUM($B:B)", 0, 1, "=SUM($B:C)"],
    ["=Sheet2!A1", 1, 0, "=Sheet2!A2"],
    ["='My sheet'!A1:B2", 0, 1, "='My sheet'!B1:C2"],
    ["=ROWS(A1#)", 2, 0, "=ROWS(A3#)"],
    ["=A1:INDEX(B:B,3)", 1, 0, "=A2:INDEX(B:B,3)"],
    ['="A1"&A1', 1, 0, '="A1"&A2'], // text is not a reference
    ["=A1", 0, 0, "=A1"],
  ];
  test.each(rows)("%s moved by (%i, %i) is %s", (formula, r, c, expected) => {
    expect(shiftFormula(formula, r, c)).toBe(expected);
  });

  const offSheet: [string, number, number, string][] = [
    ["=A1", -1, 0, "=#REF!"],
    ["=A2+B1", -1, 0, "=A1+#REF!"],
    ["=SUM(A1:B2)", 0, -1, "=SUM(#REF!)"],
    ["=Sheet2!A1", -1, 0, "=#REF!"],
    ["=A1#", -1, 0, "=#REF!"],
    ["=A:A", 0, -1, "=#REF!"],
    ["=XFD1", 0, 1, "=#REF!"],
    ["=A1048576", 1, 0, "=#REF!"],
    ["=$A$1+A1", -1, -1, "=$A$1+#REF!"],
  ];
  test.each(offSheet)("%s moved by (%i, %i) off the sheet is %s", (formula, r, c, expected) => {
    expect(shiftFormula(formula, r, c)).toBe(expected);
  });

  test("a formula the parser cannot read is pasted as it is", () => {
    expect(shiftFormula("=SUM(1;A1)", 1, 0)).toBe("=SUM(1;A1)");
  });
});

describe("followMove: references to cut cells follow them", () => {
  const move = {
    sheet: "Sheet1",
    block: { row: 0, column: 0, rowCount: 2, columnCount: 1 },
    toSheet: "Sheet1",
    rows: 0,
    columns: 2,
  };
  const toSheet2 = { ...move, toSheet: "Sheet 2" };
  const stay = (sheet: string) => ({ from: sheet, to: sheet });
  const rows: [string, { from: string; to: string }, typeof move, string][] = [
    ["=A1*2", stay("Sheet1"), move, "=C1*2"],
    ["=$A$1+A2", stay("Sheet1"), move, "=$C$1+C2"],
    ["=SUM(A1:A2)", stay("Sheet1"), move, "=SUM(C1:C2)"],
    ["=SUM(A1:A3)", stay("Sheet1"), move, "=SUM(A1:A3)"], // only partly moved: stays
    ["=B1+A1", stay("Sheet1"), move, "=B1+C1"],
    ["=Sheet1!A1", stay("Sheet2"), move, "=Sheet1!C1"],
    ["=A1", stay("Sheet2"), move, "=A1"], // Sheet2's own A1
    ["=A1", stay("Sheet1"), toSheet2, "='Sheet 2'!C1"],
    // A formula that moved with the cells to another sheet: still-here cells are named by their sheet.
    ["=A1+B1", { from: "Sheet1", to: "Sheet 2" }, toSheet2, "=C1+Sheet1!B1"],
    ["=B1", { from: "Sheet1", to: "Sheet1" }, { ...move, rows: -1 }, "=B1"],
    ["=A1", stay("Sheet1"), { ...move, rows: -1 }, "=#REF!"],
  ];
  test.each(rows)("%s on %j", (formula, home, m, expected) => {
    expect(followMove(formula, home, m)).toBe(expected);
  });
});
