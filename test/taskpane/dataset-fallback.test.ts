import { getBinding } from "../../src/excel";
import { InsertController } from "../../src/taskpane/logic/insert-controller";
import { refreshAll } from "../../src/taskpane/logic/refresh-all";
import { ManualClock } from "../support/manual-clock";
import { RETIRED_KEY, retiredDatasetsApi } from "../support/retired-datasets-api";
import { testPane } from "./support/pane-deps";

const BASE = "http://service.test";
const OPTIONS = { destination: "selection", asTable: true, headers: true } as const;

describe("the pane's dataset insert and bound tables when the endpoint is gone", () => {
  it("inserts the saved query's rows, says where they came from, and refreshes the bound table the same way", async () => {
    const api = retiredDatasetsApi({ endpoints: "gone", queries: "local", endedAt: "2024-06-01T09:45:00.000Z" });
    const clock = new ManualClock(Date.UTC(2024, 5, 1, 10, 0, 0));
    const pane = await testPane(BASE, { apiKey: RETIRED_KEY, fetch: api.fetch, clock });
    const insert = new InsertController(pane.deps);
    const end = await insert.insert(
      {
        kind: "dataset",
        name: "marketshare",
        args: ["nft", "solana"],
        params: { columns: "market,blockchain,project" },
      },
      OPTIONS,
    );
    expect(end).toMatchObject({ phase: "complete", rowsWritten: 2, address: "Sheet1!A1:C3" });
    expect(end.message).toContain(
      "Rows from saved query 9000004's latest result, 15 minutes old (2024-06-01 09:45 UTC): its endpoint /v1/marketshare/nft/solana is gone.",
    );
    expect(pane.wb.inspect.values("Sheet1", "A1:C2")).toEqual([
      ["market", "blockchain", "project"],
      ["nft", "solana", "project-1"],
    ]);
    // The binding is the dataset's, as ever: where its rows come from is the service's business, not the workbook's.
    expect(getBinding(pane.deps.settings, end.tableName!)).toMatchObject({
      kind: "dataset",
      id: "marketshare",
      args: { market: "nft", chain: "solana" },
    });
    api.reset();
    clock.advance(24 * 60 * 60 * 1000);
    const [outcome] = (await refreshAll(pane.deps, { mode: "latest" })).tables;
    expect(api.paths()).toEqual(["/v1/query/9000004/results"]);
    expect(outcome).toMatchObject({ status: "refreshed", rows: 2 });
    expect(outcome!.note).toBe(
      "Rows from saved query 9000004's latest result, 24 hours old (2024-06-01 09:45 UTC): its endpoint /v1/marketshare/nft/solana is gone.",
    );
    expect(outcome!.message).toBe(`${end.tableName}: 2 rows. ${outcome!.note}`);
  });

  it("rows from the endpoint say nothing more than before", async () => {
    const api = retiredDatasetsApi({ endpoints: "up" });
    const pane = await testPane(BASE, { apiKey: RETIRED_KEY, fetch: api.fetch });
    const end = await new InsertController(pane.deps).insert(
      { kind: "dataset", name: "avs", args: [], params: {} },
      OPTIONS,
    );
    expect(end.message).toMatch(
      /^Inserted 2 rows at Sheet1!A1:R3\. Table \S+ is refreshable\. Read 1 KB: 0\.03 credits\.$/,
    );
    const [outcome] = (await refreshAll(pane.deps, { mode: "latest" })).tables;
    expect(outcome!.note).toBeUndefined();
  });
});
