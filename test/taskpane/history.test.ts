import { csvDestination, officePlatform } from "../../src/taskpane/logic/csv-destination";
import { HistoryController } from "../../src/taskpane/logic/history-controller";
import { InsertController } from "../../src/taskpane/logic/insert-controller";
import { HISTORY_LIMIT, HistoryStore, type HistoryEntry } from "../../src/taskpane/logic/history-store";
import { RunController } from "../../src/taskpane/logic/run-controller";
import { collectCsv, csvFileName, withoutHeader } from "../../src/taskpane/logic/csv-download";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { memoryItem, testPane } from "./support/pane-deps";

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

function entry(n: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    executionId: `E${n}`,
    queryId: 1000 + n,
    parameters: {},
    performance: "medium",
    state: "QUERY_STATE_COMPLETED",
    credits: 10,
    submittedAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    baseUrl: "http://svc",
    ...overrides,
  };
}

describe("history store", () => {
  test("newest first, kept across pane instances, capped, updated in place", async () => {
    const item = memoryItem();
    const store = new HistoryStore(item);
    for (let n = 1; n <= HISTORY_LIMIT + 5; n++) await store.upsert(entry(n));
    await store.update("E55", { state: "QUERY_STATE_EXPIRED" });
    const again = await new HistoryStore(item).load();
    expect(again).toHaveLength(HISTORY_LIMIT);
    expect(again[0]).toMatchObject({ executionId: "E55", state: "QUERY_STATE_EXPIRED" });
    expect(again.at(-1)!.executionId).toBe("E6");
  });

  test("a damaged item starts an empty history instead of breaking the pane", async () => {
    expect(await new HistoryStore(memoryItem("{not json")).load()).toEqual([]);
    expect(await new HistoryStore(memoryItem('[{"executionId": 3}]')).load()).toEqual([]);
  });
});

describe("history with the service", () => {
  async function setup() {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const store = new HistoryStore(pane.deps.historyItem);
    const history = new HistoryController(pane.deps, store);
    const run = new RunController(pane.deps, store);
    await history.load();
    return { ...pane, store, history, run };
  }

  test("runs show up with query, state, credits, submitted and expires; the key is never stored", async () => {
    const { run, history, historyItem } = await setup();
    await run.run({ queryId: 1002, parameters: {}, performance: "large" });
    await run.run({ queryId: 1005, parameters: {}, performance: "medium" });
    const [failed, done] = history.store.state.entries;
    expect(failed).toMatchObject({
      queryId: 1005,
      state: "QUERY_STATE_FAILED",
      credits: 10,
      error: expect.stringMatching(/always fails/),
    });
    expect(done).toMatchObject({
      queryId: 1002,
      state: "QUERY_STATE_COMPLETED",
      credits: 20,
      rowCount: 500,
      expiresAt: expect.any(String),
    });
    expect(history.hasResult(done!)).toBe(true);
    expect(history.hasResult(failed!)).toBe(false);
    expect(historyItem.value).not.toContain(TEST_KEYS.demo);
  });

  test("cancel from the history cancels the execution on the server", async () => {
    const { history, session, store } = await setup();
    const ack = await session.client().execute(1004);
    await store.upsert(
      entry(0, { executionId: ack.execution_id, queryId: 1004, state: "QUERY_STATE_PENDING", baseUrl: service.url }),
    );
    expect(await history.cancel(ack.execution_id)).toBe(true);
    expect(history.store.state.entries[0]!.state).toMatch(/^QUERY_STATE_CANCEL+ED$/);
    expect(history.store.state.message).toBe("Execution cancelled.");
    expect(await history.cancel(ack.execution_id)).toBe(false);
    expect(history.store.state.message).toMatch(/^Not cancelled: the execution is cancel+ed\.$/);
  });

  test("refreshStates brings unfinished entries up to date", async () => {
    const { history, session, store } = await setup();
    const done = await session.client().run(1002);
    await store.upsert(
      entry(0, { executionId: done.executionId, state: "QUERY_STATE_EXECUTING", baseUrl: service.url }),
    );
    await history.refreshStates();
    expect(history.store.state.entries[0]).toMatchObject({ state: "QUERY_STATE_COMPLETED", rowCount: 500 });
  });

  test("entries of another service are not listed; expired results cannot be inserted", async () => {
    const { history, store } = await setup();
    await store.upsert(entry(1, { baseUrl: "http://elsewhere" }));
    await store.upsert(entry(2, { baseUrl: service.url, expiresAt: "2020-01-01T00:00:00Z" }));
    expect(history.store.state.entries.map((e) => e.executionId)).toEqual(["E2"]);
    expect(history.isExpired(history.store.state.entries[0]!)).toBe(true);
    expect(history.hasResult(history.store.state.entries[0]!)).toBe(false);
  });

  test("Download CSV collects every page with one header", async () => {
    const { history, session, store } = await setup();
    const done = await session.client().run(1002);
    await store.upsert(entry(0, { executionId: done.executionId, queryId: 1002, baseUrl: service.url }));
    const csv = await history.csv(done.executionId);
    expect(csv!.fileName).toBe(`query-1002-${done.executionId}.csv`);
    const paged = await collectCsv(session.client(), done.executionId, { pageRows: 120 });
    expect(paged).toHaveLength(5);
    for (const text of [csv!.parts.join(""), paged.join("")]) {
      const lines = text.trimEnd().split(/\r?\n/);
      expect(lines).toHaveLength(501);
      expect(lines[0]).toMatch(/^trade_id,block_time,project/);
      expect(lines.filter((l) => l.startsWith("trade_id"))).toHaveLength(1);
      expect(lines[500]).toMatch(/^499,/);
    }
  });
});

test.each([
  ["a,b\n1,2\n", "1,2\n"],
  ['"x\ny",b\r\n1,2', "1,2"],
  ["a,b", ""],
])("withoutHeader(%j)", (text, rest) => {
  expect(withoutHeader(text)).toBe(rest);
});

test.each([
  [1002, "01ABC", "query-1002-01ABC.csv"],
  [undefined, "../x y", "execution-xy.csv"],
])("csvFileName(%s, %s)", (queryId, id, name) => {
  expect(csvFileName(queryId, id)).toBe(name);
});

describe("Download CSV where the platform cannot save a download (Excel on Mac: office-js#2700, #3385)", () => {
  test.each([
    ["Mac", "new-sheet"],
    ["iOS", "new-sheet"],
    ["PC", "download"],
    ["OfficeOnline", "download"],
    ["Universal", "download"],
    [undefined, "download"],
  ] as const)("platform %s → %s", (platform, destination) => {
    expect(csvDestination(platform)).toBe(destination);
  });

  test.each([
    ["Office on Mac", { context: { diagnostics: { platform: "Mac" } } }, "Mac"],
    ["Office without diagnostics", { context: {} }, undefined],
    ["no Office at all", undefined, undefined],
    [
      "a context that throws before Office is ready",
      {
        get context() {
          throw new Error("not ready");
        },
      },
      undefined,
    ],
  ])("officePlatform: %s", (_name, office, platform) => {
    const scope = globalThis as Record<string, unknown>;
    scope.Office = office;
    try {
      expect(officePlatform()).toBe(platform);
    } finally {
      delete scope.Office;
    }
  });

  async function setupOn(platform: string) {
    const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo });
    const deps = { ...pane.deps, platform: () => platform };
    const store = new HistoryStore(pane.deps.historyItem);
    const history = new HistoryController(deps, store);
    const insert = new InsertController(deps);
    const done = await pane.session.client().run(1002);
    await store.upsert(entry(0, { executionId: done.executionId, queryId: 1002, baseUrl: service.url }));
    await history.load();
    const downloads: { fileName: string; size: number }[] = [];
    const sheets: unknown[] = [];
    const targets = {
      download: (fileName: string, parts: readonly string[]) =>
        void downloads.push({ fileName, size: parts.join("").length }),
      newSheet: (source: Parameters<InsertController["insert"]>[0]) => {
        sheets.push(source);
        return insert.insert(source, { destination: "new-sheet" as const, asTable: false, headers: true });
      },
    };
    return { ...pane, history, done, downloads, sheets, targets };
  }

  test("on Mac: the rows go to a new sheet, no download is attempted, and the pane says what it did", async () => {
    const { history, done, downloads, sheets, targets, wb } = await setupOn("Mac");
    expect(history.csvDestination()).toBe("new-sheet");
    expect(await history.exportCsv(done.executionId, targets)).toBe("new-sheet");
    expect(downloads).toEqual([]);
    expect(sheets).toEqual([
      expect.objectContaining({ kind: "execution", executionId: done.executionId, queryId: 1002 }),
    ]);
    const sheet = wb.inspect.activeSheet();
    expect(wb.inspect.sheetNames()).toContain(sheet);
    expect(wb.inspect.values(sheet, "A1:B1")[0]).toEqual(["trade_id", "block_time"]);
    expect(wb.inspect.usedAddress(sheet)).toMatch(/!A1:[A-Z]+501$/);
    expect(history.store.state.message).toMatch(
      /^Excel on this computer cannot save a file from an add-in .*, so the result's rows are on a new sheet \(.+!A1:[A-Z]+501\)\. To get a CSV file, keep that sheet active and use File → Save As with the file format CSV UTF-8 \(Comma delimited\)\.$/,
    );
  });

  test("elsewhere: the CSV file is handed to the download, and nothing is written to the workbook", async () => {
    const { history, done, downloads, sheets, targets, wb } = await setupOn("PC");
    const before = wb.inspect.sheetNames();
    expect(await history.exportCsv(done.executionId, targets)).toBe("download");
    expect(downloads).toEqual([{ fileName: `query-1002-${done.executionId}.csv`, size: expect.any(Number) }]);
    expect(downloads[0]!.size).toBeGreaterThan(10_000);
    expect(sheets).toEqual([]);
    expect(wb.inspect.sheetNames()).toEqual(before);
    expect(history.store.state.message).toBe(`CSV ready: query-1002-${done.executionId}.csv.`);
  });

  test.each([
    [
      { phase: "failed", rowsWritten: 0, message: "The service is unreachable." },
      /did not finish: The service is unreachable\.$/,
    ],
    [
      { phase: "writing", rowsWritten: 10, message: "Writing rows…" },
      /another insert is under way, try again when it ends\.$/,
    ],
  ] as const)("on Mac, an insert that does not complete says why (%j)", async (state, message) => {
    const { history, done, downloads } = await setupOn("Mac");
    const outcome = await history.exportCsv(done.executionId, {
      download: () => downloads.push({ fileName: "never", size: 0 }),
      newSheet: async () => ({ ...state }),
    });
    expect(outcome).toBeUndefined();
    expect(downloads).toEqual([]);
    expect(history.store.state.message).toMatch(message);
  });
});
