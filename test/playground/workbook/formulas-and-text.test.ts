import { createWorkbook } from "../../../src/playground/workbook";

async function evaluate(formula: string, seed: (string | number)[][] = [[1, 2, "x"]]) {
  const wb = createWorkbook({ sheets: ["Sheet1", "Other sheet"] });
  await wb.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.getItem("Sheet1").getRange("A1:C1").values = seed;
    sheets.getItem("Other sheet").getRange("A1").values = [[40]];
    sheets.getItem("Sheet1").getRange("E5").formulas = [[formula]];
    await context.sync();
  });
  return wb.inspect.values("Sheet1", "E5")[0][0];
}

describe("built-in formula evaluation", () => {
  test.each<[string, string | number | boolean]>([
    ["=1+2*3", 7],
    ["=(1+2)*3", 9],
    ["=2^3^2", 64], // Excel is left-associative
    ["=-2^2", 4], // and negation binds tighter than ^
    ["=50%", 0.5],
    ['="a"&"b"&1', "ab1"],
    ["=A1+B1", 3],
    ["=SUM(A1:C1)", 3],
    ["=SUM(A1:B1, 10)", 13],
    ["='Other sheet'!A1+2", 42],
    ["=1/0", "#DIV/0!"],
    ["=C1+1", "#VALUE!"],
    ['=IF(A1=1,"one","other")', "one"],
    ['=LEN("hello")', 5],
    ["=ROUND(2.345, 2)", 2.35],
    ["=1<2", true],
    ['=HYPERLINK("http://x")', "http://x"],
    ["=NOSUCH(1)", "#NAME?"],
    ["=SERVICE.QUERY(1)", "#NAME?"],
    ["=1+", "#NAME?"],
  ])("%s → %p", async (formula, expected) => {
    expect(await evaluate(formula)).toBe(expected);
  });
});

describe("range.text follows the number format", () => {
  test.each<[number | string | boolean, string, string]>([
    [45356.62708333333, "yyyy-mm-dd hh:mm:ss", "2024-03-05 15:03:00"],
    [43465, "m/d/yyyy", "12/31/2018"],
    [0.5, "h:mm", "12:00"],
    [1234.5, "#,##0.00", "1,234.50"],
    [0.125, "0.00%", "12.50%"],
    [100000, "0.00E+00", "1.00E+05"],
    [123456789012, "General", "1.23457E+11"],
    [0.1 + 0.2, "General", "0.3"],
    [true, "General", "TRUE"],
    [42, "@", "42"],
  ])("%p with %s → %s", async (value, format, text) => {
    const wb = createWorkbook();
    const got = await wb.run(async (context) => {
      const r = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
      r.values = [[value]];
      r.numberFormat = [[format]];
      r.load("text");
      await context.sync();
      return r.text[0][0];
    });
    expect(got).toBe(text);
  });
});
