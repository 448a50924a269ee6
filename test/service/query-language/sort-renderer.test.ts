import { parseSort, renderSort } from "../../../src/service/query-language";
import { type SortKey } from "../../../src/service/query-language/sort-parser";
import { COLUMNS } from "./fixtures";

describe("renderSort", () => {
  test.each([
    ["usd_liquidity desc", `"usd_liquidity" DESC`],
    ["amount, trades desc", `"amount" ASC, "trades" DESC`],
    ["amount desc nulls first, trades nulls last", `"amount" DESC NULLS FIRST, "trades" ASC NULLS LAST`],
    ["dec", `"dec" ASC`],
    ['"say ""hi""" desc', `"say ""hi""" DESC`],
    ["total_tvl", `"total_TVL" ASC`],
  ])("%j renders as %s", (text, sql) => {
    expect(renderSort(parseSort(text, COLUMNS))).toBe(sql);
  });

  test.each<[string, unknown]>([
    ["no keys", []],
    ["a direction outside the table", [{ column: "amount", direction: "desc; DROP TABLE t" }]],
    ["a nulls placement outside the table", [{ column: "amount", direction: "asc", nulls: "toString" }]],
    ["an empty column name", [{ column: "", direction: "asc" }]],
  ])("refuses %s", (_, keys) => {
    expect(() => renderSort(keys as SortKey[])).toThrow();
  });
});
