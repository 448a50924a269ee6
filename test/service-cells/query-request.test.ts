import { readQueryCell } from "../../src/service-cells/query-request";

/** SERVICE.QUERY's own options, table-driven: performance, max_age_hours and run, and the ones that must fail. */
describe("readQueryCell options", () => {
  const read = (...items: unknown[]) =>
    readQueryCell(
      1001,
      items.map((v) => [[v]]),
    );

  it.each([
    [[], { performance: "auto", maxAgeHours: undefined, runOnChange: false }],
    [["performance=large"], { performance: "large" }],
    [["performance=Small"], { performance: "small" }],
    [["performance=medium"], { performance: "medium" }],
    [["performance= auto "], { performance: "auto" }],
    [["max_age_hours=24"], { maxAgeHours: 24 }],
    [["max_age_hours=0.5"], { maxAgeHours: 0.5 }],
    [["run=on_change"], { runOnChange: true }],
    [["RUN=On_Change"], { runOnChange: true }],
    [["run=never"], { runOnChange: false }],
    [["symbol", "WETH", "run=on_change", "max_age_hours=6", "limit=5"], { runOnChange: true, maxAgeHours: 6 }],
  ])("%j → %j", (items, expected) => {
    expect(read(...items)).toMatchObject(expected);
  });

  it.each([
    [["run=always"], 'run must be on_change (or never, the default); got "always"'],
    [["run=constructor"], 'run must be on_change (or never, the default); got "constructor"'],
    [["max_age_hours=0"], 'max_age_hours must be a number of hours above 0; got "0"'],
    [["max_age_hours=soon"], 'max_age_hours must be a number of hours above 0; got "soon"'],
    [
      ["performance=huge"],
      'performance must be one of auto (an estimated 10 credits), small (0 credits), medium (10 credits), large (20 credits); got "huge"',
    ],
  ])("%j is refused: %s", (items, message) => {
    expect(() => read(...items)).toThrow(message);
  });

  it("options stay out of the parameters, which keep their order", () => {
    const cell = read("symbol", "WETH", "run=on_change", "days", 7, "limit=2");
    expect(cell.parameters).toEqual({ symbol: "WETH", days: 7 });
    expect(cell.options.server.limit).toBe(2);
  });
});

/**
 * A date cell reaches SERVICE.QUERY as its serial number; it becomes date text only for parameters whose name is a
 * date word or ends in one as a whole part. Anything else keeps the number: a count or an id sent as 1900-02-10
 * would run the wrong query and spend credits.
 */
describe("readQueryCell date parameters", () => {
  const valueOf = (name: string, value: unknown) => readQueryCell(1001, [[[name]], [[value]]]).parameters[name];

  it.each([
    "date",
    "Date",
    "since",
    "until",
    "start_date",
    "end_date",
    "from_date",
    "to_date",
    "block_date",
    "START_DATE",
    "startDate",
    "block_time",
    "start_time",
    "timestamp",
    "min_block_timestamp",
    "datetime",
    "trade-date",
  ])("%s takes a date cell as a date", (name) => {
    expect(valueOf(name, 45292)).toBe("2024-01-01");
    expect(valueOf(name, 45292.5)).toBe("2024-01-01 12:00:00");
    expect(valueOf(name, 42)).toBe("1900-02-10");
  });

  it.each([
    "candidate_id",
    "update_limit",
    "validated_count",
    "end",
    "to",
    "from",
    "start",
    "day",
    "days",
    "from_day",
    "month",
    "period",
    "dates",
    "date_count",
    "update",
    "mandate",
    "runtime",
    "timezone",
    "since_block",
    "limit",
    "symbol",
  ])("%s keeps a number as a number", (name) => {
    expect(valueOf(name, 42)).toBe(42);
    expect(valueOf(name, 45292.5)).toBe(45292.5);
  });

  it("a date parameter with text, a boolean or a number outside Excel's dates is sent as given", () => {
    expect(valueOf("start_date", " 2024-03-01 ")).toBe("2024-03-01");
    expect(valueOf("start_date", true)).toBe(true);
    expect(valueOf("start_date", 0)).toBe(0);
    expect(valueOf("start_date", 2958466)).toBe(2958466);
  });
});
