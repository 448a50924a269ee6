import { HistoryController } from "../../src/taskpane/logic/history-controller";
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
