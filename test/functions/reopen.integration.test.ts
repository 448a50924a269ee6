import { IDBFactory } from "fake-indexeddb";
import { OPEN_BEHAVIOUR_SETTING } from "../../src/functions/open-phase";
import { queryRunKey, readRefreshTimes, recordRefreshTimes } from "../../src/service-cells";
import { openResultStore } from "../../src/functions/result-store";
import { CustomFunctionsError, type FunctionsMetadata } from "../../src/playground/custom-functions";
import { ManualClock } from "../support/manual-clock";
import { TEST_KEYS, type TestService, startTestService } from "../support/service";
import {
  TestDocument,
  TestUser,
  type Workbench,
  errorOf,
  executesSent,
  generatedMetadata,
  matrixOf,
  settle,
  workbench,
} from "./support/harness";
import { executeAndWait } from "./support/service-runs";

/**
 * A workbook reopened is a fresh runtime that Excel invokes every SERVICE cell of again (office-js#2220): against
 * the real local service, with the user's kept results in (fake) IndexedDB and the workbook's document settings.
 */
describe("reopening a workbook of SERVICE cells", () => {
  const START = "2024-06-01T10:07:00Z"; // the harness's runtime clock starts here too
  const serviceClock = new ManualClock(START);
  let service: TestService;
  let metadata: FunctionsMetadata;
  let latestRun: string;
  let tradesRun: string;
  let factory: IDBFactory;
  let document: TestDocument;
  let bench: Workbench | undefined;
  /** Each user's own storage (OfficeRuntime.storage): their plan, what reads cost them last, their spending. */
  let users: Map<string, TestUser>;

  /** The workbook opened by `key`'s user on this computer: a fresh runtime on the same document and browser storage. */
  function open(key: string = service.apiKey): Workbench {
    bench?.close();
    // The store's own clock only orders its entries by use; the runtime runs on the bench's clock.
    const storeClock = new ManualClock(START);
    bench = workbench(metadata, {
      baseUrl: service.url,
      apiKey: key,
      user: users.get(key) ?? users.set(key, new TestUser()).get(key)!,
      runtime: {
        runSettings: document.settings,
        resultStore: openResultStore({ indexedDB: factory, now: () => storeClock.now(), timers: storeClock }),
      },
    });
    return bench;
  }

  /** 50 cells: curated datasets (copies and variations of each), a query's latest result and an execution's rows. */
  function workbookCells(): [string, ...unknown[]][] {
    const distinct: [string, ...unknown[]][] = [
      ["DATASET", "avs"],
      ["DATASET", "avs", "limit=5"],
      ["DATASET", "operators", "limit=10"],
      ["DATASET", "dex", "ethereum", "limit=20"],
      ["DATASET", "dex", "base", "limit=8", "sort_by=token_pair"],
      ["DATASET", "marketshare", "dex", "ethereum", "limit=30"],
      ["DATASET", "channels", "limit=10", "headers=false"],
      ["DATASET", "users", "limit=25"],
      ["RESULTS", 1001, "limit=5"],
      ["RESULTS", tradesRun, "limit=10"],
    ];
    return Array.from({ length: 50 }, (_, i) => distinct[i % distinct.length]!);
  }

  function enterAll(on: Workbench) {
    return workbookCells().map(([fn, ...args]) => on.cell(fn as "DATASET" | "RESULTS", ...args));
  }

  beforeAll(async () => {
    [service, metadata] = await Promise.all([
      startTestService({ datasets: true, clock: serviceClock }),
      generatedMetadata(),
    ]);
    latestRun = await executeAndWait(service.url, service.apiKey, 1001);
    tradesRun = await executeAndWait(service.url, service.apiKey, 1002);
  }, 120_000);
  afterAll(async () => service.close());
  beforeEach(() => {
    serviceClock.set(START);
    factory = new IDBFactory();
    document = new TestDocument();
    users = new Map();
    bench = undefined;
  });
  afterEach(() => bench?.close());

  /** Fills the workbook once (requests made), as the user did before saving it; returns the values shown. */
  async function firstSession(): Promise<unknown[]> {
    const first = open();
    const values = await Promise.all(enterAll(first).map((c) => c.result()));
    values.forEach(matrixOf);
    expect(first.fetch.count).toBeGreaterThan(0);
    await first.runtime.keptResultsWritten();
    return values;
  }

  it("the same user on the same computer: 50 cells from the kept results, 0 requests, values intact", async () => {
    const before = await firstSession();
    expect(latestRun).toBeTruthy();
    const again = open();
    const values = await Promise.all(enterAll(again).map((c) => c.result()));
    expect(values).toEqual(before);
    expect(again.fetch.count).toBe(0);
    expect(again.runtime.cacheStats()).toMatchObject({ requests: 0, restored: 10, notLoaded: 0 });
  });

  it("another user (another key) with nothing kept: every cell says it is not loaded and what loading costs; one Load fills them", async () => {
    const before = await firstSession();
    const alice = open(TEST_KEYS.alice);
    const cells = enterAll(alice);
    const shown = await Promise.all(cells.map((c) => c.result()));
    for (const value of shown) {
      expect(value).toBeInstanceOf(CustomFunctionsError);
      expect(errorOf(value)).toMatchObject({ code: "#N/A" });
      expect(errorOf(value).message).toMatch(
        /^Not loaded: this computer keeps no copy of this data, and the workbook opens without refreshing\. Loading it costs up to 40 credits on the Free plan/,
      );
    }
    expect(alice.fetch.count).toBe(0);
    const rows = alice.runtime.notLoaded();
    expect(rows).toHaveLength(10);
    expect(rows.reduce((n, r) => n + r.cells, 0)).toBe(50);
    expect(rows.map((r) => r.label)).toContain("DATASET dex/pairs/ethereum (limit=20)");

    const loaded = await alice.runtime.loadNotLoaded();
    expect(loaded).toMatchObject({ cells: 50 });
    expect(cells.map((c) => c.latest)).toEqual(before);
    expect(alice.runtime.notLoaded()).toEqual([]);
  });

  it("a workbook refreshed elsewhere later than the kept results: they are not used, the cell says so instead", async () => {
    await firstSession();
    const stored = readRefreshTimes(document.settings());
    // The headless refresh (or a co-author) fetched the AVS rows a minute after this computer did.
    const avs = Object.keys(stored.requests).find((k) => k === "/v1/restaking/avs-stats")!;
    const later = new Date(Date.parse(START) + 60_000).toISOString();
    const settings = document.settings();
    recordRefreshTimes({ requests: { [avs]: { refreshedAt: later } } })({
      ...settings,
      remove: (name) => settings.set(name, null),
    });
    const again = open();
    const cell = again.cell("DATASET", "avs");
    expect(errorOf(await cell.result()).message).toMatch(/^Not loaded:/);
    expect(matrixOf(await again.cell("DATASET", "avs", "limit=5").result()).length).toBe(6);
    expect(again.fetch.count).toBe(0);
  });

  it("opening with 'refresh every SERVICE cell': current kept results serve, a query's latest result is fetched again within the budget", async () => {
    await firstSession();
    document.settings().set(OPEN_BEHAVIOUR_SETTING, "refresh");
    // No automatic budget (the default): nothing is fetched by itself; the latest result kept stands in.
    const held = open();
    const values = await Promise.all(enterAll(held).map((c) => c.result()));
    values.forEach(matrixOf);
    expect(held.fetch.count).toBe(0);
    held.runtime.budget.setCreditsPerDay(100);
    const again = open();
    await Promise.all(enterAll(again).map((c) => c.result()));
    expect(again.fetch.paths).toEqual(["/v1/query/1001/results/csv"]);
    expect(again.runtime.budget.state().spentToday).toBeGreaterThan(0);
  });

  it("Refresh All reads from the service, not the kept results, and keeps what it fetched", async () => {
    await firstSession();
    const again = open();
    await Promise.all(enterAll(again).map((c) => c.result()));
    expect(again.fetch.count).toBe(0);
    await again.runtime.refreshAll();
    // Every request a cell shows except the execution's rows (they never change).
    expect(again.fetch.paths.filter((p) => p.startsWith("/v1/execution/"))).toEqual([]);
    expect(again.fetch.count).toBe(9);
    const refreshed = readRefreshTimes(document.settings()).requests;
    expect(Object.keys(refreshed)).toHaveLength(10);
  });

  it("signing out forgets what was kept for that user: the next opening has nothing", async () => {
    await firstSession();
    const again = open();
    matrixOf(await again.cell("DATASET", "avs").result()); // kept for this user
    await again.session.signOut();
    await again.runtime.keptResultsWritten();
    await again.session.signIn(service.apiKey);
    const third = open();
    const shown = await third.cell("DATASET", "avs").result();
    expect(errorOf(shown).message).toMatch(/^Not loaded:/);
    expect(third.fetch.count).toBe(0);
  });

  it("a cell entered once the opening is over fetches as before, even for a result the workbook holds", async () => {
    await firstSession();
    const alice = open(TEST_KEYS.alice); // nothing kept for her
    alice.clock.advance(60_000);
    const cell = alice.cell("DATASET", "avs", "limit=5");
    expect(matrixOf(await cell.result())).toHaveLength(6);
    expect(alice.fetch.count).toBe(1);
  });

  it("SERVICE.QUERY: its remembered run's rows come from the kept results too (only the free declaration is asked)", async () => {
    const run = await executeAndWait(service.url, service.apiKey, 1001, { symbol: "UNI" });
    const first = open();
    first.runtime.queryRuns.record(queryRunKey(1001, { symbol: "UNI" }, "auto"), {
      executionId: run,
      finishedAt: first.clock.now(),
    });
    const value = matrixOf(await first.cellAt("Sheet1!A1", "QUERY", 1001, "symbol", "UNI").result());
    await first.runtime.keptResultsWritten();
    const again = open();
    expect(await again.cellAt("Sheet1!A1", "QUERY", 1001, "symbol", "UNI").result()).toEqual(value);
    await settle(20);
    expect(again.fetch.paths).toEqual(["/v1/query/1001"]);
    expect(executesSent(again)).toBe(0);
  });

  describe('formula value preview (isInValuePreview true, or "true" as the typings have it)', () => {
    it.each([true, "true"])("shows what is kept, or a hint; never a request, never a run (flag %j)", async (flag) => {
      await firstSession();
      const again = open();
      again.runtime.queries.setBudget(100);
      const preview = (fn: "DATASET" | "RESULTS" | "QUERY" | "STATUS", ...args: unknown[]) =>
        again.cf.stream(fn, args, { address: "Sheet1!Z9", isInValuePreview: flag }).result();
      expect(matrixOf(await preview("DATASET", "avs", "limit=5"))).toHaveLength(6);
      expect(errorOf(await preview("DATASET", "dex", "solana")).message).toBe(
        "Preview: no data loaded for this formula yet (it loads once the formula is entered).",
      );
      expect(errorOf(await preview("QUERY", 1001, "symbol", "PEPE", "run=on_change")).message).toBe(
        "Preview: no run of this query with these inputs yet.",
      );
      expect(errorOf(await preview("STATUS", latestRun)).message).toBe(
        "Preview: the status shows once the formula is entered.",
      );
      expect(errorOf(await preview("DATASET", "nosuch")).code).toBe("#VALUE!");
      await settle(20);
      expect(again.fetch.count).toBe(0);
      expect(executesSent(again)).toBe(0);
      expect(again.runtime.cacheStats().liveCells).toBe(0);
    });
  });

  it("without any kept result, opening with 'refresh' and no automatic budget: a cell says why and what it would cost", async () => {
    await firstSession();
    document.settings().set(OPEN_BEHAVIOUR_SETTING, "refresh");
    factory = new IDBFactory(); // another computer: nothing kept
    bench = open();
    const shown = await bench.cell("DATASET", "avs").result();
    expect(errorOf(shown).message).toMatch(/^Not loaded: automatic refreshes need a daily credit budget/);
    expect(bench.fetch.count).toBe(0);
  });
});
