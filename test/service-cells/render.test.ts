import { readArguments } from "../../src/service-cells/arguments";
import { type CachedTable, renderSpill } from "../../src/service-cells/render";
import { SpillTooLargeError } from "../../src/service-cells/spill-limit";

const render = (...options: string[]) =>
  readArguments(
    "RESULTS",
    options.map((o) => [[o]]),
  ).options.render;
const table = (types: string[], rows: unknown[][], extra: Partial<CachedTable> = {}): CachedTable => ({
  columns: types.map((_, i) => `c${i}`),
  types,
  rows,
  partial: false,
  typesInferred: false,
  ...extra,
});
const one = (type: string, value: unknown, ...options: string[]): unknown =>
  renderSpill(table([type], [[value]]), render("headers=false", ...options), 2_000_000)[0]![0];

/** The type mapping a SERVICE cell applies (docs/functions.md, "How values are typed"). */
describe("type mapping of spilled values", () => {
  it.each([
    ["double", 1.5, 1.5],
    ["double", -0.1, -0.1],
    ["bigint", 42, 42],
    ["bigint", "9007199254740993", "9007199254740993"],
    ["bigint", 12345678901234567890n, "12345678901234567890"],
    ["integer", 123456789012345, 123456789012345],
    ["decimal(20,0)", "12345678901234567890", "12345678901234567890"],
    ["decimal(10,2)", "12.50", 12.5],
    ["boolean", true, true],
    ["boolean", false, false],
    ["varchar", null, ""],
    ["double", null, ""],
    ["varchar", "plain", "plain"],
    ["varchar", "00123", "00123"],
    ["varchar", "0xdeadbeef", "0xdeadbeef"],
    ["varchar", "TRUE", "TRUE"],
    ["array(varchar)", ["a", "b"], "a, b"],
    ["array(varchar)", [], ""],
    ["array(varchar)", ["x,y", null, "z"], "x,y, , z"],
    ["array(varchar)", '["from","json"]', "from, json"],
    ["timestamp", "2024-03-01 00:00:37.000", "2024-03-01 00:00:37.000"],
    ["timestamp(3) with time zone", "2024-03-01T00:00:37.000Z", "2024-03-01T00:00:37.000Z"],
    ["date", "2018-12-31", "2018-12-31"],
    ["json", { a: 1 }, '{"a":1}'],
  ])("%s %p → %p", (type, value, expected) => {
    expect(one(type, value)).toEqual(expected);
  });

  it.each([
    ["timestamp", "2024-03-01 12:00:00", 45352.5],
    ["timestamp", "2024-03-01T12:00:00.000000000Z", 45352.5],
    ["date", "2024-03-01", 45352],
    ["time", "06:00:00", 0.25],
    ["timestamp", "not a time", "not a time"],
  ])("timestamps=excel: %s %j → serial %j", (type, value, expected) => {
    expect(one(type, value, "timestamps=excel")).toEqual(expected);
  });

  it("array_join sets the separator", () => {
    expect(one("array(varchar)", ["a", "b", "c"], "array_join=|")).toBe("a|b|c");
  });

  // Custom-function results are not parsed by Excel, so text that looks like a formula must come back verbatim:
  // the apostrophe the range writer needs (src/sheet escapeForValues) must not appear in a spill.
  it.each(["=1+1", "+44 20", "-1+1", "@SUM(A1)", "'quoted", "''two", "＝full-width"])(
    "formula-like text %j is returned verbatim",
    (text) => {
      expect(one("varchar", text)).toBe(text);
    },
  );

  it("header cells are verbatim too", () => {
    const spill = renderSpill({ ...table(["varchar"], [["x"]]), columns: ["=name"] }, render(), 2_000_000);
    expect(spill).toEqual([["=name"], ["x"]]);
  });

  it.each([true, false])(
    "timestamps=excel: a text column of ISO dates becomes dates (CSV typing: %s)",
    (typesInferred) => {
      const csv = table(
        ["varchar", "varchar"],
        [
          ["2024-03-01 12:00:00", "abc"],
          ["", "2024-03-01"],
        ],
        { typesInferred },
      );
      expect(renderSpill(csv, render("headers=false", "timestamps=excel"), 2_000_000)).toEqual([
        [45352.5, "abc"],
        ["", "2024-03-01"],
      ]);
      expect(renderSpill(csv, render("headers=false"), 2_000_000)).toEqual(csv.rows);
    },
  );
});

describe("spill shape", () => {
  const t = table(
    ["bigint", "varchar"],
    [
      [1, "a"],
      [2, "b"],
    ],
  );

  it("a header row by default", () => {
    expect(renderSpill(t, render(), 2_000_000)).toEqual([
      ["c0", "c1"],
      [1, "a"],
      [2, "b"],
    ]);
  });

  it("headers=false: rows only", () => {
    expect(renderSpill(t, render("headers=false"), 2_000_000)).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
  });

  it("no rows: the header alone; no rows and no header: one empty cell", () => {
    expect(renderSpill(table(["bigint"], []), render(), 2_000_000)).toEqual([["c0"]]);
    expect(renderSpill(table(["bigint"], []), render("headers=false"), 2_000_000)).toEqual([[""]]);
  });

  it("past the spill limit: refused with how to narrow it or insert it from the pane", () => {
    const big = table(
      ["varchar"],
      Array.from({ length: 1000 }, (_, i) => [`row ${i} ${"x".repeat(100)}`]),
    );
    expect(() => renderSpill(big, render(), 50_000)).toThrow(SpillTooLargeError);
    expect(() => renderSpill(big, render(), 50_000)).toThrow(
      /Too large to spill: 1,000 rows × 1 columns is about 0\.1 MB \(limit 0\.1 MB\)\. Narrow it with "columns=\.\.\.", "limit=\.\.\." or "filters=\.\.\.", or insert it as a table from the Service task pane\./,
    );
  });
});
