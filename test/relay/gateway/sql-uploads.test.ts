import { FileGatewayStore, type AuditEntry } from "../../../src/team-store";
import type { RunningRelay } from "../../../src/relay";
import { api } from "../../support/http";
import { startTestService, type TestService } from "../../support/service";
import { GatewayRun } from "./support/gateway-harness";

/**
 * SQL text and uploads through the gateway: SQL is an execute of its tier, reserved and reconciled as a saved
 * query's; an upload is reserved at the service's upload price and booked at what it wrote; listing and deleting are
 * free; what does not fit the budget never reaches the service.
 */
jest.setTimeout(60_000);

let svc: TestService;
let run: GatewayRun;
let relay: RunningRelay;
let stateDir: string;
const tokens: Record<string, string> = {};

interface Day {
  spent: number;
  reserved: number;
}

beforeAll(async () => {
  svc = await startTestService({ corsOrigins: [], billing: { demo: { plan: "free" } } });
  run = new GatewayRun(svc.apiKey);
  stateDir = run.tempDir("gateway-state-");
  // The file store is one process's: people are added before the relay opens it.
  const store = FileGatewayStore.open(stateDir);
  tokens.alice = (await store.addPerson({ name: "alice", budgets: { perDay: 100, perMonth: null } })).token;
  tokens.bob = (await store.addPerson({ name: "bob", budgets: { perDay: 0.5, perMonth: null } })).token;
  await store.close();
  relay = await run.start(svc.url, { stateDir });
}, 120_000);

afterAll(async () => {
  await run?.close();
  await svc?.close();
});

const day = async (token: string): Promise<Day> =>
  ((await run.call(relay.url, token, "GET", "/gateway/me")).body as { budgets: { person: { day: Day } } }).budgets
    .person.day;

test("SQL text is an execute of its tier: reserved at the tier's price, booked at the run's reported cost", async () => {
  const sql = { sql: "select 1 as one", performance: "medium" };
  const executed = await run.call(relay.url, tokens.alice, "POST", "/v1/sql/execute", sql);
  expect(executed.status).toBe(200);
  expect(await day(tokens.alice)).toMatchObject({ reserved: 10 });
  const id = executed.body.execution_id as string;
  // Polled through the gateway: the status that reports the run's cost is what books it.
  const status = (path: string) => run.call(relay.url, tokens.alice, "GET", path);
  while ((await status(`/v1/execution/${id}/status`)).body.is_execution_finished !== true) {
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  expect(await day(tokens.alice)).toEqual(expect.objectContaining({ reserved: 0, spent: 10 }));
});

test("a table created and rows inserted are reserved and booked at the upload price; listing and deleting are free", async () => {
  const before = await day(tokens.alice);
  const schema = { namespace: "demo", table_name: "gated", is_private: true, schema: [{ name: "a", type: "varchar" }] };
  expect((await run.call(relay.url, tokens.alice, "POST", "/v1/uploads", schema)).status).toBe(200);
  const csv = "a\nx\ny\n";
  const inserted = await fetch(`${relay.url}/v1/uploads/demo/gated/insert`, {
    method: "POST",
    headers: { "X-Service-Api-Key": tokens.alice!, "Content-Type": "text/csv" },
    body: csv,
  });
  expect(inserted.status).toBe(200);
  expect(await inserted.json()).toMatchObject({ rows_written: 2, bytes_written: csv.length });
  expect((await run.call(relay.url, tokens.alice, "GET", "/v1/uploads")).status).toBe(200);
  const deleted = await fetch(`${relay.url}/v1/uploads/demo/gated`, {
    method: "DELETE",
    headers: { "X-Service-Api-Key": tokens.alice! },
  });
  expect(deleted.status).toBe(200);
  // A creation at least 1 credit, an insert of a few bytes at least 1: 2 in all, nothing left reserved.
  expect(await day(tokens.alice)).toEqual(expect.objectContaining({ reserved: 0, spent: before.spent + 2 }));
});

test("an upload that does not fit the person's budget is refused (402) and never reaches the service", async () => {
  const schema = {
    namespace: "demo",
    table_name: "refused",
    is_private: true,
    schema: [{ name: "a", type: "varchar" }],
  };
  const refused = await run.call(relay.url, tokens.bob, "POST", "/v1/uploads", schema);
  expect(refused.status).toBe(402);
  const listed = await api(svc.url, svc.apiKey).get("/v1/uploads");
  expect(JSON.stringify(listed.body)).not.toContain("refused");
});

test("the audit names each upload and the SQL run, at what each was booked at", async () => {
  // The relay closed (its store with it) but its directories kept, to read the audit it wrote.
  await Promise.all(run.relays.splice(0).map((r) => r.close()));
  const store = FileGatewayStore.open(stateDir);
  try {
    const entries: AuditEntry[] = await store.auditEntries({ from: 0, to: Number.MAX_SAFE_INTEGER });
    const alice = entries.filter((e) => e.person === "alice");
    // The creation's answer says no size; the insert's says its bytes and rows.
    expect(alice.filter((e) => e.action === "upload").map((e) => [e.outcome, e.credits, e.bytes, e.rows])).toEqual([
      ["ok", 1, null, null],
      ["ok", 1, 6, 2],
    ]);
    expect(alice.find((e) => e.action === "execute")).toMatchObject({ outcome: "ok", queryId: null, credits: 10 });
  } finally {
    await store.close();
  }
});
