import { readQueryCell } from "../../src/functions/query-request";

/** SERVICE.QUERY's own options, table-driven: performance, max_age_hours and run, and the ones that must fail. */
describe("readQueryCell options", () => {
  const read = (...items: unknown[]) =>
    readQueryCell(
      1001,
      items.map((v) => [[v]]),
    );

  it.each([
    [[], { performance: "medium", maxAgeHours: undefined, runOnChange: false }],
    [["performance=large"], { performance: "large" }],
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
    [["performance=huge"], 'performance must be medium or large; got "huge"'],
  ])("%j is refused: %s", (items, message) => {
    expect(() => read(...items)).toThrow(message);
  });

  it("options stay out of the parameters, which keep their order", () => {
    const cell = read("symbol", "WETH", "run=on_change", "days", 7, "limit=2");
    expect(cell.parameters).toEqual({ symbol: "WETH", days: 7 });
    expect(cell.options.server.limit).toBe(2);
  });
});
