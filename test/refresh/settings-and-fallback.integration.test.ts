import type { FetchLike } from "../../src/client";
import { listBindings } from "../../src/excel";
import { DEFAULT_TIER, queryRunKey, rememberedRun } from "../../src/service-cells";
import { CustomFunctionsError, type FunctionsMetadata } from "../../src/playground/custom-functions";
import { generatedMetadata, workbench } from "../functions/support/harness";
import { ManualClock } from "../support/manual-clock";
import { startTestService, type TestService } from "../support/service";
import { row } from "../xlsx/support/build-workbook";
import { bytesOf, NOW, serviceFormula, PAIRS_BINDING, reportSpec, writeBook } from "./support/report-book";
import { recordingFetch, refresh } from "./support/run";
import { documentOf, settingsOf, valuesAt } from "./support/workbook-diff";

const PARAMETERS = { symbol: "WETH", since: "2026-02-28", days: 3 };
const RUN_KEY = queryRunKey(1001, PARAMETERS, DEFAULT_TIER);
/** The key an older add-in kept the same cell's run under, when a cell without `performance=` meant medium. */
const MEDIUM_KEY = queryRunKey(1001, PARAMETERS, "medium");

/** The add-in's settings in both layouts it reads; the workbook read and written as the add-in would. */
describe("npm run refresh and the add-in's document settings", () => {
  let service: TestService;
  let env: Record<string, string>;
  const now = () => NOW;

  beforeAll(async () => {
    service = await startTestService({ datasets: true, clock: new ManualClock(NOW) });
    env = { SERVICE_API_KEY: service.apiKey, SERVICE_API_BASE_URL: service.url };
  }, 120_000);
  afterAll(async () => service.close());

  test("an older add-in's single settings are read, and written back in the per-entry layout", async () => {
    // A run to remember, made by a first refresh.
    const first = await writeBook(reportSpec());
    expect((await refresh([first, "--rerun", "stale"], env, { now })).code).toBe(0);
    const run = rememberedRun(documentOf(await bytesOf(first)), RUN_KEY)!;

    const file = await writeBook(
      reportSpec({ layout: "legacy", settings: { "service.queryRuns": JSON.stringify({ [MEDIUM_KEY]: run }) } }),
    );
    const fetch = recordingFetch();
    const result = await refresh([file, "--json"], env, { now, fetch });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out);
    // The remembered run is read from the older layout (under the medium key an `auto` cell had then): no execute.
    expect(fetch.requests.filter((r) => r.url.endsWith("/execute"))).toEqual([]);
    expect(report.cells[1]).toMatchObject({ cell: "Report!B8", status: "refreshed", source: expect.any(String) });
    expect(fetch.requests.map((r) => r.url)).toContainEqual(expect.stringContaining(run.executionId));

    const settings = settingsOf(await bytesOf(file));
    // The bindings were written, so they moved into entries and the old setting went, as the add-in's write does.
    expect(settings.has("service.tableBindings")).toBe(false);
    expect(settings.get("service.tableBindingIndex")).toEqual(["pairs"]);
    expect(settings.get("service.tableBinding.pairs")).toMatchObject({ ...PAIRS_BINDING, address: "Data!A1:B3" });
    // No run was recorded, so the runs stay where they were until the next write of them (the add-in's rule).
    expect(settings.get("service.queryRuns")).toEqual({ [MEDIUM_KEY]: run });

    // A new run moves them: every run one setting, the older setting gone.
    expect((await refresh([file, "--rerun", "all"], env, { now })).code).toBe(0);
    const moved = settingsOf(await bytesOf(file));
    expect(moved.has("service.queryRuns")).toBe(false);
    expect(moved.get("service.queryRunIndex")).toEqual([MEDIUM_KEY, RUN_KEY]);
    expect(moved.get(`service.queryRun.${MEDIUM_KEY}`)).toEqual(run);
    expect(rememberedRun(documentOf(await bytesOf(file)), RUN_KEY)!.executionId).not.toBe(run.executionId);
    expect(listBindings(documentOf(await bytesOf(file))).map((b) => b.tableName)).toEqual(["Pairs"]);
  });
});

/** A service whose curated endpoints are gone: datasets are read from the saved queries behind them, as the add-in does. */
describe("npm run refresh against a service without its curated endpoints", () => {
  let service: TestService;
  let metadata: FunctionsMetadata;
  let env: Record<string, string>;
  const now = () => NOW;

  beforeAll(async () => {
    [service, metadata] = await Promise.all([
      startTestService({ datasets: true, curatedEndpoints: false, clock: new ManualClock(NOW) }),
      generatedMetadata(),
    ]);
    env = { SERVICE_API_KEY: service.apiKey, SERVICE_API_BASE_URL: service.url };
  }, 120_000);
  afterAll(async () => service.close());

  test("a DATASET cell and a dataset table still refresh, through the same requests and values as the add-in's", async () => {
    const stored = '_xldudf_SERVICE_DATASET("dex","ethereum","limit=2","columns=token_pair,chain")';
    const file = await writeBook({
      sheets: [{ name: "Sheet1", rows: row(1, serviceFormula("A1", stored, "#N/A", "e")) }],
      dynamicArrays: true,
    });
    const commandFetch = recordingFetch();
    const run = await refresh([file, "--json"], env, { now, fetch: commandFetch });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out);
    expect(report.cells[0]).toMatchObject({ status: "refreshed", rangeAfter: "A1:B3" });
    expect(report.cells[0].message).toMatch(/query/i);
    const written = valuesAt(await bytesOf(file), "Sheet1", [
      ["A1", "B1"],
      ["A2", "B2"],
      ["A3", "B3"],
    ]);

    const addinRequests: string[] = [];
    const addinFetch: FetchLike = async (url, init) => {
      const u = new URL(url);
      addinRequests.push(`${init.method ?? "GET"} ${u.pathname}${u.search}`);
      return globalThis.fetch(url, init);
    };
    const bench = workbench(metadata, {
      baseUrl: service.url,
      apiKey: service.apiKey,
      fetch: addinFetch,
      runtime: { errorsInSpills: () => true },
    });
    try {
      bench.clock.set(NOW);
      const shown = (await bench
        .cell("DATASET", "dex", "ethereum", "limit=2", "columns=token_pair,chain")
        .result()) as unknown[][];
      expect(commandFetch.requests.map((r) => `${r.method} ${r.url}`)).toEqual(addinRequests);
      // The first header cell carries the note (#N/A in the file, as Excel keeps an error's value); the rest match.
      expect(shown[0]![0]).toBeInstanceOf(CustomFunctionsError);
      expect(written[0]![0]).toEqual({ error: "#N/A" });
      expect(written.slice(1)).toEqual(shown.slice(1));
      expect(written[0]![1]).toEqual(shown[0]![1]);
    } finally {
      bench.close();
    }

    const tables = await writeBook(reportSpec());
    const result = await refresh([tables, "--json"], env, { now });
    const tableReport = JSON.parse(result.out).tables[0];
    expect(tableReport).toMatchObject({ table: "Pairs", status: "refreshed", rowsAfter: 2 });
    expect(tableReport.message).toMatch(/query/i);
  });
});
