import {
  a1Range,
  checkSheetLimits,
  columnLetter,
  MAX_COLUMNS,
  MAX_ROWS,
  parseA1,
  parseAddress,
  qualifiedAddress,
  SheetLimitError,
} from "../../src/sheet";
import { columnIndex } from "../../src/sheet/a1";

describe("column letters", () => {
  test.each([
    [0, "A"],
    [25, "Z"],
    [26, "AA"],
    [701, "ZZ"],
    [702, "AAA"],
    [16383, "XFD"],
  ])("%i ↔ %s", (i, letters) => {
    expect(columnLetter(i)).toBe(letters);
    expect(columnIndex(letters)).toBe(i);
  });

  test("out of range", () => {
    expect(() => columnLetter(MAX_COLUMNS)).toThrow(RangeError);
    expect(() => columnIndex("XFE")).toThrow(RangeError);
  });
});

describe("A1 addresses", () => {
  test("parseA1", () => {
    expect(parseA1("B3")).toEqual({ row: 2, column: 1 });
    expect(parseA1("$XFD$1048576")).toEqual({ row: MAX_ROWS - 1, column: MAX_COLUMNS - 1 });
    expect(() => parseA1("B0")).toThrow();
    expect(() => parseA1("A1048577")).toThrow();
  });

  test("a1Range", () => {
    expect(a1Range(2, 1, 3, 2)).toBe("B3:C5");
    expect(a1Range(0, 0, 1, 1)).toBe("A1");
  });

  test.each([
    ["A1", { row: 0, column: 0, rowCount: 1, columnCount: 1 }],
    ["C5:B3", { row: 2, column: 1, rowCount: 3, columnCount: 2 }],
    ["Sheet1!A1:B2", { sheet: "Sheet1", row: 0, column: 0, rowCount: 2, columnCount: 2 }],
    ["'My ''q'' sheet'!C:D", { sheet: "My 'q' sheet", row: 0, column: 2, rowCount: MAX_ROWS, columnCount: 2 }],
    ["2:4", { row: 1, column: 0, rowCount: 3, columnCount: MAX_COLUMNS }],
  ])("parseAddress(%s)", (address, expected) => {
    expect(parseAddress(address)).toEqual(expected);
  });

  test("qualifiedAddress quotes when Excel would", () => {
    expect(qualifiedAddress("Sheet1", "A1")).toBe("Sheet1!A1");
    expect(qualifiedAddress("My data", "A1")).toBe("'My data'!A1");
    expect(qualifiedAddress("it's", "A1")).toBe("'it''s'!A1");
  });
});

describe("checkSheetLimits", () => {
  test("fits", () => {
    expect(checkSheetLimits(MAX_ROWS, MAX_COLUMNS)).toBeNull();
    expect(checkSheetLimits(10, 10, MAX_ROWS - 10, 0)).toBeNull();
  });

  test("too many rows from the start row: a message a user can act on", () => {
    const e = checkSheetLimits(2_000_000, 5, 2, 0);
    expect(e).toBeInstanceOf(SheetLimitError);
    expect(e?.kind).toBe("rows");
    expect(e?.available).toBe(MAX_ROWS - 2);
    expect(e?.message).toMatch(/2,000,000 rows/);
    expect(e?.message).toMatch(/filters/);
    expect(e?.message).toMatch(/CSV/);
  });

  test("too many columns", () => {
    const e = checkSheetLimits(1, 20_000);
    expect(e?.kind).toBe("columns");
    expect(e?.message).toMatch(/16,384 columns/);
  });
});
