import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { type TestService, startTestService } from "../support/service";
import { type Workbench, errorOf, generatedMetadata, matrixOf, until, workbench } from "./support/harness";
import { execute, executeAndWait } from "./support/service-runs";

/** SERVICE.RESULTS against the real local service: execution ids (E2) and query ids (E5). */
describe("SERVICE.RESULTS against the real service", () => {
  let service: TestService;
  let metadata: FunctionsMetadata;
  let bench: Workbench;
  let trades = "";
  let fixture = "";

  beforeAll(async () => {
    [service, metadata] = await Promise.all([startTestService(), generatedMetadata()]);
    [trades, fixture] = await Promise.all([
      executeAndWait(service.url, service.apiKey, 1002),
      executeAndWait(service.url, service.apiKey, 1008),
    ]);
  }, 60_000);
  afterAll(async () => service.close());
  beforeEach(() => {
    bench = workbench(metadata, { baseUrl: service.url, apiKey: service.apiKey });
  });
  afterEach(() => bench.close());

  it("an execution id spills its result with a header row, values typed", async () => {
    const cell = bench.cell("RESULTS", trades, "limit=3", "columns=trade_id,project,amount_usd,block_time");
    const matrix = matrixOf(await cell.result());
    expect(matrix[0]).toEqual(["trade_id", "project", "amount_usd", "block_time"]);
    expect(matrix.slice(1).map((r) => r[0])).toEqual([0, 1, 2]);
    expect(typeof matrix[1]![2]).toBe("number");
    expect(String(matrix[1]![3])).toMatch(/^2024-03-01[ T]00:00:00/);
  });

  it("the typing fixture: wide integers as text, text stays text, arrays joined, null empty, booleans", async () => {
    const matrix = matrixOf(await bench.cell("RESULTS", fixture, "sort_by=id").result());
    const header = matrix[0] as string[];
    const col = (name: string) => matrix.slice(1).map((r) => r[header.indexOf(name)]);
    expect(col("hex_text")).toEqual(["0x00ab", "0xdeadbeef", "TRUE", "2018-12-31", ""]);
    expect(col("code_text")).toEqual(["00123", "007", "1e5", "=1+1", "-1+1"]);
    expect(col("wide_int")).toEqual(["12345678901234567890", 42, -1, 0, ""]);
    expect(col("big_int")).toEqual(["9007199254740993", 42, "-9007199254740993", 0, ""]);
    expect(col("flag")).toEqual([true, false, "", true, false]);
    expect(col("tags")).toEqual(["a, b", "", "", 'x,y, z"w', "only"]);
    expect(col("small_double")).toEqual([1.5, -2.25, 3, "", 0]);
  });

  it("every shared option reaches the service: filters, sort_by, columns, limit, offset", async () => {
    const matrix = matrixOf(
      await bench
        .cell("RESULTS", trades, [
          ["filters", "project = 'curve'"],
          ["sort_by", "trade_id desc"],
          ["columns", "trade_id,project"],
          ["limit", 2],
          ["offset", 1],
        ])
        .result(),
    );
    expect(matrix).toEqual([
      ["trade_id", "project"],
      [493, "curve"],
      [489, "curve"],
    ]);
  });

  it("sample_count: that many random rows", async () => {
    const matrix = matrixOf(await bench.cell("RESULTS", trades, "sample_count=7", "headers=false").result());
    expect(matrix).toHaveLength(7);
  });

  it("a query id (number) gives the latest result of that query, typed from CSV", async () => {
    const matrix = matrixOf(
      await bench.cell("RESULTS", 1002, "limit=2", "headers=false", "columns=trade_id,amount_usd").result(),
    );
    expect(matrix.map((r) => r[0])).toEqual([0, 1]);
    expect(typeof matrix[0]![1]).toBe("number");
  });

  it("refresh pushes the new latest result after the query ran again", async () => {
    await executeAndWait(service.url, service.apiKey, 1001, { symbol: "WETH", days: 3 });
    const cell = bench.cell("RESULTS", 1001, "columns=symbol", "headers=false");
    expect(matrixOf(await cell.result())[0]).toEqual(["WETH"]);
    await executeAndWait(service.url, service.apiKey, 1001, { symbol: "WBTC", days: 3 });
    const recalculated = bench.cell("RESULTS", 1001, "columns=symbol", "headers=false");
    expect(matrixOf(await recalculated.result())[0]).toEqual(["WETH"]); // a recalculation serves the cache
    await expect(bench.runtime.refreshAll()).resolves.toEqual({ cells: 2, requests: 1, failures: [], held: 0 });
    expect(matrixOf(cell.latest)[0]).toEqual(["WBTC"]);
    expect(matrixOf(recalculated.latest)[0]).toEqual(["WBTC"]);
  });

  it("100 identical cells → 1 HTTP request against the real service", async () => {
    const cells = Array.from({ length: 100 }, () => bench.cell("RESULTS", trades, "limit=10"));
    await Promise.all(cells.map((c) => c.result()));
    expect(bench.fetch.count).toBe(1);
  });

  it("a run still going shows #N/A, then its rows once it finishes", async () => {
    const running = await execute(service.url, service.apiKey, 1003);
    // No columns= here: the local service refuses a column list for a run that has not finished (no columns yet).
    const cell = bench.cell("RESULTS", running, "limit=3", "headers=false");
    await until(bench, () => Array.isArray(cell.latest));
    expect((cell.latest as unknown[][]).map((r) => r[0])).toEqual([0, 1, 2]);
    const first = cell.results[0];
    if (!Array.isArray(first))
      expect(errorOf(first)).toMatchObject({ code: "#N/A", message: expect.stringMatching(/still running/) });
  });

  it("too large to spill: refused after the first page, saying how to narrow it", async () => {
    const big = await executeAndWait(service.url, service.apiKey, 1003);
    bench.fetch.reset();
    const error = errorOf(await bench.cell("RESULTS", big).result());
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toMatch(
      /^Too large to spill: 1,000,000 rows × 10 columns is an estimated \d+\.\d MB \(limit 2\.0 MB\)\. Narrow it with "columns=\.\.\.", "limit=\.\.\." or "filters=\.\.\.", or insert it as a table from the Service task pane\.$/,
    );
    // The size told is the whole result's, projected from the first pages: over the limit, not what was read.
    expect(Number(/an estimated (\d+\.\d) MB/.exec(String(error.message))?.[1])).toBeGreaterThan(2);
    expect(bench.fetch.count).toBeLessThanOrEqual(5);
    const narrowed = matrixOf(await bench.cell("RESULTS", big, "limit=1000", "columns=id,symbol").result());
    expect(narrowed).toHaveLength(1001);
  });

  it("bad filter: the service's message with its position", async () => {
    const error = errorOf(await bench.cell("RESULTS", trades, "filters=tokn = 'x'").result());
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toMatch(/^filters: .*"tokn".* at position 0/);
  });

  it.each([
    ["unknown option", ["colour=red"], /^Unknown option "colour" for SERVICE.RESULTS; options: filters, sort_by/],
    ["sample_count with limit", ["sample_count=3", "limit=3"], /sample_count cannot be combined with limit/],
  ])("%s: #VALUE! before any request", async (_name, options, message) => {
    const error = errorOf(await bench.cell("RESULTS", trades, ...options).result());
    expect(error).toMatchObject({ code: "#VALUE!", message: expect.stringMatching(message) });
  });

  it("unknown execution: #N/A with the service's message", async () => {
    const error = errorOf(await bench.cell("RESULTS", "01J00000000000000000000000").result());
    expect(error.code).toBe("#N/A");
    expect(error.message).toMatch(/not found/i);
  });

  it("invalid key: #VALUE! asking to sign in again, never showing the key", async () => {
    bench.close();
    bench = workbench(metadata, { baseUrl: service.url, apiKey: "sk-wrong-key-42" });
    const error = errorOf(await bench.cell("RESULTS", trades).result());
    expect(error).toMatchObject({
      code: "#VALUE!",
      message: "Invalid API key: sign in again from the Service task pane.",
    });
    expect(JSON.stringify(bench.cf.invocations.map((i) => i.results))).not.toContain("sk-wrong-key-42");
  });

  it("network trouble: #N/A saying the service cannot be reached", async () => {
    bench.close();
    bench = workbench(metadata, { baseUrl: "http://127.0.0.1:9", apiKey: service.apiKey });
    const error = errorOf(await bench.cell("RESULTS", trades).result());
    expect(error).toMatchObject({
      code: "#N/A",
      message: "Cannot reach the service; check the connection and the service address.",
    });
  });
});

describe("SERVICE.RESULTS: partial results and rate limits", () => {
  let metadata: FunctionsMetadata;
  beforeAll(async () => {
    metadata = await generatedMetadata();
  });

  it("a partial result says how to allow it, and allow_partial_results=true returns the kept rows", async () => {
    const service = await startTestService({ maxResultBytes: 4_000 });
    const bench = workbench(metadata, { baseUrl: service.url, apiKey: service.apiKey });
    try {
      const id = await executeAndWait(service.url, service.apiKey, 1002);
      const refused = errorOf(await bench.cell("RESULTS", id).result());
      expect(refused).toMatchObject({
        code: "#VALUE!",
        message: expect.stringMatching(/Add "allow_partial_results=true"/),
      });
      const rows = matrixOf(await bench.cell("RESULTS", id, "allow_partial_results=true").result());
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.length).toBeLessThan(501);
    } finally {
      bench.close();
      await service.close();
    }
  });

  it("rate limited: #N/A with when to try again", async () => {
    const service = await startTestService({ rateLimitPerMinute: 2 });
    const bench = workbench(metadata, { baseUrl: service.url, apiKey: service.apiKey });
    try {
      // Five different requests (unknown ids: no setup requests spend the budget); past two a minute, 429.
      const cells = [1, 2, 3, 4, 5].map((n) => bench.cell("RESULTS", `01J0000000000000000000000${n}`));
      const errors = (await Promise.all(cells.map((c) => c.result()))).map(errorOf);
      const limited = errors.filter((e) => !/not found/i.test(e.message ?? ""));
      expect(limited.length).toBeGreaterThanOrEqual(3);
      for (const error of limited) {
        expect(error).toMatchObject({
          code: "#N/A",
          message: expect.stringMatching(
            /^Rate limited by the service\. Too many requests; try again (in \d+ s|shortly)\.$/,
          ),
        });
      }
    } finally {
      bench.close();
      await service.close();
    }
  });
});
