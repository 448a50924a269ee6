import {
  DATASET_CATALOG,
  InvalidArgumentError,
  ServiceClient,
  combineFilters,
  datasetFallback,
  resultMatchesDataset,
} from "../../src/client";
import { scriptedFetch } from "./support/fetch-fakes";

describe("how a dataset is read when its endpoint is gone", () => {
  it.each([
    ["avs", [], [3693850, 9000001], undefined],
    ["operator-metadata", [], [3685760, 9000002], undefined],
    ["dex", [" Ethereum "], [3568055, 9000003], "chain = 'ethereum'"],
    ["marketshare", ["nft", "solana"], [3575029, 9000004], "market = 'nft' AND blockchain = 'solana'"],
    ["channels", [], [3633434, 9000005], undefined],
    ["users", [], [3633428, 9000006], undefined],
  ])("%s %j: queries %j, path filter %s", (name, args, ids, filter) => {
    const fallback = datasetFallback(name, args);
    expect(fallback.queryIds).toEqual(ids);
    expect(fallback.pathFilter).toBe(filter);
  });

  it("checks the arguments exactly as the endpoint would", () => {
    expect(() => datasetFallback("dex", ["mars"])).toThrow(InvalidArgumentError);
    expect(() => datasetFallback("marketshare", ["nft"])).toThrow(/takes 2 arguments/);
    expect(() => datasetFallback("nope")).toThrow(/Unknown dataset/);
  });

  it("every path argument's column is one of the dataset's columns", () => {
    for (const entry of DATASET_CATALOG) {
      const names = entry.columns.map(([c]) => c);
      for (const arg of entry.args) expect(names).toContain(arg.column);
    }
  });

  it.each([
    [undefined, undefined, undefined],
    [undefined, " a = 1 ", "a = 1"],
    ["chain = 'base'", undefined, "chain = 'base'"],
    ["chain = 'base'", "   ", "chain = 'base'"],
    // The caller's OR stays inside its parentheses.
    ["chain = 'base'", "a = 1 or b = 2", "chain = 'base' AND (a = 1 or b = 2)"],
  ])("path %s and filters %s → %s", (path, own, combined) => {
    expect(combineFilters(path, own)).toBe(combined);
  });

  it.each([
    ["the catalog's own columns", "dex", DATASET_CATALOG[2].columns.map(([c]) => c), true],
    [
      "a column renamed or two, any case",
      "operators",
      ["OPERATOR_NAME", "operator_contract_address", "website", "twitter", "logo", "description"],
      true,
    ],
    ["a query of something else", "dex", ["block_time", "tx_hash", "chain"], false],
    [
      "no column the path filter reads",
      "dex",
      DATASET_CATALOG[2].columns.map(([c]) => c).filter((c) => c !== "chain"),
      false,
    ],
  ])("a result with %s matches: %s", (_what, name, columns, matches) => {
    const args = name === "dex" ? ["ethereum"] : [];
    expect(resultMatchesDataset(datasetFallback(name, args), columns as string[])).toBe(matches);
  });

  it("pages of JSON sources carry when their run ended", async () => {
    const fetch = scriptedFetch([
      {
        status: 200,
        body: {
          execution_id: "01HW6N7VF1H7VYQ91GC0NP673E",
          state: "QUERY_STATE_COMPLETED",
          is_execution_finished: true,
          execution_ended_at: "2024-04-23T23:39:29.389539Z",
          result: {
            metadata: { column_names: ["a"], column_types: ["bigint"], row_count: 1, total_row_count: 1 },
            rows: [{ a: 1 }],
          },
        },
      },
    ]);
    const client = new ServiceClient({ apiKey: "k", baseUrl: "http://127.0.0.1:1", fetch });
    const pages = [];
    for await (const page of client.pages({ queryId: 3568055, format: "json" })) pages.push(page);
    expect(pages[0]!.endedAt).toBe("2024-04-23T23:39:29.389539Z");
    expect(pages[0]!.executionId).toBe("01HW6N7VF1H7VYQ91GC0NP673E");
  });
});
