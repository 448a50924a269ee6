import { holdsResult } from "../../src/functions/file-values";

/** What a re-invoked cell shows as the workbook opens: a result the file holds, or nothing to show. */
describe("holdsResult: whether a cell's shown values are a result the file holds", () => {
  it("a spill (current builds keep it under the loading mark) is a result, even with a note's error on its header", () => {
    expect(
      holdsResult({
        values: [
          ["a", "b"],
          [1, 2],
        ],
        types: [
          ["String", "String"],
          ["Double", "Double"],
        ],
      }),
    ).toBe(true);
    expect(
      holdsResult({
        values: [
          ["#N/A", "b"],
          [1, 2],
        ],
        types: [
          ["Error", "String"],
          ["Double", "Double"],
        ],
      }),
    ).toBe(true);
    expect(holdsResult({ values: [[42]], types: [["Double"]] })).toBe(true);
  });

  it("#BUSY! (older builds), a saved Not loaded, an empty cell or nothing read is no result", () => {
    expect(holdsResult({ values: [["#BUSY!"]], types: [["Error"]] })).toBe(false);
    // The old spill read before the host dropped it (the playground lays spills out a turn later): still no result.
    expect(
      holdsResult({
        values: [
          ["#BUSY!", "b"],
          [1, 2],
        ],
        types: [
          ["Error", "String"],
          ["Double", "Double"],
        ],
      }),
    ).toBe(false);
    expect(holdsResult({ values: [["#N/A"]], types: [["Error"]] })).toBe(false);
    expect(holdsResult({ values: [[""]], types: [["Empty"]] })).toBe(false);
    expect(holdsResult({ values: [], types: [] })).toBe(false);
    expect(holdsResult(undefined)).toBe(false);
  });

  it("without value types, Excel's error texts and an empty text say the same", () => {
    expect(holdsResult({ values: [["#BUSY!"]], types: [] })).toBe(false);
    expect(holdsResult({ values: [["#GETTING_DATA"]], types: [] })).toBe(false);
    expect(holdsResult({ values: [[""]], types: [] })).toBe(false);
    expect(holdsResult({ values: [["Pairs"]], types: [] })).toBe(true);
  });
});
