import type { Scalar } from "../../src/formulas";
import { FUNCTIONS } from "../../src/formulas/functions";
import { MemoryWorkbook } from "./memory-workbook";

// A small table, as a user has one: a header row, then symbol, price, volume, a date serial.
const rows: [string, number, number | string, number][] = [
  ["WETH", 3000.5, 120, 45352],
  ["USDC", 1, "n/a", 45353],
  ["wbtc", 60000, 3, 45354],
  ["LINK", 15.25, 800, 45360],
  ["weth", 2990, 40, 45361],
];
const prices = rows.map((r) => r[1]);
const volumes = rows.map((r) => r[2]).filter((v): v is number => typeof v === "number");

function workbook(): MemoryWorkbook {
  return new MemoryWorkbook().set("A1", [["symbol", "price", "volume", "day"], ...rows]);
}

function evaluate(formula: string): Scalar | string | (Scalar | string)[][] {
  const wb = workbook().set("H1", formula).calc();
  const anchor = wb.get("H1");
  const spill = wb.engine.spills()[0];
  return spill ? wb.range(`H1:${String.fromCharCode(72 + spill.columnCount - 1)}${spill.rowCount}`) : anchor;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => sum(xs) / xs.length;
const sampleSd = (xs: number[]) => Math.sqrt(sum(xs.map((x) => (x - mean(xs)) ** 2)) / (xs.length - 1));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
// Excel serials: days since 1899-12-30 for dates after 1900-02-28.
const serial = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000 + 25_569;
const ymd = (s: number) => {
  const d = new Date((s - 25_569) * 86_400_000);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
};

describe("functions give Excel's answers (checked against the same computation done here)", () => {
  test.each<[string, unknown]>([
    // math
    ["=SUM(B2:B6)", sum(prices)],
    ["=SUM(C:C)", sum(volumes)], // text and the header in a range are skipped
    ['=SUM(1,"2",TRUE)', 4], // typed text and booleans count
    ['=SUM("x")', "#VALUE!"],
    ["=ROUND(B2,0)", Math.round(prices[0])],
    ["=ROUND(-2.5,0)", -3], // away from zero
    ["=ROUNDDOWN(B5,1)", Math.floor(prices[3] * 10) / 10],
    ["=ABS(-B2)", prices[0]],
    ["=INT(-2.5)", Math.floor(-2.5)],
    ["=MOD(-3,2)", ((-3 % 2) + 2) % 2], // the divisor's sign
    ["=MOD(1,0)", "#DIV/0!"],
    ["=SUMPRODUCT(B2:B3,D2:D3)", prices[0] * rows[0][3] + prices[1] * rows[1][3]],
    ['=SUMIF(A2:A6,"weth",B2:B6)', prices[0] + prices[4]], // case-insensitive
    ['=SUMIF(B2:B6,">100")', sum(prices.filter((p) => p > 100))],
    [
      '=SUMIFS(C2:C6,A2:A6,"w*",B2:B6,"<5000")',
      sum(rows.filter((r) => /^w/i.test(r[0]) && r[1] < 5000).map((r) => r[2] as number)),
    ],
    ['=COUNTIF(A2:A6,"weth")', rows.filter((r) => r[0].toLowerCase() === "weth").length],
    ['=COUNTIF(A2:A6,"<>weth")', rows.filter((r) => r[0].toLowerCase() !== "weth").length],
    ['=COUNTIFS(A2:A6,"?????",B2:B6,">=1")', 0],
    ['=AVERAGEIF(A2:A6,"weth",B2:B6)', mean([prices[0], prices[4]])],
    ['=AVERAGEIFS(B2:B6,A2:A6,"zzz")', "#DIV/0!"],
    // statistics
    ["=AVERAGE(B2:B6)", mean(prices)],
    ["=AVERAGE(C:C)", mean(volumes)],
    ["=MIN(B:B)", Math.min(...prices)],
    ["=MAX(B2:B6,70000)", 70000],
    ["=COUNT(A1:D6)", prices.length + volumes.length + rows.length],
    ["=COUNTA(A1:A10)", rows.length + 1],
    ["=COUNTBLANK(A1:A10)", 10 - rows.length - 1],
    ["=MEDIAN(B2:B6)", median(prices)],
    ["=STDEV(B2:B6)", sampleSd(prices)],
    ["=LARGE(B2:B6,2)", [...prices].sort((a, b) => b - a)[1]],
    ["=AVERAGE(E:E)", "#DIV/0!"],
    // lookup
    ["=INDEX(B2:B6,3)", prices[2]],
    ["=INDEX(A2:D6,4,2)", rows[3][1]],
    ['=MATCH("link",A2:A6,0)', rows.findIndex((r) => r[0] === "LINK") + 1],
    ['=VLOOKUP("USDC",A2:D6,4,FALSE)', rows[1][3]],
    ['=HLOOKUP("price",A1:D6,3,FALSE)', rows[1][1]],
    ['=XLOOKUP("wbtc",A2:A6,B2:B6)', rows[2][1]],
    ['=XLOOKUP("WETH",A2:A6,B2:B6,,0,-1)', prices[4]], // last to first
    ['=XLOOKUP("nope",A2:A6,B2:B6)', "#N/A"],
    ['=XLOOKUP("nope",A2:A6,B2:B6,"none")', "none"],
    ["=XLOOKUP(2000,B2:B6,A2:A6,,1)", "weth"], // next larger: 2990
    ["=ROWS(A2:D6)", rows.length],
    ["=COLUMNS(A2:D6)", 4],
    ["=ROWS(B:B)", 1_048_576],
    // text
    ["=LEN(A2)", rows[0][0].length],
    ["=LEFT(A2,2)&RIGHT(A3,1)&MID(A4,2,2)", "WE" + "C" + "bt"],
    ["=UPPER(A4)&LOWER(A2)", "WBTCweth"],
    ['=TRIM("  a   b ")', "a b"],
    ['=CONCAT(A2:A3,"-",1)', "WETHUSDC-1"],
    [
      '=TEXTJOIN(", ",TRUE,A2:A4,"")',
      rows
        .slice(0, 3)
        .map((r) => r[0])
        .join(", "),
    ],
    ['=TEXT(B2,"#,##0.00")', "3,000.50"],
    ['=TEXT(D2,"yyyy-mm-dd")', "2024-03-01"],
    ['=VALUE("1,234.5")', 1234.5],
    ['=SUBSTITUTE("a-b-c","-","+")', "a+b+c"],
    ['=FIND("T",A2)', rows[0][0].indexOf("T") + 1],
    ['=SEARCH("t",A2)', rows[0][0].toLowerCase().indexOf("t") + 1],
    ['=FIND("z",A2)', "#VALUE!"],
    ["=A2&B2", `WETH${prices[0]}`],
    ['=1/3&""', "0.333333333333333"],
    // logical
    ['=IF(B2>100,"big","small")', "big"],
    ["=IF(FALSE,1)", false],
    ['=IFS(B3>5,"a",B3>0,"b")', "b"],
    ["=IFERROR(B2/0,0)", 0],
    ["=IFERROR(B2/2,0)", prices[0] / 2],
    ['=IFNA(XLOOKUP("q",A2:A6,B2:B6),-1)', -1],
    ["=AND(B2>1,B4>1)", true],
    ["=OR(B3>1,FALSE)", false],
    ["=XOR(TRUE,TRUE,TRUE)", true],
    ["=NOT(0)", true],
    ['=SWITCH(A3,"USDC","stable","other")', "stable"],
    // dates
    ["=DATE(2024,2,29)", serial(2024, 2, 29)],
    ["=DATE(2024,14,1)", serial(2025, 2, 1)],
    ["=YEAR(D2)*10000+MONTH(D2)*100+DAY(D2)", (([y, m, d]) => y * 10000 + m * 100 + d)(ymd(rows[0][3]))],
    ["=EOMONTH(D2,-1)", serial(2024, 2, 29)],
    ["=EOMONTH(D2,11)", serial(2025, 2, 28)],
    ["=EDATE(D2,1)", serial(2024, 4, 1)],
    ['=DATEVALUE("2024-03-05")', serial(2024, 3, 5)],
    ["=WEEKDAY(D2)", new Date(Date.UTC(2024, 2, 1)).getUTCDay() + 1],
    ["=DATE(1900,3,1)", 61], // after Excel's fictitious 1900-02-29 (serial 60)
    // info
    ["=ISBLANK(Z1)", true],
    ["=ISNUMBER(C3)", false],
    ["=ISTEXT(C3)", true],
    ["=ISERROR(1/0)", true],
    ["=ISNA(NA())", true],
    // errors
    ["=1/0", "#DIV/0!"],
    ['="a"+1', "#VALUE!"],
    ["=NOSUCH(1)", "#NAME?"],
    ["=SQRT(-1)", "#NUM!"],
    ["=#REF!+1", "#REF!"],
  ])("%s", (formula, expected) => {
    const got = evaluate(formula);
    if (typeof expected === "number") expect(got).toBeCloseTo(expected, 9);
    else expect(got).toEqual(expected);
  });
});

describe("dynamic arrays spill", () => {
  test.each<[string, unknown[][]]>([
    [
      "=SEQUENCE(2,3)",
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
    ],
    ["=SEQUENCE(3,1,10,-5)", [[10], [5], [0]]],
    [
      "=TRANSPOSE(A1:B2)",
      [
        ["symbol", "WETH"],
        ["price", 3000.5],
      ],
    ],
    ["=SORT(B2:B6,1,-1)", [...prices].sort((a, b) => b - a).map((p) => [p])],
    ["=UNIQUE(A2:A6)", [["WETH"], ["USDC"], ["wbtc"], ["LINK"]]], // case-insensitive, first spelling kept
    ["=FILTER(A2:B6,B2:B6>1000)", rows.filter((r) => r[1] > 1000).map((r) => [r[0], r[1]])],
    ["=B2:B4*2", prices.slice(0, 3).map((p) => [p * 2])],
    ["=ROUND(B2:B3,0)", prices.slice(0, 2).map((p) => [Math.round(p)])],
    [
      "={1,2;3,4}",
      [
        [1, 2],
        [3, 4],
      ],
    ],
  ])("%s", (formula, expected) => {
    expect(evaluate(formula)).toEqual(expected);
  });

  test("FILTER with nothing left is #CALC! unless given what to show", () => {
    expect(evaluate("=FILTER(A2:A6,B2:B6>1E9)")).toBe("#CALC!");
    expect(evaluate('=FILTER(A2:A6,B2:B6>1E9,"none")')).toBe("none");
  });
});

describe("what the playground does not have says so", () => {
  test("an unknown function is #NAME? with a message", () => {
    const wb = new MemoryWorkbook().set("A1", "=LAMBDA(x,x)").calc();
    expect(wb.get("A1")).toBe("#NAME?");
    expect(wb.error("A1")?.message).toBe("LAMBDA is not available in the playground.");
  });

  test("every function Excel users reach for first is in the table", () => {
    const common =
      "SUM ROUND ABS INT MOD SUMPRODUCT SUMIF SUMIFS COUNTIF COUNTIFS AVERAGEIF AVERAGEIFS AVERAGE MIN MAX COUNT COUNTA " +
      "COUNTBLANK MEDIAN STDEV INDEX MATCH VLOOKUP HLOOKUP XLOOKUP ROWS COLUMNS LEN LEFT RIGHT MID UPPER LOWER TRIM " +
      "CONCAT TEXTJOIN TEXT VALUE SUBSTITUTE FIND SEARCH IF IFS IFERROR IFNA AND OR NOT XOR SWITCH TODAY NOW DATE YEAR " +
      "MONTH DAY EOMONTH EDATE DATEVALUE WEEKDAY ISBLANK ISERROR ISNUMBER ISTEXT NA SORT FILTER UNIQUE SEQUENCE TRANSPOSE";
    expect(common.split(" ").filter((name) => !FUNCTIONS.has(name))).toEqual([]);
  });

  test("TODAY and NOW read the injected clock", () => {
    const wb = new MemoryWorkbook(["Sheet1"])
      .set("A1", "=TODAY()")
      .set("B1", "=NOW()")
      .set("C1", "=EOMONTH(TODAY(),-1)")
      .calc();
    const now = wb.clock.now();
    const local = now - new Date(now).getTimezoneOffset() * 60_000;
    const today = Math.floor(local / 86_400_000) + 25_569;
    expect(wb.get("A1")).toBe(today);
    expect(wb.get("B1")).toBeCloseTo(local / 86_400_000 + 25_569, 9);
    const [y, m] = ymd(today);
    expect(wb.get("C1")).toBe(serial(y, m, 1) - 1);
  });
});
