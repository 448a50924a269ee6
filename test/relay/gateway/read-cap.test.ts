import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunningRelay } from "../../../src/relay";
import { FileGatewayStore } from "../../../src/team-store";
import { api } from "../../support/http";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../../support/service";
import { GatewayRun } from "./support/gateway-harness";

/**
 * The bound on a read's estimation error, against the local service: the team key has a per-request cap of CAP
 * credits at the service, and the gateway is told it. A person then tries what makes estimates low: a light page
 * first, then the heavy rows after it; a sample over long text; a read without a limit; each lifting the service's
 * guard, which would take the read out of the cap. Whatever they try, the service bills the team key no more than
 * their budget plus CAP for each request they had in flight.
 */
const CAP = 3;
const BUDGET = 5;
/** 990 light rows, then 10 rows of 200 kB: the result's average row (about 2 kB) prices the last ones at a hundredth. */
const SQL = "select i, case when i < 990 then 'x' else repeat('y', 200000) end as t from range(1000) r(i) order by i";
let svc: TestService;
let run: GatewayRun;
let gateway: RunningRelay;
let stateDir: string;
const tokens: Record<string, string> = {};
let runId: string;

/** What the service has billed the team key this cycle. */
async function billed(): Promise<number> {
  const usage = await api(svc.url, TEST_KEYS.demo).post<{ billing_periods: { credits_used: number }[] }>("/v1/usage");
  return usage.body.billing_periods[0]!.credits_used;
}

beforeAll(async () => {
  svc = await startTestService({ billing: { demo: { max_credits_per_request: CAP } } });
  const executed = await api(svc.url, TEST_KEYS.demo).post("/v1/sql/execute", { sql: SQL, performance: "medium" });
  runId = executed.body.execution_id as string;
  await waitFinished(svc.url, TEST_KEYS.demo, runId);
  stateDir = mkdtempSync(join(tmpdir(), "gateway-cap-"));
  const store = FileGatewayStore.open(stateDir);
  for (const name of ["alice", "bob"]) {
    tokens[name] = (await store.addPerson({ name, budgets: { perDay: BUDGET, perMonth: null } })).token;
  }
  await store.close();
  run = new GatewayRun(TEST_KEYS.demo);
  gateway = await run.start(svc.url, { stateDir }, { cap: CAP });
});

afterAll(async () => {
  await run?.close();
  await svc?.close();
  rmSync(stateDir, { recursive: true, force: true });
});

const results = (query: string) => `/v1/execution/${runId}/results?${query}`;
const LIFT = "ignore_max_credits_per_request=true";

test("one request at a time: never more than the budget plus one cap", async () => {
  const before = await billed();
  const hostile = [
    results(`limit=100&${LIFT}`), // light rows first: nothing learned from them may price the heavy ones
    results(`offset=990&limit=10&${LIFT}`), // the heavy rows, at the light rows' price were it learned
    results(`sample_count=50&${LIFT}`), // a sample over long text
    results(LIFT), // no limit at all
    results(`offset=900&${LIFT}`),
    results(`offset=990&limit=10&${LIFT}`),
    results(`offset=985&limit=15&${LIFT}`),
  ];
  for (const path of hostile) {
    const answer = await run.call(gateway.url, tokens.alice, "GET", path);
    expect([200, 402]).toContain(answer.status);
  }
  expect((await billed()) - before).toBeLessThanOrEqual(BUDGET + CAP);
});

test("requests in parallel: never more than the budget plus a cap per request in flight", async () => {
  const before = await billed();
  const parallel = 4;
  const answers = await Promise.all(
    Array.from({ length: parallel }, (_, i) =>
      run.call(gateway.url, tokens.bob, "GET", results(`offset=${990 - i}&limit=${10 + i}&${LIFT}`)),
    ),
  );
  for (const answer of answers) expect([200, 402]).toContain(answer.status);
  expect((await billed()) - before).toBeLessThanOrEqual(BUDGET + parallel * CAP);
});

test("an ordinary page estimated above the cap asks for fewer rows, not for a refusal", async () => {
  const { bob } = tokens;
  // Bob's budget is left alone by the refusals above; a fresh person would do as well.
  const answer = await run.call<{ result: { rows: unknown[] }; next_offset?: number }>(
    gateway.url,
    bob,
    "GET",
    results("offset=0&limit=1000"),
  );
  expect(answer.status).toBe(200);
  const rows = answer.body.result.rows.length;
  expect(rows).toBeGreaterThan(0);
  expect(rows).toBeLessThan(1000);
  expect(answer.body.next_offset).toBe(rows);
});

test("a service that bills a read above the cap the gateway was told of is reported in the log", async () => {
  // Carol's key has no per-request limit at the service, though her gateway is told it has one of CAP.
  const executed = await api(svc.url, TEST_KEYS.carol).post("/v1/sql/execute", { sql: SQL, performance: "medium" });
  const carolRun = executed.body.execution_id as string;
  await waitFinished(svc.url, TEST_KEYS.carol, carolRun);
  const other = new GatewayRun(TEST_KEYS.carol);
  const dir = other.tempDir("gateway-cap-uncapped-");
  const store = FileGatewayStore.open(dir);
  const carol = (await store.addPerson({ name: "carol", budgets: { perDay: BUDGET, perMonth: null } })).token;
  await store.close();
  try {
    const relay = await other.start(svc.url, { stateDir: dir }, { cap: CAP });
    const path = `/v1/execution/${carolRun}/results?offset=990&limit=10`;
    expect((await other.call(relay.url, carol, "GET", path)).status).toBe(200);
    await other.relays.splice(0)[0]!.close(); // the read's booking is finished before the relay stops
    expect(other.logs.join("\n")).toMatch(/read above the per-request cap/);
  } finally {
    await other.close();
  }
});
