import { PostgresGatewayStore, runAdminCommand, type AuditEntry, type GatewayStore } from "../../../src/team-store";
import type { RunningRelay } from "../../../src/relay";
import { api } from "../../support/http";
import { startTestService, TEST_KEYS, type TestService } from "../../support/service";
import { TestPostgres } from "../../team-store/support/test-postgres";
import { ManualClock } from "../../support/manual-clock";
import { GatewayRun } from "./support/gateway-harness";

/**
 * Two gateway instances on one PostgreSQL in front of the real local service (which grants no CORS origin and knows
 * only the team's key): people sign in with personal tokens, the team's key never leaves the server, budgets hold
 * across instances, only a run's owner (or an admin) cancels it, a lost database answers 503 and spends nothing, and
 * at the end the audit's credits equal what the service charged the team's key.
 */
jest.setTimeout(60_000);

let postgres: TestPostgres;
let database: string;
let svc: TestService;
let store: GatewayStore;
let run: GatewayRun;
let a: RunningRelay;
let b: RunningRelay;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  [postgres, svc] = await Promise.all([
    TestPostgres.start(),
    startTestService({ datasets: true, corsOrigins: [], billing: { demo: { plan: "free" } } }),
  ]);
  database = await postgres.createDatabase();
  store = await PostgresGatewayStore.open(database);
  for (const [name, perDay, admin] of [
    ["alice", 1000, false],
    ["bob", 1000, false],
    ["root", null, true],
  ] as const) {
    tokens[name] = (await store.addPerson({ name, admin, budgets: { perDay, perMonth: null } })).token;
  }
  run = new GatewayRun(svc.apiKey);
  [a, b] = [await run.start(svc.url, { database }), await run.start(svc.url, { database })];
}, 120_000);

afterAll(async () => {
  await run?.close();
  await store?.close();
  await svc?.close();
  await postgres?.shutdown();
});

const PROBE = "/v1/execution/00000000000000000000000000/status";

describe("people, not keys", () => {
  test("a personal token is let through by both instances; the team's key, no key or any other is a 401", async () => {
    for (const relay of [a, b]) {
      const through = await run.call(relay.url, tokens.alice, "GET", PROBE);
      // The service's own answer: the probe reached it with the team's key.
      expect(through.status).toBe(404);
      expect(through.text).toBe((await api(svc.url, svc.apiKey).get(PROBE)).text);
      for (const credential of [svc.apiKey, undefined, TEST_KEYS.alice, `sgw_${"A".repeat(43)}`, "sgw_short"]) {
        const refused = await run.call(relay.url, credential, "GET", PROBE);
        expect([refused.status, refused.body]).toEqual([401, { error: expect.stringMatching(/personal token/) }]);
      }
      // The spec's query form of the key works as well for a personal token (it still goes upstream in the header).
      expect((await run.call(relay.url, undefined, "GET", `${PROBE}?api_key=${tokens.alice}`)).status).toBe(404);
    }
  });

  test("GET /gateway/me: the person, their budgets and the team's, what is left", async () => {
    const me = await run.call(b.url, tokens.bob, "GET", "/gateway/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      name: "bob",
      admin: false,
      budgets: {
        person: { day: { limit: 1000, spent: 0, reserved: 0, left: 1000 }, month: { limit: null, left: null } },
        team: { day: { limit: null }, month: { limit: null } },
      },
      time_zone: "UTC",
      plan: { name: "free", credits_per_mb: 20 },
    });
    expect(me.headers.get("cache-control")).toBe("no-store");
    expect((await run.call(b.url, svc.apiKey, "GET", "/gateway/me")).status).toBe(401);
  });

  test("a token issued is let in by both instances; revoked (`users revoke`), both refuse its next request", async () => {
    const output = {
      lines: [] as string[],
      out: (l: string) => output.lines.push(l),
      error: (l: string) => output.lines.push(l),
    };
    expect(
      await runAdminCommand(["users", "add", "dave", "--budget-per-day", "5", "--database", database], {}, output),
    ).toBe(0);
    const token = output.lines.join("\n").match(/sgw_[A-Za-z0-9_-]{43}/)![0];
    expect((await run.call(a.url, token, "GET", PROBE)).status).toBe(404);
    expect((await run.call(b.url, token, "GET", "/gateway/me")).body).toMatchObject({ name: "dave" });
    expect(await runAdminCommand(["users", "revoke", "dave", "--database", database], {}, output)).toBe(0);
    for (const relay of [a, b]) {
      expect((await run.call(relay.url, token, "GET", PROBE)).status).toBe(401);
      expect((await run.call(relay.url, token, "GET", "/gateway/me")).status).toBe(401);
    }
  });
});

/** Polls a run's status through a relay until it is finished; its last status. */
async function finish(relay: RunningRelay, token: string, executionId: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 600; i++) {
    const status = await run.call(relay.url, token, "GET", `/v1/execution/${executionId}/status`);
    if (status.body.is_execution_finished === true) return status.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${executionId} did not finish`);
}

/** The team key's credits used this cycle, as a service counts them (the usage report is free). */
async function charged(service: TestService = svc): Promise<number> {
  const usage = await api(service.url, service.apiKey).post<{ billing_periods: { credits_used: number }[] }>(
    "/v1/usage",
  );
  return usage.body.billing_periods[0]!.credits_used;
}

/** Waits until the reads answered so far are booked (their settlement follows the answer). */
async function settled(person: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const status = await store.budgetStatus(person);
    if (status.person.day.reserved === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${person}'s reservations are still open`);
}

const entriesOf = async (person: string) =>
  (await store.auditEntries({ from: 0, to: Number.MAX_SAFE_INTEGER })).filter((e) => e.person === person);

/** A person's entries once one matches: cache hits and refused cancels are audited in batches (AUDIT_DELAY_MS). */
async function auditedFor(person: string, matches: (e: AuditEntry) => boolean): Promise<AuditEntry[]> {
  for (let i = 0; i < 100; i++) {
    const entries = await entriesOf(person);
    if (entries.some(matches)) return entries;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no such audit entry of ${person}`);
}

let finished = ""; // a completed run of 1002 (500 rows), started by alice
let pacedCharged = 0; // what the pacing test's own service charged

describe("budgets: reserve, then reconcile", () => {
  test("an execute reserves its estimate; the status (on the other instance) reports its cost and books it", async () => {
    const executed = await run.call(a.url, tokens.alice, "POST", "/v1/query/1002/execute", {});
    expect(executed.status).toBe(200);
    finished = executed.body.execution_id as string;
    expect(await store.executionOwner(finished)).toMatchObject({ person: "alice", queryId: 1002 });
    expect((await store.budgetStatus("alice")).person.day).toMatchObject({ reserved: 10 });
    const status = await finish(b, tokens.alice, finished);
    expect(status.execution_cost_credits).toBe(10);
    expect((await store.budgetStatus("alice")).person.day).toMatchObject({ spent: 10, reserved: 0 });
    expect((await store.executionOwner(finished))?.reservationId).toEqual(expect.any(String));
    const [entry] = (await entriesOf("alice")).filter((e) => e.action === "execute");
    expect(entry).toMatchObject({ outcome: "ok", queryId: 1002, executionId: finished, estimate: 10, credits: 10 });
    expect(entry!.rows).toBe(500);
    // The same query's next run is estimated at its last cost or its tier's price, whichever is larger.
    const large = await run.call(b.url, tokens.alice, "POST", "/v1/query/1002/execute", { performance: "large" });
    expect((await store.budgetStatus("alice")).person.day).toMatchObject({ reserved: 20 });
    await finish(a, tokens.alice, large.body.execution_id as string);
    expect((await store.budgetStatus("alice")).person.day).toMatchObject({ spent: 30, reserved: 0 });
  });

  test("a read is reserved at its estimate and booked at what the service bills for the bytes it sent", async () => {
    const before = await entriesOf("alice");
    const page = await run.call(a.url, tokens.alice, "GET", `/v1/execution/${finished}/results?limit=100`);
    expect(page.status).toBe(200);
    const csv = await run.call(b.url, tokens.alice, "GET", `/v1/execution/${finished}/results/csv?limit=40&offset=100`);
    const dataset = await run.call(a.url, tokens.alice, "GET", "/v1/dex/pairs/ethereum?limit=5&columns=token_pair");
    expect([csv.status, dataset.status]).toEqual([200, 200]);
    await settled("alice");
    const reads = (await entriesOf("alice")).filter((e) => e.action === "read" && !before.some((b) => b.id === e.id));
    // What the service sent: the relay's body with its own address in the paging link put back.
    const sent = (text: string, relay: RunningRelay) => Buffer.byteLength(text.split(relay.url).join(svc.url));
    // Booked in the order their answers ended.
    const rows = reads.map((e) => [e.outcome, e.queryId, e.executionId, e.rows, e.bytes]);
    expect(rows.sort((x, y) => Number(y[3]) - Number(x[3]))).toEqual([
      ["ok", 1002, finished, 100, sent(page.text, a)],
      ["ok", 1002, finished, 40, sent(csv.text, b)],
      ["ok", null, null, 5, sent(dataset.text, a)],
      // Before the dataset's first read, one row of it told the gateway how many rows there are.
      ["ok", null, null, 1, expect.any(Number)],
    ]);
    // Instance a had not seen the run's status (b had): it asked for it first, so the page was estimated for its 7
    // columns (100 rows × 7 × 100 bytes + 4 kB = 1.49 credits), not for 32 unknown ones.
    expect(reads.find((e) => e.rows === 100)!.estimate).toBe(1.49);
    for (const entry of reads) {
      expect(entry.credits).toBe(Math.ceil((entry.bytes! / 1_000_000) * 20 * 100 - 1e-9) / 100);
      // Estimates err high: nothing read here cost more than reserved for it.
      expect(entry.estimate!).toBeGreaterThanOrEqual(entry.credits);
    }
  });

  test("a page served from the relay's cache costs the team nothing, is audited as a cache hit, and counts 0", async () => {
    const path = `/v1/execution/${finished}/results?limit=100`;
    const before = (await store.budgetStatus("bob")).person.day.spent;
    const hit = await run.call(a.url, tokens.bob, "GET", path);
    expect(hit.status).toBe(200);
    expect(run.logs.at(-1)).toContain('"cache":"hit"');
    expect(run.logs.at(-1)).toContain('"person":"bob"');
    const cached = (e: AuditEntry) => e.outcome === "cached";
    const [entry] = (await auditedFor("bob", cached)).filter(cached);
    expect(entry).toMatchObject({ action: "read", credits: 0, executionId: finished, bytes: expect.any(Number) });
    expect((await store.budgetStatus("bob")).person.day.spent).toBe(before);
  });

  test("a request whose reservation does not fit is refused before it reaches the service (402, named)", async () => {
    const { token } = await store.addPerson({ name: "tight", budgets: { perDay: 5, perMonth: null } });
    const usage = await charged();
    const refused = await run.call(b.url, token, "POST", "/v1/query/1001/execute", { performance: "medium" });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatch(
      /^tight's daily budget of 5 credits would be exceeded: 0 credits spent, and this request is estimated at 10 credits\. It resets at \d{4}-\d\d-\d\d 00:00 UTC\. Until then: ask your team's admin to raise your budget, or narrow the read\.$/,
    );
    // The whole run as CSV: 500 rows of 7 columns this instance has not read as CSV yet, estimated at 7.08 credits.
    const wide = await run.call(a.url, token, "GET", `/v1/execution/${finished}/results/csv`);
    expect([wide.status, wide.body.error]).toEqual([402, expect.stringMatching(/tight's daily budget of 5 credits/)]);
    expect(await charged()).toBe(usage);
    expect((await entriesOf("tight")).map((e) => [e.action, e.outcome, e.credits])).toEqual([
      ["execute", "refused-budget", 0],
      ["read", "refused-budget", 0],
    ]);
  });

  test("a budget raced from both instances by parallel executes and reads is never passed", async () => {
    const { token } = await store.addPerson({ name: "racer", budgets: { perDay: 50, perMonth: null } });
    const runs = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        run.call(i % 2 ? a.url : b.url, token, "POST", "/v1/query/1001/execute", {}),
      ),
    );
    const granted = runs.filter((r) => r.status === 200);
    // 10 credits each against 50: five fit, whichever instance they came through.
    expect([granted.length, runs.filter((r) => r.status === 402).length]).toEqual([5, 11]);
    for (const [i, r] of granted.entries()) await finish(i % 2 ? a : b, token, r.body.execution_id as string);
    expect((await store.budgetStatus("racer")).person.day).toMatchObject({ spent: 50, reserved: 0, left: 0 });

    const { token: reader } = await store.addPerson({ name: "reader", budgets: { perDay: 3, perMonth: null } });
    const reads = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        run.call(
          i % 2 ? a.url : b.url,
          reader,
          "GET",
          `/v1/execution/${finished}/results/csv?limit=50&offset=${i * 10}`,
        ),
      ),
    );
    await settled("reader");
    const entries = await entriesOf("reader");
    const ok = entries.filter((e) => e.outcome === "ok");
    expect(ok.length).toBe(reads.filter((r) => r.status === 200).length);
    expect(ok.length + entries.filter((e) => e.outcome === "refused-budget").length).toBe(16);
    const spent = (await store.budgetStatus("reader")).person.day.spent;
    const aboveEstimates = ok.reduce((sum, e) => sum + Math.max(0, e.credits - e.estimate!), 0);
    // The guarantee: never more than the budget plus what requests cost above their estimates.
    expect(spent).toBeLessThanOrEqual(3 + aboveEstimates + 1e-9);
    expect(ok.length).toBeGreaterThanOrEqual(3);
  });
});

describe("who sees what", () => {
  test("only the person who started a run, or an admin, may cancel it", async () => {
    const started = await run.call(a.url, tokens.alice, "POST", "/v1/query/1004/execute", {});
    const id = started.body.execution_id as string;
    const refused = await run.call(b.url, tokens.bob, "POST", `/v1/execution/${id}/cancel`);
    expect([refused.status, refused.body]).toEqual([
      403,
      { error: "only the person who started this execution, or an admin, may cancel it" },
    ]);
    expect((await run.call(a.url, tokens.bob, "GET", `/v1/execution/${id}/status`)).body.is_execution_finished).toBe(
      false,
    );
    const cancelled = await run.call(b.url, tokens.root, "POST", `/v1/execution/${id}/cancel`);
    expect([cancelled.status, cancelled.body]).toEqual([200, { success: true }]);
    const status = await finish(b, tokens.alice, id);
    expect(status.state).toBe("QUERY_STATE_CANCELLED");
    const cancel = (e: AuditEntry) => e.action === "cancel";
    expect((await auditedFor("bob", cancel)).filter(cancel)).toMatchObject([
      { outcome: "forbidden", executionId: id, queryId: 1004 },
    ]);
    expect((await entriesOf("root")).filter((e) => e.action === "cancel")).toMatchObject([
      { outcome: "ok", executionId: id, queryId: 1004 },
    ]);
    // Her own run she may cancel herself.
    const mine = (await run.call(b.url, tokens.alice, "POST", "/v1/query/1004/execute", {})).body
      .execution_id as string;
    expect((await run.call(a.url, tokens.alice, "POST", `/v1/execution/${mine}/cancel`)).status).toBe(200);
    await finish(a, tokens.alice, mine);
    await settled("alice");
  });
});

describe("pacing shared fairly", () => {
  test("a second person's small requests keep flowing while a first pulls a large result; the team's limit holds", async () => {
    // Its own service and instances, on one clock the test moves: the service counts 10 reads a minute for the team
    // key (it answers 429 past them), and the instances pace the team to the same 10 through the shared store.
    const clock = new ManualClock(Date.now());
    const paced = await startTestService({
      clock,
      rateLimitRead: 10,
      corsOrigins: [],
      billing: { demo: { plan: "free" } },
    });
    try {
      const [pa, pb] = [
        await run.start(paced.url, { database }, { reads: 10, clock }),
        await run.start(paced.url, { database }, { reads: 10, clock }),
      ];
      const { token: puller } = await store.addPerson({ name: "puller", budgets: { perDay: null, perMonth: null } });
      const { token: small } = await store.addPerson({ name: "small", budgets: { perDay: null, perMonth: null } });
      /** A read through the gateway, the clock moved on as long as it answers 429. */
      const patiently = async (relay: RunningRelay, token: string, path: string) => {
        for (;;) {
          const answer = await run.call(relay.url, token, "GET", path);
          if (answer.status !== 429) return answer;
          clock.advance(Number(answer.headers.get("retry-after")) * 1000);
        }
      };
      const id = (await run.call(pa.url, puller, "POST", "/v1/query/1007/execute", {})).body.execution_id as string;
      while ((await patiently(pa, puller, `/v1/execution/${id}/status`)).body.is_execution_finished !== true) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        clock.advance(5000);
      }
      clock.advance(60_000);

      let offset = 0;
      let pullerNext = 0;
      const pages: number[] = [];
      const waits: number[] = [];
      const smallSent: number[] = [];
      let queued: number | undefined;
      let smallNext = 0;
      const refusedBodies = new Set<string>();
      const start = clock.now();
      for (let second = 0; second < 240; second++) {
        const now = clock.now();
        if (now >= pullerNext) {
          const page = await run.call(pa.url, puller, "GET", `/v1/execution/${id}/results?limit=500&offset=${offset}`);
          if (page.status === 200) {
            pages.push(now);
            offset += 500;
          } else {
            expect(page.status).toBe(429);
            refusedBodies.add(page.body.error as string);
            pullerNext = now + Number(page.headers.get("retry-after")) * 1000;
          }
        }
        // She starts once he is well into his pull, then asks every 15 s.
        if (second >= 20 && second % 15 === 5 && queued === undefined) queued = now;
        if (queued !== undefined && now >= smallNext) {
          const answer = await run.call(pb.url, small, "GET", `/v1/execution/${id}/status`);
          if (answer.status === 200) {
            waits.push(now - queued);
            smallSent.push(now);
            queued = undefined;
          } else {
            expect(answer.status).toBe(429);
            refusedBodies.add(answer.body.error as string);
            smallNext = now + Number(answer.headers.get("retry-after")) * 1000;
          }
        }
        clock.advance(1000);
      }
      // Every 429 was the gateway's: the service's own limit (the same 10) was never reached.
      expect([...refusedBodies].every((text) => /your share of the team's 10 requests a minute/.test(text))).toBe(true);
      // Alone, he had nine tenths of the team's pace (9 pages at once); she then got the room kept for newcomers at
      // once, waited once for his burst to leave the window, and from then on her half of the rest covered her pace.
      expect(pages.slice(0, 9).map((at) => at - start)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((s) => s * 1000));
      expect(waits[0]).toBe(0);
      expect(Math.max(...waits)).toBeLessThanOrEqual(30_000);
      expect(waits.filter((wait) => wait === 0).length).toBeGreaterThanOrEqual(waits.length - 3);
      expect(waits.length).toBeGreaterThanOrEqual(12);
      // He kept pulling at his share; together they never sent more than the team's 10 in any minute.
      expect(pages.length).toBeGreaterThanOrEqual(9 + 3 * 4);
      const sent = [...pages, ...smallSent].sort((x, y) => x - y);
      for (const at of sent) expect(sent.filter((t) => t > at - 60_000 && t <= at).length).toBeLessThanOrEqual(10);
      expect(clock.now() - start).toBe(240_000);
      await Promise.all(["puller", "small"].map(settled));
      clock.advance(60_000);
      pacedCharged = await charged(paced);
    } finally {
      await paced.close();
    }
  });
});

describe("the store lost and back", () => {
  test("PostgreSQL stopped mid-test: both instances answer 503 with Retry-After, nothing is spent; back, they serve", async () => {
    const usage = await charged();
    const before = await store.budgetStatus("alice");
    await postgres.stop();
    try {
      for (const relay of [a, b]) {
        for (const [method, path] of [
          ["GET", PROBE],
          ["POST", "/v1/query/1001/execute"],
          ["GET", `/v1/execution/${finished}/results?limit=7`],
          ["GET", "/gateway/me"],
        ] as const) {
          const answer = await run.call(relay.url, tokens.alice, method, path, method === "POST" ? {} : undefined);
          expect([answer.status, answer.headers.get("retry-after")]).toEqual([503, "5"]);
          expect(answer.body.error).toMatch(/cannot reach its store.*nothing was sent or spent/);
          expect(answer.text).not.toContain(postgres.password);
        }
      }
      expect(await charged()).toBe(usage);
    } finally {
      await postgres.resume();
    }
    for (const relay of [a, b]) {
      let status = 0;
      for (let i = 0; i < 100 && status !== 404; i++) {
        status = (await run.call(relay.url, tokens.alice, "GET", PROBE)).status;
        if (status !== 404) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(404);
    }
    expect((await store.budgetStatus("alice")).person.day).toEqual(before.person.day);
    const again = await run.call(b.url, tokens.alice, "POST", "/v1/query/1001/execute", {});
    expect(again.status).toBe(200);
    await finish(a, tokens.alice, again.body.execution_id as string);
    expect((await store.budgetStatus("alice")).person.day.spent).toBe(before.person.day.spent + 10);
  });
});

describe("at the end of the run", () => {
  test("the team's key was in no answer, log line, cache file, error or stored row", async () => {
    const tables = await postgres.sql<{ table_name: string }>(
      database,
      "SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'gateway_%'",
    );
    const rows: unknown[] = [];
    for (const { table_name } of tables) rows.push(await postgres.sql(database, `SELECT * FROM ${table_name}`));
    const everything = [...run.answers, ...run.logs, run.filesText(), JSON.stringify(rows)].join("\n");
    expect(run.answers.length).toBeGreaterThan(100);
    expect(run.filesText().length).toBeGreaterThan(10_000); // pages were kept on disk
    expect(everything).not.toContain(svc.apiKey);
    // Nor any personal token: only their digests are kept.
    for (const token of Object.values(tokens))
      expect([...run.logs, JSON.stringify(rows)].join("\n")).not.toContain(token);
  });

  test("the audit's credits equal what the service charged the team's key", async () => {
    const people = (await store.listPeople()).map((p) => p.name);
    for (const person of people.filter((p) => p !== "dave")) await settled(person);
    const totals = await store.auditTotals({ from: 0, to: Number.MAX_SAFE_INTEGER });
    const service = Math.round((await charged()) * 100 + pacedCharged * 100) / 100;
    expect(service).toBeGreaterThan(100);
    expect(totals.total.credits).toBe(service);
  });
});
