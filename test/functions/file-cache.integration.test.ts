import { IDBFactory } from "fake-indexeddb";
import type { FileValuesReader, ShownValues } from "../../src/functions/file-values";
import { openResultStore } from "../../src/functions/result-store";
import { readRefreshTimes, recordRefreshTimes } from "../../src/service-cells";
import type { FunctionsMetadata } from "../../src/playground/custom-functions";
import { ManualClock } from "../support/manual-clock";
import { TEST_KEYS, type TestService, startTestService } from "../support/service";
import {
  TestDocument,
  TestUser,
  type Workbench,
  errorOf,
  generatedMetadata,
  matrixOf,
  workbench,
} from "./support/harness";

/** What Excel shows at a cell, as `range.values` and `valueTypes` give it (types inferred for the test). */
function shown(values: unknown[][]): ShownValues {
  const type = (v: unknown) =>
    v === ""
      ? "Empty"
      : typeof v === "string" && v.startsWith("#")
        ? "Error"
        : typeof v === "number"
          ? "Double"
          : "String";
  return { values, types: values.map((line) => line.map(type)) };
}

/**
 * The file is the workbook's own cache: a cell Excel runs again as the workbook opens, with nothing kept for it on this
 * computer, shows what the file holds at it (Excel keeps a pending cell's previous values: office-js#4152, #6930),
 * at no request; a cell that shows nothing (`#BUSY!` in older builds) says it is not loaded, as before. Against the
 * real local service, the user's kept results in (fake) IndexedDB.
 */
describe("the workbook file as its own cache", () => {
  const START = "2024-06-01T10:07:00Z";
  const serviceClock = new ManualClock(START);
  let service: TestService;
  let metadata: FunctionsMetadata;
  let factory: IDBFactory;
  let document: TestDocument;
  let bench: Workbench | undefined;
  let users: Map<string, TestUser>;
  /** What the workbook shows at each address as it opens (what Excel's API would read there). */
  let sheet: Map<string, ShownValues>;
  let reads: string[];

  const reader: FileValuesReader = (address) => {
    reads.push(address);
    return Promise.resolve(sheet.get(address));
  };

  function open(key: string = service.apiKey): Workbench {
    bench?.close();
    const storeClock = new ManualClock(START);
    bench = workbench(metadata, {
      baseUrl: service.url,
      apiKey: key,
      user: users.get(key) ?? users.set(key, new TestUser()).get(key)!,
      runtime: {
        runSettings: document.settings,
        resultStore: openResultStore({ indexedDB: factory, now: () => storeClock.now(), timers: storeClock }),
        fileValues: reader,
      },
    });
    return bench;
  }

  const avsAt = (on: Workbench) => on.cellIn({ address: "Report!A1" }, "DATASET", "avs", "limit=3");
  const operatorsAt = (on: Workbench) => on.cellIn({ address: "Report!H1" }, "DATASET", "operators", "limit=2");
  const sourceOf = async (on: Workbench, address: string) =>
    matrixOf(await on.cellIn<string[][]>({ parameterAddresses: [address] }, "SOURCE", [[null]]).result())[0]![0];

  /** The author's session: the cells fetched and shown, the refresh times recorded in the document. */
  async function authored(): Promise<{ avs: unknown[][]; operators: unknown[][] }> {
    const first = open();
    const avs = matrixOf(await avsAt(first).result());
    const operators = matrixOf(await operatorsAt(first).result());
    await first.runtime.keptResultsWritten();
    await Promise.resolve(); // the refresh times' write (one per turn)
    // Its first cell, entered in a workbook recording nothing yet, looked at what its cell showed (nothing) first.
    expect(reads[0]).toBe("Report!A1");
    reads = [];
    return { avs, operators };
  }

  beforeAll(async () => {
    [service, metadata] = await Promise.all([
      startTestService({ datasets: true, clock: serviceClock }),
      generatedMetadata(),
    ]);
  }, 120_000);
  afterAll(async () => service.close());
  beforeEach(() => {
    serviceClock.set(START);
    factory = new IDBFactory();
    document = new TestDocument();
    users = new Map();
    sheet = new Map();
    reads = [];
    bench = undefined;
  });
  afterEach(() => bench?.close());

  it("a colleague with nothing kept: the cells show what the file holds, at no request, and SERVICE.SOURCE tells its age", async () => {
    const saved = await authored();
    sheet.set("Report!A1", shown(saved.avs));
    sheet.set("Report!H1", shown(saved.operators));
    const colleague = open(TEST_KEYS.alice);
    expect(await avsAt(colleague).result()).toEqual(saved.avs);
    expect(await operatorsAt(colleague).result()).toEqual(saved.operators);
    expect(colleague.fetch.count).toBe(0);
    expect(colleague.runtime.notLoaded()).toEqual([]);
    expect(await sourceOf(colleague, "Report!B3")).toMatch(
      /^Dataset avs, refresh slot 2024-06-01 10:00 UTC; .*; read 2024-06-01 10:07 UTC, as the file holds it;/,
    );
    // Nothing of it is kept as if it had been fetched: the next opening reads the file again.
    await colleague.runtime.keptResultsWritten();
    expect(colleague.runtime.cacheStats()).toMatchObject({ requests: 0, restored: 0, kept: 0, entries: 2 });
    // The pane tells which requests show the file's values, and their age; a Refresh All replaces them.
    const savedAt = Date.parse(START);
    expect(colleague.runtime.fromFile.rows()).toEqual([
      {
        key: expect.stringContaining("avs") as string,
        label: "DATASET restaking/avs-stats (limit=3)",
        cells: 1,
        savedAt,
      },
      { key: expect.stringContaining("operator") as string, label: expect.any(String) as string, cells: 1, savedAt },
    ]);
    await colleague.runtime.refreshAll("manual");
    expect(colleague.runtime.fromFile.rows()).toEqual([]);
    expect(colleague.fetch.count).toBeGreaterThan(0);
  });

  it("an older build showing #BUSY! (or an empty cell): the cell says it is not loaded, as before, still at no request", async () => {
    await authored();
    sheet.set("Report!A1", shown([["#BUSY!"]]));
    sheet.set("Report!H1", shown([[""]]));
    const colleague = open(TEST_KEYS.alice);
    expect(errorOf(await avsAt(colleague).result()).message).toMatch(/^Not loaded:/);
    expect(errorOf(await operatorsAt(colleague).result()).message).toMatch(/^Not loaded:/);
    expect(colleague.fetch.count).toBe(0);
    expect(colleague.runtime.notLoaded().map((r) => r.label)).toHaveLength(2);
  });

  it("a kept copy as new as the file wins (the file is not read); one older than the file loses to it", async () => {
    const saved = await authored();
    const older = saved.avs.map((line, r) => (r === 0 ? line : line.map(() => "older")));
    sheet.set("Report!A1", shown(older));
    const again = open();
    expect(await avsAt(again).result()).toEqual(saved.avs);
    expect(again.fetch.count).toBe(0);
    expect(reads).toEqual([]);

    // The headless refresh rewrote the file a minute later: the file's values are newer than this computer's copy.
    const later = new Date(Date.parse(START) + 60_000).toISOString();
    const key = Object.keys(readRefreshTimes(document.settings()).requests).find((k) => k.includes("avs"))!;
    const settings = document.settings();
    recordRefreshTimes({ requests: { [key]: { refreshedAt: later } } })({
      ...settings,
      remove: (name) => settings.set(name, null),
    });
    const refreshed = saved.avs.map((line, r) => (r === 0 ? line : line.map(() => "refreshed")));
    sheet.set("Report!A1", shown(refreshed));
    const reopened = open();
    expect(await avsAt(reopened).result()).toEqual(refreshed);
    expect(reopened.fetch.count).toBe(0);
    expect(await sourceOf(reopened, "Report!A2")).toMatch(/read 2024-06-01 10:08 UTC, as the file holds it/);
  });

  it("a file saved without the add-in's settings: cells holding values are adopted (age unknown), empty ones fetch", async () => {
    const values = [
      ["name", "tvl"],
      ["a", 1],
    ];
    sheet.set("Report!A1", shown(values));
    const reader = open();
    expect(await avsAt(reader).result()).toEqual(values);
    expect(reader.fetch.count).toBe(0);
    expect(await sourceOf(reader, "Report!A1")).toMatch(/as saved in the file \(when it was read is not recorded\)/);
    expect(reader.runtime.fromFile.rows()).toMatchObject([{ cells: 1 }]);
    expect(reader.runtime.fromFile.rows()[0]).not.toHaveProperty("savedAt");
    // A formula whose cell shows nothing (entered now, or #BUSY! in an older build) fetches as any new formula.
    matrixOf(await operatorsAt(reader).result());
    expect(reader.fetch.count).toBeGreaterThan(0);
  });

  it("a cell entered once the opening is over never takes what its cell showed", async () => {
    const saved = await authored();
    sheet.set("Report!A1", shown([["stale"], ["x"]]));
    const colleague = open(TEST_KEYS.alice);
    colleague.clock.advance(60_000);
    expect(await avsAt(colleague).result()).toEqual(saved.avs);
    expect(reads).toEqual([]);
    expect(colleague.fetch.count).toBeGreaterThan(0);
  });
});
