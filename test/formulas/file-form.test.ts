import { fromFileFormula, parseFormula, printFormula, toFileFormula } from "../../src/formulas";

const NS = ["SERVICE"];

describe("toFileFormula writes formulas as an .xlsx file stores them, fromFileFormula reads them back", () => {
  test.each<[string, string]>([
    ["=SUM(A1:B2)", "SUM(A1:B2)"],
    ["=SUM(A2#)", "SUM(_xlfn.ANCHORARRAY(A2))"],
    ["=ROWS('My data'!A2#)", "ROWS(_xlfn.ANCHORARRAY('My data'!A2))"],
    ['=XLOOKUP("WETH",B2#,C:C,"none")', '_xlfn.XLOOKUP("WETH",_xlfn.ANCHORARRAY(B2),C:C,"none")'],
    ["=SORT(UNIQUE(A2:A9))", "_xlfn._xlws.SORT(_xlfn.UNIQUE(A2:A9))"],
    ['=FILTER(A2:C9,B2:B9>0,"")', '_xlfn._xlws.FILTER(A2:C9,B2:B9>0,"")'],
    ['=IFS(A1>1,"big",TRUE,"small")', '_xlfn.IFS(A1>1,"big",TRUE,"small")'],
    ["=SEQUENCE(3)", "_xlfn.SEQUENCE(3)"],
    ['=SERVICE.DATASET("dex","ethereum")', '_xldudf_SERVICE_DATASET("dex","ethereum")'],
    ['=SERVICE.QUERY(1001,"symbol",B1)', '_xldudf_SERVICE_QUERY(1001,"symbol",B1)'],
    ["=@A1:A9", "_xlfn.SINGLE(A1:A9)"],
    ["=EOMONTH(TODAY(),-1)", "EOMONTH(TODAY(),-1)"],
    ["=-(2^2)", "-(2^2)"],
    ["=(1+2)*3", "(1+2)*3"],
    ["=1-(2-3)", "1-(2-3)"],
    ["=1-2-3", "1-2-3"],
    ['={1,-2;"a",TRUE}', '{1,-2;"a",TRUE}'],
    ["=IF(A1,,2)", "IF(A1,,2)"],
    ["=50%*$A$1", "50%*$A$1"],
    ['="say ""hi"""&B:B', '"say ""hi"""&B:B'],
    ["=Sheet2!$2:$3", "Sheet2!$2:$3"],
    ["=STDEV.S(A1:A9)", "_xlfn.STDEV.S(A1:A9)"],
  ])("%s ⇄ %s", (typed, stored) => {
    expect(toFileFormula(typed, NS)).toBe(stored);
    expect(fromFileFormula(stored, NS)).toBe(typed);
  });

  test.each([
    '=1+2*3-4/5^6&"x"',
    "=-A1%+B$2*$C3",
    "=SUM(A:A,1:1,Sheet2!B2:C3)",
    '=IF(AND(A1>=1,A1<>"x"),XLOOKUP(A1,B2#,C2#),NA())',
    "=1E+21+1E-7",
  ])("%s survives typed → file → typed unchanged in meaning", (typed) => {
    const again = parseFormula(toFileFormula(typed, NS), { udfNamespaces: NS });
    expect(printFormula(again)).toBe(printFormula(parseFormula(typed)));
  });
});
