import { listBindings } from "../../src/excel";
import { openWorkbook } from "../../src/xlsx";
import { ManualClock } from "../support/manual-clock";
import { api } from "../support/http";
import { startTestService, waitFinished, type TestService } from "../support/service";
import { bytesOf, NOW, reportSpec, writeBook } from "./support/report-book";
import { recordingFetch, refresh } from "./support/run";
import { documentOf } from "./support/workbook-diff";

/**
 * `npm run refresh` reads a table bound to a run of a parameterised query as the latest result of *its* inputs: a
 * later run of other inputs never reaches it, and without a run of its inputs it keeps its rows and says so.
 */
describe("npm run refresh: a bound table keeps its own inputs", () => {
  let service: TestService;
  let env: Record<string, string>;
  const inputs = { symbol: "LINK", days: 4, since: "2024-05-01", interval: "day" };

  async function run(parameters: Record<string, unknown>): Promise<void> {
    const ack = await api(service.url, service.apiKey).post("/v1/query/1001/execute", { query_parameters: parameters });
    await waitFinished(service.url, service.apiKey, ack.body.execution_id as string);
  }

  async function step(file: string) {
    const fetch = recordingFetch();
    const result = await refresh([file, "--json"], env, { now: () => NOW, fetch });
    return { code: result.code, report: JSON.parse(result.out), urls: fetch.requests.map((r) => r.url) };
  }

  beforeAll(async () => {
    service = await startTestService({ datasets: true, clock: new ManualClock(NOW) });
    env = { SERVICE_API_KEY: service.apiKey, SERVICE_API_BASE_URL: service.url };
  }, 120_000);
  afterAll(async () => service.close());

  test("no run of its inputs: the table keeps its rows, says so and names the re-run; then the run of its inputs, not the latest", async () => {
    const file = await writeBook(reportSpec({ pricesTable: inputs }));
    await run({ ...inputs, symbol: "PEPE", days: 9 }); // the query's latest run, of other inputs

    const none = await step(file);
    const prices = () => none.report.tables.find((t: { table: string }) => t.table === "Prices");
    expect(prices()).toMatchObject({
      status: "skipped",
      source: "query 1001 (symbol=LINK, days=4, since=2024-05-01, interval=day)",
    });
    expect(prices().message).toContain(
      "no result for these inputs (days=4, interval=day, since=2024-05-01, symbol=LINK)",
    );
    expect(prices().message).toContain("--rerun all runs query 1001 with them");
    expect(none.urls.some((u) => u.includes("/v1/query/1001/results") && u.includes("params.symbol=LINK"))).toBe(true);
    let book = openWorkbook(await bytesOf(file));
    expect(book.worksheet("Prices").cells.get("A2")?.value).toBe("KEPT");

    await run(inputs);
    await run({ ...inputs, symbol: "UNI" }); // latest again, of other inputs
    const read = await step(file);
    expect(read.report.tables.find((t: { table: string }) => t.table === "Prices")).toMatchObject({
      status: "refreshed",
      rowsAfter: 4,
    });
    book = openWorkbook(await bytesOf(file));
    const cells = book.worksheet("Prices").cells;
    expect([2, 3, 4, 5].map((r) => cells.get(`A${r}`)?.value)).toEqual(["LINK", "LINK", "LINK", "LINK"]);
    const binding = listBindings(documentOf(await bytesOf(file))).find((b) => b.tableName === "Prices")!;
    expect(binding.source).toMatchObject({ kind: "latest", parameters: inputs });
  });
});
