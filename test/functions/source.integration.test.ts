import { DEFAULT_TIER, queryRunKey } from "../../src/service-cells";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { ManualClock } from "../support/manual-clock";
import { type TestService, startTestService } from "../support/service";
import {
  TestDocument,
  type Workbench,
  errorOf,
  generatedMetadata,
  matrixOf,
  settle,
  workbench,
} from "./support/harness";
import { executeAndWait } from "./support/service-runs";

/** 2026-03-15 10:05 UTC: the dex dataset's 30-minute slot in force is 10:00. */
const NOW = Date.parse("2026-03-15T10:05:00Z");

/** SERVICE.SOURCE against the real local service: where a result's rows came from, by the referenced cell's address. */
describe("SERVICE.SOURCE", () => {
  let service: TestService;
  let metadata: FunctionsMetadata;
  let bench: Workbench;
  let document: TestDocument;
  const serviceClock = new ManualClock(NOW);

  beforeAll(async () => {
    [service, metadata] = await Promise.all([
      startTestService({ datasets: true, clock: serviceClock }),
      generatedMetadata(),
    ]);
  }, 60_000);
  afterAll(async () => service.close());
  beforeEach(() => {
    document = new TestDocument();
    bench = workbench(metadata, {
      baseUrl: service.url,
      apiKey: service.apiKey,
      runtime: { runSettings: document.settings },
    });
    bench.clock.set(NOW);
  });
  afterEach(() => bench.close());

  const source = (address: string) => bench.cellIn<string[][]>({ parameterAddresses: [address] }, "SOURCE", [[null]]);
  const text = async (cell: ReturnType<typeof source>, n = 1) => matrixOf(await cell.result(n))[0]![0] as string;

  test("functions.json asks Excel for the reference's address, and for the cells' own", () => {
    const byId = new Map(metadata.functions.map((f) => [f.id, f]));
    expect(byId.get("SOURCE")).toMatchObject({
      options: { stream: true, requiresStreamParameterAddresses: true },
      result: { dimensionality: "matrix" },
    });
    for (const id of ["DATASET", "RESULTS", "QUERY"])
      expect(byId.get(id)!.options).toHaveProperty("requiresStreamAddress", true);
  });

  test("a cell of a dataset's spill: the dataset, its refresh slot, the query behind it, the run, its page", async () => {
    const data = bench.cellIn(
      { address: "Report!B2" },
      "DATASET",
      "dex",
      "ethereum",
      "limit=3",
      "columns=token_pair,chain",
    );
    matrixOf(await data.result());
    const res = await fetch(`${service.url}/v1/dex/pairs/ethereum?limit=1`, {
      headers: { "X-Service-Api-Key": service.apiKey },
    });
    const executionId = ((await res.json()) as { execution_id: string }).execution_id;
    const line = await text(source("Report!C4"));
    expect(line).toMatch(/^Dataset dex \(ethereum\), refresh slot 2026-03-15 10:00 UTC; query 3568055; execution /);
    expect(line).toContain(`execution ${executionId} ran 2026-03-15 10:0`);
    expect(line).toContain("; read 2026-03-15 10:05 UTC; https://dune.com/queries/3568055");
    // Outside the spill there is nothing to name.
    expect(errorOf(await source("Report!D4").result()).message).toMatch(
      /^No SERVICE result or inserted table at Report!D4/,
    );
  });

  test("a SERVICE.QUERY result: the query's name and parameters, the run, and the workbook's page pattern", async () => {
    document.values.set("service.queryPage", "https://queries.example.com/q/{query_id}/view");
    const parameters = { symbol: "WETH", days: 3 };
    const executionId = await executeAndWait(service.url, service.apiKey, 1001, parameters);
    bench.runtime.queryRuns.record(queryRunKey(1001, parameters, DEFAULT_TIER), { executionId, finishedAt: NOW });
    const cell = bench.cellIn({ address: "'My report'!A1" }, "QUERY", 1001, "symbol", "WETH", "days", 3);
    matrixOf(await cell.result());
    const shown = source("'My report'!A2");
    let line = await text(shown);
    if (!line.includes('"Token price history"')) line = await text(shown, 2);
    expect(line).toMatch(
      new RegExp(`^Query 1001 "Token price history" \\(days=3, symbol=WETH\\); execution ${executionId} ran `),
    );
    expect(line.endsWith("; https://queries.example.com/q/1001/view")).toBe(true);
  });

  test("it streams: a result that appears, and a refresh to a new slot, bring a new line", async () => {
    const shown = source("Sheet1!A1");
    expect(errorOf(await shown.result()).code).toBe("#N/A");
    const data = bench.cellIn({ address: "Sheet1!A1" }, "DATASET", "dex", "base", "limit=2");
    matrixOf(await data.result());
    const first = await text(shown, 2);
    expect(first).toContain("refresh slot 2026-03-15 10:00 UTC");
    serviceClock.set(NOW + 30 * 60_000);
    bench.clock.set(NOW + 30 * 60_000);
    await bench.runtime.refreshAll();
    await settle();
    const second = shown.latest as string[][];
    expect(second[0]![0]).toContain("refresh slot 2026-03-15 10:30 UTC");
    expect(second[0]![0]).not.toBe(first);
    data.cancel();
    expect(errorOf(shown.latest).code).toBe("#N/A");
  });

  test("an inserted table's source comes from the pane's lookup; no address is a #VALUE! that says why", async () => {
    bench.runtime.setTableSources((sheet, row, column) =>
      sheet === "Data" && row <= 3 && column <= 1
        ? { kind: "latest", queryId: 1002, readAt: "2026-03-15T10:00:00.000Z" }
        : undefined,
    );
    expect(await text(source("Data!B2"))).toBe(
      "Query 1002, latest result; read 2026-03-15 10:00 UTC; https://dune.com/queries/1002",
    );
    const none = bench.cellIn({}, "SOURCE", [["x"]]);
    expect(errorOf(await none.result())).toMatchObject({ code: "#VALUE!" });
    expect(errorOf(none.latest).message).toMatch(/needs a reference to a cell/);
  });
});
