import { estimateValuesPayloadBytes, numberFormatsFor, toSheetMatrix } from "../../src/sheet";
import { rowsFromObjects } from "../../src/sheet/matrix";

describe("toSheetMatrix", () => {
  const table = {
    columns: ["name", "n", "tags", "at", "wow_cast", "wow_cast"],
    types: ["varchar", "bigint", "array(varchar)", "timestamp", "integer", "integer"],
    rows: [
      ["=evil()", "12345678901234567890", ["a", "b"], "2024-03-05 15:03:00.000", 1, 2],
      ["plain", 7, null, null, null],
    ],
  };

  test("headers first, text escaped, short rows padded", () => {
    const m = toSheetMatrix(table, { headers: true, timestamps: "text" });
    expect(m).toEqual([
      ["name", "n", "tags", "at", "wow_cast", "wow_cast"],
      ["'=evil()", "'12345678901234567890", "a, b", "2024-03-05 15:03:00.000", 1, 2],
      ["plain", 7, "", "", "", ""],
    ]);
  });

  test("without headers, excel dates", () => {
    const m = toSheetMatrix(table, { headers: false, timestamps: "excel-date" });
    expect(m).toHaveLength(2);
    expect(m[0][3]).toBeCloseTo(45356.62708333, 6);
  });

  test("header names that look like formulas are escaped too", () => {
    const m = toSheetMatrix({ columns: ["=x", "ok"], types: ["varchar", "varchar"], rows: [] }, { headers: true });
    expect(m).toEqual([["'=x", "ok"]]);
  });

  test("truncation is reported with the cell position", () => {
    const seen: unknown[] = [];
    toSheetMatrix(
      {
        columns: ["a", "b"],
        types: ["varchar", "varchar"],
        rows: [
          ["x", "y"],
          ["z", "w".repeat(33_000)],
        ],
      },
      { headers: true, onTruncated: (cell) => seen.push(cell) },
    );
    expect(seen).toEqual([{ row: 1, column: 1, originalLength: 33_000 }]);
  });

  test("rowsFromObjects keeps column order", () => {
    expect(rowsFromObjects(["b", "a"], [{ a: 1, b: 2 }])).toEqual([[2, 1]]);
  });
});

describe("numberFormatsFor", () => {
  test.each([
    [
      ["varchar", "bigint", "double", "boolean", "array(varchar)", "timestamp", "date", "json"],
      "text",
      ["@", "General", "General", "General", "@", "@", "@", "@"],
    ],
    [["timestamp", "date", "time", "varchar"], "excel-date", ["yyyy-mm-dd hh:mm:ss", "yyyy-mm-dd", "hh:mm:ss", "@"]],
  ] as const)("%j (%s) → %j", (types, timestamps, expected) => {
    expect(numberFormatsFor(types, { timestamps })).toEqual(expected);
  });
});

describe("estimateValuesPayloadBytes", () => {
  test.each([
    [[[1, "a", true]]],
    [[['quote"back\\slash', "tab\there", "ünïcödé", "emoji 😀", "\u0001"]]],
    [
      [
        [1.5e-7, -0, 123456789.125, false, ""],
        ["x", 2, 3, 4, 5],
      ],
    ],
    [[]],
  ])("matches the UTF-8 size of JSON.stringify for %j", (matrix) => {
    expect(estimateValuesPayloadBytes(matrix)).toBe(Buffer.byteLength(JSON.stringify(matrix), "utf8"));
  });
});
