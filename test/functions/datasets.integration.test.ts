import { ManualClock } from "../support/manual-clock";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { type TestService, startTestService } from "../support/service";
import { type Workbench, errorOf, generatedMetadata, matrixOf, until, workbench } from "./support/harness";

/** SERVICE.DATASET against the real local service's curated datasets (E6–E11), on a clock both sides share. */
describe("SERVICE.DATASET", () => {
  const START = "2024-06-01T10:07:00Z"; // the harness's runtime clock starts here too
  const serviceClock = new ManualClock(START);
  let service: TestService;
  let metadata: FunctionsMetadata;
  let bench: Workbench;

  beforeAll(async () => {
    [service, metadata] = await Promise.all([
      startTestService({ datasets: true, clock: serviceClock }),
      generatedMetadata(),
    ]);
  }, 120_000);
  afterAll(async () => service.close());
  beforeEach(() => {
    serviceClock.set(START);
    bench = workbench(metadata, { baseUrl: service.url, apiKey: service.apiKey });
  });
  afterEach(() => bench.close());

  it.each([
    [["avs"], ["avs_name", "avs_contract_address", "num_operators", "total_TVL"]],
    [["operators"], ["operator_name", "operator_contract_address", "website", "microblog"]],
    [
      ["dex", "ethereum"],
      ["chain", "token_pair", "projects", "pool_ids"],
    ],
    [
      ["marketshare", "dex", "ethereum"],
      ["time", "market", "blockchain", "project"],
    ],
    [
      ["marketshare", "market=nft", "chain=solana"],
      ["time", "market", "blockchain", "project"],
    ],
    [["channels"], ["channel_tier_name", "channel_tier", "channel_tier_last", "channel"]],
    [["users"], ["fid_active_tier_name", "fid_active_tier", "fid_active_tier_last", "fid"]],
  ])("DATASET(%j) spills a header row and typed rows", async (args, firstColumns) => {
    const matrix = matrixOf(await bench.cell("DATASET", ...args, "limit=5").result());
    expect((matrix[0] as string[]).slice(0, firstColumns.length)).toEqual(firstColumns);
    expect(matrix.length).toBeGreaterThan(1);
    expect(matrix.length).toBeLessThanOrEqual(6);
    expect(
      matrix.every((row) => row.length === firstColumns.length || row.length === (matrix[0] as unknown[]).length),
    ).toBe(true);
  });

  it("dex pairs: arrays joined, numbers as numbers, filters/sort_by/columns/offset applied by the service", async () => {
    const top = matrixOf(
      await bench
        .cell(
          "DATASET",
          "dex",
          "ethereum",
          "sort_by=usd_liquidity desc",
          "columns=token_pair,projects,usd_liquidity",
          "limit=3",
        )
        .result(),
    );
    expect(top[0]).toEqual(["token_pair", "projects", "usd_liquidity"]);
    const liquidity = top.slice(1).map((r) => r[2] as number);
    expect(liquidity.every((v) => typeof v === "number")).toBe(true);
    expect(liquidity).toEqual([...liquidity].sort((a, b) => b - a));
    expect(String(top[1]![1])).not.toMatch(/^\[/);
    const pair = String(top[1]![0]);
    const filtered = matrixOf(
      await bench
        .cell("DATASET", "dex", "ethereum", `filters=token_pair = '${pair}'`, "columns=token_pair", "headers=false")
        .result(),
    );
    expect(filtered.every((r) => r[0] === pair)).toBe(true);
    const second = matrixOf(
      await bench
        .cell(
          "DATASET",
          "dex",
          "ethereum",
          "sort_by=usd_liquidity desc",
          "columns=token_pair,projects,usd_liquidity",
          "limit=1",
          "offset=1",
          "headers=false",
        )
        .result(),
    );
    expect(second).toEqual([top[2]]);
  });

  it("sample_count returns that many rows", async () => {
    expect(matrixOf(await bench.cell("DATASET", "users", "sample_count=4", "headers=false").result())).toHaveLength(4);
  });

  it("marketshare time column: text by default, Excel serial dates with timestamps=excel", async () => {
    const text = matrixOf(
      await bench
        .cell("DATASET", "marketshare", "dex", "ethereum", "columns=time", "limit=1", "headers=false")
        .result(),
    );
    expect(String(text[0]![0])).toMatch(/^\d{4}-\d{2}-\d{2}/);
    const serial = matrixOf(
      await bench
        .cell(
          "DATASET",
          "marketshare",
          "dex",
          "ethereum",
          "columns=time",
          "limit=1",
          "headers=false",
          "timestamps=excel",
        )
        .result(),
    );
    expect(typeof serial[0]![0]).toBe("number");
  });

  it.each([
    [
      ["tvl"],
      /^Unknown dataset "tvl"; allowed: avs, operators, dex <chain>, marketshare <market> <chain>, channels, users/,
    ],
    [["dex", "mars"], /^Unknown chain "mars" for dataset "dex"; allowed: arbitrum, base, bnb, celo, ethereum/],
    [["marketshare", "stocks", "ethereum"], /^Unknown market "stocks" for dataset "marketshare"; allowed: dex, nft/],
    [["avs", "colour=red"], /^Unknown option "colour" for SERVICE.DATASET; options: filters/],
    [["avs", "filters=avs_nme = 'x'"], /^filters: .*"avs_nme".* at position 0/],
  ])("DATASET(%j): #VALUE! with the valid choices", async (args, message) => {
    const error = errorOf(await bench.cell("DATASET", ...args).result());
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toMatch(message);
  });

  it("100 cells with one formula: one HTTP request", async () => {
    const cells = Array.from({ length: 100 }, () => bench.cell("DATASET", "channels", "limit=20"));
    await Promise.all(cells.map((c) => c.result()));
    expect(bench.fetch.count).toBe(1);
  });

  it("Refresh All after the service's data changed pushes the new values into live cells", async () => {
    const cell = bench.cell(
      "DATASET",
      "dex",
      "base",
      "sort_by=token_pair",
      "columns=token_pair,usd_liquidity",
      "limit=5",
    );
    const before = matrixOf(await cell.result());
    serviceClock.advance(30 * 60_000); // the next 30-minute refresh
    await expect(bench.runtime.refreshAll()).resolves.toEqual({ cells: 1, requests: 1, failures: [], held: 0 });
    const after = matrixOf(cell.latest);
    expect(after[0]).toEqual(before[0]);
    expect(after).not.toEqual(before);
  });

  it("auto-refresh at the dataset's schedule (AVS: every 15 minutes) pushes new values without a recalculation", async () => {
    bench.runtime.queries.setBudget(100); // automatic refreshes spend only within the workbook's daily budget
    const cell = bench.cell("DATASET", "avs", "sort_by=avs_name", "columns=avs_name,total_TVL", "limit=5");
    const before = matrixOf(await cell.result());
    const at = [...bench.runtime.autoRefreshSchedule().values()][0]!;
    expect(new Date(at).toISOString()).toBe("2024-06-01T10:15:30.000Z");
    serviceClock.set(new Date(at));
    bench.clock.advance(at - bench.clock.now());
    await until(bench, () => cell.results.length >= 2, 0);
    expect(matrixOf(cell.latest)).not.toEqual(before);
    expect(bench.fetch.count).toBe(2);
  });
});
