import { defaultCellOptions, describeBound, resultsRequest, sourceText } from "../../src/service-cells";
import { noResultForInputsText } from "../../src/service-cells/no-result";

/** A table bound to a run of a query with inputs: its request, its source line, and what it says without a run. */
describe("a bound table's inputs", () => {
  const options = defaultCellOptions();

  test("the request carries the inputs, and equal inputs in any order make one key; other inputs another", () => {
    const a = resultsRequest(1001, [], options, { symbol: "WBTC", days: 5 });
    const b = resultsRequest(1001, [], options, { days: 5, symbol: "WBTC" });
    const other = resultsRequest(1001, [], options, { symbol: "ARB", days: 5 });
    const bare = resultsRequest(1001, [], options);
    expect(a.source).toEqual({ kind: "query", queryId: 1001, parameters: { symbol: "WBTC", days: 5 } });
    expect(a.key).toBe(b.key);
    expect(a.key).not.toBe(other.key);
    expect(a.key).not.toBe(bare.key);
    expect(bare.source).toEqual({ kind: "query", queryId: 1001 });
    expect(resultsRequest(1001, [], options, {}).key).toBe(bare.key);
  });

  test("the source line says the rows are the latest run of these inputs; without inputs, just the latest result", () => {
    const facts = { executionId: "01KK", endedAt: "2026-03-15T09:40:00Z", readAt: Date.parse("2026-03-15T10:05:00Z") };
    const bound = { kind: "query", id: 1001, params: { symbol: "WBTC", days: 5 } };
    const source = describeBound(bound, undefined, facts);
    expect(source).toMatchObject({ kind: "latest", queryId: 1001, parameters: { symbol: "WBTC", days: 5 } });
    expect(sourceText(source)).toBe(
      "Query 1001, latest result of these inputs (days=5, symbol=WBTC); execution 01KK ran 2026-03-15 09:40 UTC; read 2026-03-15 10:05 UTC; https://dune.com/queries/1001",
    );
    const any = describeBound({ kind: "query", id: 1002, params: {} }, undefined, facts);
    expect(sourceText(any)).toMatch(/^Query 1002, latest result; execution/);
  });

  test("no run of its inputs: the inputs named, the rows kept, the re-run offered", () => {
    expect(noResultForInputsText({ symbol: "DAI", days: 5 }, "Run it.")).toBe(
      "no result for these inputs (days=5, symbol=DAI): its rows are kept (never another run's). Run it.",
    );
  });
});
