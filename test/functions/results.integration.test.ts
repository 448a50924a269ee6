import { type FunctionsMetadata } from "../../src/playground/custom-functions";
import { type TestService, startTestService, waitFinished } from "../support/service";
import { type Workbench, errorOf, generatedMetadata, matrixOf, settle, workbench } from "./support/harness";

/** SERVICE.RESULTS against the real local service: execution ids (E2) and query ids (E5). */
describe("SERVICE.RESULTS", () => {
  let service: TestService;
  let metadata: FunctionsMetadata;
  let bench: Workbench;
  let tradesRun = "";

  beforeAll(async () => {
    [service, metadata] = await Promise.all([startTestService(), generatedMetadata()]);
    const res = await fetch(`${service.url}/v1/query/1002/execute`, {
      method: "POST",
      headers: { "X-Service-Api-Key": service.apiKey, "Content-Type": "application/json" },
      body: "{}",
    });
    tradesRun = ((await res.json()) as { execution_id: string }).execution_id;
    await waitFinished(service.url, service.apiKey, tradesRun);
  }, 60_000);
  afterAll(async () => service.close());
  beforeEach(() => {
    bench = workbench(metadata, { baseUrl: service.url, apiKey: service.apiKey });
  });
  afterEach(() => bench.close());

  it("an execution id spills the result with a header row, values typed", async () => {
    const cell = bench.cell("RESULTS", tradesRun, "limit=3", "columns=trade_id,project,amount_usd,block_time");
    const matrix = matrixOf(await cell.result());
    expect(matrix[0]).toEqual(["trade_id", "project", "amount_usd", "block_time"]);
    expect(matrix).toHaveLength(4);
    expect(matrix.slice(1).map((r) => r[0])).toEqual([0, 1, 2]);
    expect(typeof matrix[1]![2]).toBe("number");
    expect(String(matrix[1]![3])).toMatch(/^2024-03-01/);
  });

  it("a query id gives the latest result of that query (CSV typed by the client)", async () => {
    const matrix = matrixOf(await bench.cell("RESULTS", 1002, "limit=2", "headers=false").result());
    expect(matrix).toHaveLength(2);
    expect(matrix[0]![0]).toBe(0);
    expect(matrix[1]![0]).toBe(1);
  });
});
