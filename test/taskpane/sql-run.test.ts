import type { FetchLike } from "../../src/client";
import { HistoryStore } from "../../src/taskpane/logic/history-store";
import { SqlRunController } from "../../src/taskpane/logic/sql/sql-run";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";
import { testPane } from "./support/pane-deps";

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ datasets: true });
});
afterAll(() => service.close());

async function setup() {
  const sent: string[] = [];
  const fetch: FetchLike = (input, init) => {
    sent.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
    return globalThis.fetch(input, init);
  };
  const pane = await testPane(service.url, { apiKey: TEST_KEYS.demo, fetch });
  const history = new HistoryStore(pane.deps.historyItem);
  const sql = new SqlRunController(pane.deps, history);
  const phases: string[] = [];
  sql.store.subscribe((s) => (phases.at(-1) === s.phase ? undefined : phases.push(s.phase)));
  sent.length = 0;
  return { sql, history, phases, sent };
}

test("priced first (tier and credits, nothing sent), then run: completed, its columns kept, in the History with its text", async () => {
  const { sql, history, phases, sent } = await setup();
  const text = "select 1 as one, 'a' as letter";
  expect(sql.price(text, "medium")).toBe(true);
  expect(sql.store.state).toMatchObject({ phase: "priced", price: { credits: 10 } });
  expect(sql.store.state.price!.label).toMatch(/Medium/);
  expect(sent).toEqual([]);
  const end = await sql.run();
  expect(end).toMatchObject({ phase: "completed", rowCount: 1, columns: ["one", "letter"] });
  expect(sent[0]).toBe("POST /v1/sql/execute");
  expect(phases).toEqual(["idle", "priced", "running", "completed"]);
  const [entry] = await history.load();
  expect(entry).toMatchObject({ executionId: end.executionId, sql: text, queryId: 0, performance: "medium" });
  expect(entry!.costReported).toBe(true);
});

test("a text with {{placeholders}} is refused in the pane, with the way to parameterise it, and nothing is sent", async () => {
  const { sql, sent } = await setup();
  expect(sql.price("select * from query_9000003 where chain = '{{chain}}'", "small")).toBe(false);
  expect(sql.store.state.phase).toBe("refused");
  expect(sql.store.state.message).toMatch(/\{\{chain\}\}.*save it as a query/);
  expect(await sql.run()).toMatchObject({ phase: "refused" });
  expect(sent).toEqual([]);
});

test("an engine's error is shown with the position it names marked", async () => {
  const { sql, history } = await setup();
  const text = "select nope from query_9000003";
  sql.price(text, "small");
  const end = await sql.run();
  expect(end.phase).toBe("failed");
  expect(end.message).toMatch(/nope/);
  expect(end.errorAt).toBeDefined();
  expect(text.slice(end.errorAt!.offset, end.errorAt!.offset + 4)).toBe("nope");
  const [entry] = await history.load();
  expect(entry!.error).toMatch(/nope/);
});
