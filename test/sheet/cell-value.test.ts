import { type CellValue, MAX_CELL_CHARS } from "../../src/sheet";
import { toCellValue } from "../../src/sheet/cell-value";
import { type CellOptions } from "../../src/sheet/cell-value-type";
import { truncationMarker } from "../../src/sheet/cell-text-limit";

const TEXT: CellOptions = { timestamps: "text" };
const DATES: CellOptions = { timestamps: "excel-date" };

// [value, apiType, options, expected]
const cases: [unknown, string, CellOptions, CellValue][] = [
  // numbers that Excel holds exactly stay numbers
  [42, "bigint", TEXT, 42],
  [-7, "integer", TEXT, -7],
  [3.25, "double", TEXT, 3.25],
  [0.1, "double", TEXT, 0.1],
  [123456789012345, "bigint", TEXT, 123456789012345],
  [1e18, "bigint", TEXT, 1e18], // one significant digit: exact
  // integers wider than 15 significant digits stay text (General column → quote prefix)
  [1234567890123456, "bigint", TEXT, "'1234567890123456"],
  ["12345678901234567890", "bigint", TEXT, "'12345678901234567890"],
  ["9007199254740993", "hugeint", TEXT, "'9007199254740993"],
  [12345678901234567890n, "uhugeint", TEXT, "'12345678901234567890"],
  [123n, "bigint", TEXT, 123],
  ["123", "bigint", TEXT, 123],
  // decimals as strings: number when exact, else text
  ["123.4500", "decimal(18,4)", TEXT, 123.45],
  ["0.1", "decimal(10,1)", TEXT, 0.1],
  ["-0.000", "decimal(10,3)", TEXT, 0],
  ["12345678901234.5678", "decimal(38,4)", TEXT, "'12345678901234.5678"],
  // A double's shortest text is that double (16 digits here; Excel shows 15); more digits than the double gives
  // back are a decimal's and stay text.
  ["0.1234567890123456", "decimal(38,16)", TEXT, 0.1234567890123456],
  ["0.12345678901234567", "decimal(38,17)", TEXT, "'0.12345678901234567"],
  ["007", "decimal(10,0)", TEXT, "'007"], // leading zeros are not a number's
  ["1000000000000000000", "decimal(38,0)", TEXT, 1e18],
  ["1e5", "decimal(10,0)", TEXT, 100000],
  // doubles as strings are the same doubles
  ["1.2345678901234567", "double", TEXT, 1.2345678901234567],
  ["NaN", "double", TEXT, "'NaN"],
  [Number.POSITIVE_INFINITY, "double", TEXT, "'Infinity"],
  // booleans
  [true, "boolean", TEXT, true],
  [false, "boolean", TEXT, false],
  ["TRUE", "boolean", TEXT, true],
  // text columns: verbatim (the @ format keeps Excel from coercing), formula triggers prefixed
  ["0x0001", "varchar", TEXT, "0x0001"],
  ["00123", "varchar", TEXT, "00123"],
  ["TRUE", "varchar", TEXT, "TRUE"],
  ["2018-12-31", "varchar", TEXT, "2018-12-31"],
  ["1e5", "varchar", TEXT, "1e5"],
  ["#N/A", "varchar", TEXT, "#N/A"],
  ["=1+1", "varchar", TEXT, "'=1+1"],
  ["+1", "varchar", TEXT, "'+1"],
  ["-1+1", "varchar", TEXT, "'-1+1"],
  ["@SUM(1)", "varchar", TEXT, "'@SUM(1)"],
  ["\t=1", "varchar", TEXT, "'\t=1"],
  ["'quoted", "varchar", TEXT, "''quoted"],
  [12, "varchar", TEXT, "12"],
  // null / undefined → empty cell
  [null, "varchar", TEXT, ""],
  [undefined, "double", TEXT, ""],
  [null, "timestamp", DATES, ""],
  // arrays joined with ", ", nested values as JSON
  [["a", "b", "c"], "array(varchar)", TEXT, "a, b, c"],
  [["uniswap", "curve"], "varchar[]", TEXT, "uniswap, curve"],
  [[1, null, 3], "array(integer)", TEXT, "1, , 3"],
  [[["x", 1], { k: "v" }], "array(json)", TEXT, '["x",1], {"k":"v"}'],
  ['["a","b"]', "array(varchar)", TEXT, "a, b"],
  [["=cmd"], "array(varchar)", TEXT, "'=cmd"],
  [["a", "b"], "array(varchar)", { arrayJoin: "|" }, "a|b"],
  [[], "array(varchar)", TEXT, ""],
  // a column declared varchar whose values arrive as JSON arrays (the real DEX pairs dataset): joined, like an array column
  [["curve", "uniswap"], "VARCHAR", TEXT, "curve, uniswap"],
  [["curve", "uniswap"], "varchar", { arrayJoin: "; " }, "curve; uniswap"],
  [["=cmd", "x"], "varchar", TEXT, "'=cmd, x"],
  [[], "VARCHAR", TEXT, ""],
  [["2024-01-01", "2024-02-01"], "timestamp", TEXT, "2024-01-01, 2024-02-01"],
  [["2024-01-01"], "timestamp", DATES, "'2024-01-01"],
  [["a", 1], "boolean", TEXT, "'a, 1"],
  // objects as JSON text
  [{ a: 1, b: [2] }, "struct(a int, b int[])", TEXT, '{"a":1,"b":[2]}'],
  [{ big: 10n }, "json", TEXT, '{"big":"10"}'],
  // timestamps: text mode keeps the API text verbatim
  ["2024-03-05 15:03:00.000", "timestamp", TEXT, "2024-03-05 15:03:00.000"],
  ["2024-03-05T15:03:00.000Z", "timestamp(3) with time zone", TEXT, "2024-03-05T15:03:00.000Z"],
  [new Date("2024-03-05T15:03:00Z"), "timestamp", TEXT, "2024-03-05T15:03:00.000Z"],
  // timestamps: excel-date mode gives serials (days since 1899-12-30)
  ["2024-03-05 15:03:00.000", "timestamp", DATES, 45356 + (15 * 3600 + 3 * 60) / 86400],
  ["2024-03-05T15:03:00Z", "timestamp with time zone", DATES, 45356 + (15 * 3600 + 3 * 60) / 86400],
  ["2024-03-05T17:03:00+02:00", "timestamptz", DATES, 45356 + (15 * 3600 + 3 * 60) / 86400],
  ["2024-03-05", "date", DATES, 45356],
  ["1900-03-01", "date", DATES, 61],
  ["1900-01-01", "date", DATES, 1],
  ["1899-12-31", "date", DATES, "'1899-12-31"],
  ["12:00:00", "time", DATES, 0.5],
  ["not a date", "timestamp", DATES, "'not a date"],
  [new Date("1970-01-01T00:00:00Z"), "timestamp", DATES, 25569],
  // unknown types: numbers and booleans as such, strings always quote-prefixed (General format coerces)
  [5, "mystery", TEXT, 5],
  ["00123", "mystery", TEXT, "'00123"],
  [true, "mystery", TEXT, true],
];

describe("toCellValue maps API values to Excel cell values", () => {
  test.each(cases)("%p as %s (%j) → %p", (value, apiType, options, expected) => {
    const got = toCellValue(value, apiType, options);
    if (typeof expected === "number" && typeof got === "number") expect(got).toBeCloseTo(expected, 9);
    else expect(got).toBe(expected);
  });
});

describe("long cells", () => {
  test("a string over 32,767 characters is cut with a marker that states the original length", () => {
    const long = "x".repeat(40_000);
    const lengths: number[] = [];
    const out = toCellValue(long, "varchar", { onTruncated: (n) => lengths.push(n) });
    expect(typeof out).toBe("string");
    expect((out as string).length).toBeLessThanOrEqual(MAX_CELL_CHARS);
    expect((out as string).endsWith(truncationMarker(40_000))).toBe(true);
    expect(lengths).toEqual([40_000]);
  });

  test("a string of exactly 32,767 characters is kept whole", () => {
    const s = "y".repeat(MAX_CELL_CHARS);
    expect(toCellValue(s, "varchar")).toBe(s);
  });
});
