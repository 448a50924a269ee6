import type { FetchLike } from "../../src/client";
import { HistoryStore } from "../../src/taskpane/logic/history-store";
import { SqlRunController } from "../../src/taskpane/logic/sql/sql-run";
import { sqlNames } from "../../src/taskpane/logic/sql/sql-names";
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

test("a completed run's first rows are previewed (ten of them, in one read); the last result's columns are offered for completion", async () => {
  const { sql, sent } = await setup();
  expect(await sql.preview()).toBeUndefined(); // nothing ran yet: nothing is read
  expect(sent).toEqual([]);
  sql.price("select range as n, 'r' || range as label from range(25)", "small");
  await sql.run();
  sent.length = 0;
  const preview = await sql.preview();
  expect(preview).toMatchObject({ columns: ["n", "label"], totalRows: 25 });
  expect(preview!.rows).toEqual(Array.from({ length: 10 }, (_, i) => [i, `r${i}`]));
  expect(sent).toEqual([expect.stringMatching(/^GET \/v1\/execution\/.+\/results$/)]);
  const names = sqlNames([], sql.store.state.columns ?? []);
  expect(names.filter((n) => n.detail === "last result").map((n) => n.label)).toEqual(["n", "label"]);
});
