import { readRefreshTimes } from "../../src/service-cells";
import { ManualClock } from "../support/manual-clock";
import { startTestService, type TestService } from "../support/service";
import { row } from "../xlsx/support/build-workbook";
import { bytesOf, formula, NOW, reportSpec, writeBook } from "./support/report-book";
import { recordingFetch, refresh } from "./support/run";
import { changedCells, documentOf, valuesAt } from "./support/workbook-diff";

const PAIRS3 = "/v1/dex/pairs/ethereum?columns=token_pair%2Cchain&limit=3";
const PAIRS2 = "/v1/dex/pairs/ethereum?columns=token_pair%2Cchain&limit=2";

/** What keeps a refresh within its budget and the add-in's limits while it runs. */
describe("npm run refresh while it runs", () => {
  let service: TestService;
  let env: Record<string, string>;
  const now = () => NOW;

  beforeAll(async () => {
    service = await startTestService({ datasets: true, clock: new ManualClock(NOW) });
    env = { SERVICE_API_KEY: service.apiKey, SERVICE_API_BASE_URL: service.url };
  }, 120_000);
  afterAll(async () => service.close());

  test("a read whose estimate would pass what is left of the budget is not started; the rest is written", async () => {
    // The last refresh recorded the cell's read as 1 byte: the plan (0.01 for it, 0.02 for the table's) fits a budget
    // of 0.03, but the first read really costs 0.02, so the table's is held.
    const recordedBefore = { refreshedAt: "2026-03-01T00:00:00.000Z", bytes: 1 };
    const settings = {
      "service.requestRefreshIndex": JSON.stringify([PAIRS3]),
      [`service.requestRefresh.${PAIRS3}`]: JSON.stringify(recordedBefore),
    };
    const file = await writeBook(reportSpec({ settings }));
    const fetch = recordingFetch();
    const run = await refresh([file, "--budget", "0.03", "--json", "--plan", "free"], env, { now, fetch });
    const report = JSON.parse(run.out);
    expect(report.estimate.reads).toBe(0.03);
    expect(report.reads[0]).toMatchObject({
      request: PAIRS3,
      basis: "last refresh",
      estimatedBytes: 1,
      status: "read",
    });
    expect(report.reads[1]).toMatchObject({ request: PAIRS2, status: "skipped" });
    expect(report.reads[1].message).toBe(
      "not started: with 0.02 credits spent, its estimate of 0.02 would pass the budget of 0.03",
    );
    expect(fetch.requests.map((r) => r.url)).toEqual([`${PAIRS3}&offset=0`]);
    expect(report.spent.total).toBeLessThanOrEqual(0.03);
    expect(run.code).toBe(6);
    expect(report.tables[0]).toMatchObject({ table: "Pairs", status: "skipped" });
    expect(report.cells[0]).toMatchObject({ cell: "Report!B2", status: "refreshed" });
    // The next refresh estimates the read at what it really was.
    const recorded = readRefreshTimes(documentOf(await bytesOf(file)));
    expect(recorded.requests[PAIRS3]!.bytes).toBe(report.reads[0].bytes);
  });

  test("a result too large to spill fails its cell with the add-in's message and keeps its values", async () => {
    const file = await writeBook(reportSpec());
    const before = await bytesOf(file);
    const run = await refresh([file, "--json"], env, { now, spillLimitBytes: 20 });
    const report = JSON.parse(run.out);
    expect(run.code).toBe(6);
    expect(report.cells[0]).toMatchObject({ cell: "Report!B2", status: "failed" });
    expect(report.cells[0].message).toMatch(/^Not refreshed: Too large to spill: .* Narrow it with "columns=..."/);
    // Nothing on the sheet changes: not the cell, nor the period in B1 (today's month beside last month's data
    // would say they are this month's), which only the SERVICE.QUERY of the period (not run) reads.
    expect(changedCells(before, await bytesOf(file), "Report")).toEqual([]);
  });

  test("a result too large to spill is found out from a first page, not read whole and thrown away", async () => {
    // No limit: the whole dataset's columns are far more than a spill limit of 2,000 bytes may show. The add-in stops
    // such a read after its first small page; the refresh, whose plan has no per-request cap, used to take the whole
    // result in one large page (every byte billed) before finding it too large.
    const file = await writeBook(reportSpec({ datasetOptions: '"columns=token_pair,chain"' }));
    const whole = await fetch(`${service.url}/v1/dex/pairs/ethereum?columns=token_pair,chain`, {
      headers: { "X-Service-Api-Key": service.apiKey },
    }).then((r) => r.text());
    const run = await refresh([file, "--json"], env, { now, spillLimitBytes: 2_000 });
    const report = JSON.parse(run.out);
    expect(report.cells[0].message).toMatch(/^Not refreshed: Too large to spill/);
    const read = report.reads.find((r: { request: string }) => r.request.startsWith("/v1/dex/pairs/ethereum"));
    expect(whole.length).toBeGreaterThan(50_000);
    expect(read.bytes).toBeLessThan(whole.length / 10);
  });

  test("volatile formulas (NOW, RAND, RANDBETWEEN) are written only where they read a new result", async () => {
    const file = await writeBook(
      reportSpec({
        extraRows:
          row(16, formula("B16", "NOW()", 46000.5)) +
          row(17, formula("B17", "IF(TODAY()>0,ROWS(_xlfn.ANCHORARRAY(B2)),0)", 2)) +
          // Recomputed on every calculation, but reading no SERVICE result: their values stay as Excel left them.
          row(18, formula("B18", "RAND()", 0.25) + formula("C18", "RANDBETWEEN(1,6)", 3)),
      }),
    );
    const before = await bytesOf(file);
    const run = await refresh([file, "--json"], env, { now });
    expect(JSON.parse(run.out).dependents).toEqual([
      { cell: "Report!B6", status: "recomputed" },
      { cell: "Report!B17", status: "recomputed" },
    ]);
    expect(changedCells(before, await bytesOf(file), "Report").sort()).toEqual(
      ["B2", "B3", "B4", "C4", "B5", "C5", "B6", "B17"].sort(),
    );
  });

  test("a spill that shrinks clears the cells it leaves, and what reads it follows", async () => {
    const file = await writeBook(
      reportSpec({ datasetOptions: '"limit=1","columns=token_pair,chain","headers=false"' }),
    );
    const before = await bytesOf(file);
    const run = await refresh([file, "--json"], env, { now });
    expect(JSON.parse(run.out).cells[0]).toMatchObject({ rangeBefore: "B2:C3", rangeAfter: "B2:C2", rowsAfter: 1 });
    const after = await bytesOf(file);
    expect(changedCells(before, after, "Report").sort()).toEqual(["B2", "B3", "B6", "C2", "C3"]);
    expect(
      valuesAt(after, "Report", [
        ["B2", "C2"],
        ["B3", "C3"],
        ["B6", "B6"],
      ]),
    ).toEqual([
      [expect.any(String), "ethereum"],
      [null, null],
      [1, 1],
    ]);
  });

  test("a workbook without the add-in's settings is refreshed, and the report says what it could not record", async () => {
    const file = await writeBook(reportSpec({ noAddin: true }));
    const run = await refresh([file], env, { now });
    expect(run.out).toContain(
      "Note: The workbook has no settings of the add-in (it was never saved with the add-in open), so the runs made and the refresh times are not recorded in it.",
    );
    expect(run.out).toContain("Report!B2 DATASET: refreshed, rows 2 → 4, B2:C3 → B2:C5.");
  });
});
