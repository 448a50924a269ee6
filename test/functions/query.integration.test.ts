import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { type TestService, startTestService } from "../support/service";
import {
  TestDocument,
  type Workbench,
  errorOf,
  executesSent,
  generatedMetadata,
  matrixOf,
  workbench,
} from "./support/harness";
import { executeAndWait } from "./support/service-runs";
import { queryRunKey } from "../../src/service-cells";

/**
 * SERVICE.QUERY against the real local service: inputs from cells, never an execution of its own, and the
 * workbook's remembered runs (kept in the document's settings) shown by execution id.
 */
describe("SERVICE.QUERY", () => {
  let service: TestService;
  let metadata: FunctionsMetadata;
  let bench: Workbench;
  /** The document's settings, as Office keeps them: they outlive a reload of the add-in. */
  let document: TestDocument;
  const executes = () => executesSent(bench);

  beforeAll(async () => {
    [service, metadata] = await Promise.all([startTestService(), generatedMetadata()]);
  }, 60_000);
  afterAll(async () => service.close());
  beforeEach(() => {
    document = new TestDocument();
    bench = workbench(metadata, {
      baseUrl: service.url,
      apiKey: service.apiKey,
      runtime: { runSettings: document.settings },
    });
  });
  afterEach(() => bench.close());

  it("with no run for its inputs it says so, with the inputs and the cost, and executes nothing", async () => {
    const cell = bench.cell("QUERY", 1001, "symbol", "WETH", "days", 14);
    const error = errorOf(await cell.result());
    expect(error.code).toBe("#N/A");
    expect(error.message).toBe(
      "Not run with these inputs yet (symbol=WETH, days=14): run it from the Service pane (an estimated 10 credits)",
    );
    expect(executes()).toBe(0);
  });

  it("the large tier's cost is named; a two-column range of names and values works too", async () => {
    const cell = bench.cell(
      "QUERY",
      1001,
      [
        ["name", "value"],
        ["symbol", "WBTC"],
        ["interval", "week"],
      ],
      "performance=large",
    );
    expect(errorOf(await cell.result()).message).toBe(
      "Not run with these inputs yet (symbol=WBTC, interval=week): run it from the Service pane (20 credits)",
    );
  });

  it("a run recorded for its inputs (as the pane does) appears in the waiting cell, fetched by id: no execute", async () => {
    const cell = bench.cell("QUERY", 1001, "symbol", "WETH", "days", "14", "limit=3");
    errorOf(await cell.result());
    const id = await executeAndWait(service.url, service.apiKey, 1001, { symbol: "WETH", days: "14" });
    bench.runtime.queryRuns.record(queryRunKey(1001, { symbol: "WETH", days: 14 }, "auto"), {
      executionId: id,
      finishedAt: bench.clock.now(),
    });
    for (let i = 0; i < 150 && !Array.isArray(cell.latest); i++) await new Promise((done) => setTimeout(done, 20));
    const matrix = matrixOf(cell.latest);
    expect(matrix[0]).toContain("symbol");
    expect(matrix).toHaveLength(4);
    expect(executes()).toBe(0);
    expect(bench.fetch.paths.some((p) => p.includes(`/v1/execution/${id}/results`))).toBe(true);
  });

  it("the workbook remembers the run: a reload (new runtime, same document) shows it with zero executes", async () => {
    const id = await executeAndWait(service.url, service.apiKey, 1001, { symbol: "UNI" });
    bench.runtime.queryRuns.record(queryRunKey(1001, { symbol: "UNI" }, "auto"), {
      executionId: id,
      finishedAt: bench.clock.now(),
    });
    expect(JSON.stringify([...document.values.values()])).toContain(id);
    expect(JSON.stringify([...document.values.values()])).not.toContain(service.apiKey);
    bench.close();
    bench = workbench(metadata, {
      baseUrl: service.url,
      apiKey: service.apiKey,
      runtime: { runSettings: document.settings },
    });
    const matrix = matrixOf(await bench.cell("QUERY", 1001, "symbol", "UNI", "limit=2").result());
    expect(matrix).toHaveLength(3);
    expect(executes()).toBe(0);
  });

  it("a run older than 90 days has expired: the cell says so and offers a re-run", async () => {
    bench.runtime.queryRuns.record(queryRunKey(1001, { symbol: "OLD" }, "auto"), {
      executionId: "01ARZ3NDEKTSV4RRFFQ69G5FAV",
      finishedAt: bench.clock.now() - 91 * 86_400_000,
    });
    const error = errorOf(await bench.cell("QUERY", 1001, "symbol", "OLD").result());
    expect(error.message).toMatch(
      /^The last run with these inputs has expired \(results are kept 90 days\): run it again/,
    );
    expect(executes()).toBe(0);
  });

  it("a date cell (its serial number) becomes the query's date text for a date parameter", async () => {
    const error = errorOf(await bench.cell("QUERY", 1001, "since", 45292, "symbol", "WETH").result());
    expect(error.message).toContain("since=2024-01-01");
  });

  it("a name without a value is a formula error", async () => {
    const error = errorOf(await bench.cell("QUERY", 1001, "symbol").result());
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toMatch(/Parameter "symbol" has no value/);
  });
});
