import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { billingPlan, readCredits, TIER_CREDITS, type BillingPlan } from "../../../src/billing";
import { DEMO_QUERIES } from "../../../src/service";
import { api, type HttpAnswer } from "../../support/http";
import { ManualClock } from "../../support/manual-clock";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../../support/service";
import { transfersCut } from "../../support/transfers-cut";

/**
 * The local service bills as the real one does (2026): a read costs its response body's bytes, before compression,
 * at the key's plan's rate (the cost model's `readCredits`, the add-in's own rule); an execution its tier's price,
 * reported on its status; a key's limit per billing cycle counts both, and its per-request cap refuses a read that
 * would cost more, unless the request lifts the guard by either of its names. `POST /v1/usage` reports it all, free.
 */
type KeyName = keyof typeof TEST_KEYS;
const PLANS: Record<KeyName, BillingPlan> = {
  demo: billingPlan("free"),
  alice: billingPlan("analyst"),
  bob: billingPlan("plus"),
  carol: billingPlan("enterprise", 3.5),
};
// The transfers' columns cut to 100,000 rows: more than a streamed page (50,000) or a capped one (62,500) needs.
const TRANSFERS = transfersCut(100_000);
const CYCLE =
  "This api request would exceed your configured limits per billing cycle. Please visit your settings and adjust your limits to continue usage.";
const PER_REQUEST =
  "This api request would exceed your configured limits per request. Please visit your settings and adjust your limits to continue usage.";

const bytes = (res: HttpAnswer<unknown>) => Buffer.byteLength(res.text);
const as = (svc: TestService, name: KeyName) => api(svc.url, TEST_KEYS[name]);
async function used(svc: TestService, name: KeyName): Promise<number> {
  const res = await as(svc, name).post<{ billing_periods: { credits_used: number }[] }>("/v1/usage");
  expect(res.status).toBe(200);
  return res.body.billing_periods[0]!.credits_used;
}
async function run(svc: TestService, queryId: number, body: Record<string, unknown> = {}): Promise<string> {
  const res = await api(svc.url, svc.apiKey).post(`/v1/query/${queryId}/execute`, body);
  expect(res.status).toBe(200);
  const id = res.body.execution_id as string;
  await waitFinished(svc.url, svc.apiKey, id);
  return id;
}

describe("a read costs its body's bytes at the key's plan's rate", () => {
  let svc: TestService;
  let trades: string; // a finished run of 1002 (public, 500 rows)
  beforeAll(async () => {
    svc = await startTestService({
      datasets: true,
      queries: [...DEMO_QUERIES, TRANSFERS],
      billing: {
        alice: { plan: "analyst" },
        bob: { plan: "plus" },
        carol: { plan: "enterprise", credits_per_mb: 3.5 },
      },
    });
    trades = await run(svc, 1002);
  });
  afterAll(() => svc.close());

  const reads: [string, () => string][] = [
    ["results JSON (E2)", () => `/v1/execution/${trades}/results?limit=200`],
    ["results CSV (E3)", () => `/v1/execution/${trades}/results/csv`],
    ["latest CSV (E5)", () => "/v1/query/1002/results/csv?limit=300"],
    ["latest JSON", () => "/v1/query/1002/results?columns=trade_id,tx_hash"],
    ["curated dataset (E8)", () => "/v1/dex/pairs/ethereum?limit=100"],
    ["a page past the end", () => `/v1/execution/${trades}/results?offset=5000`],
  ];
  test.each(reads)("%s, on each plan", async (_name, path) => {
    for (const name of ["demo", "alice", "bob", "carol"] as const) {
      const before = await used(svc, name);
      const res = await as(svc, name).get(path(), { "Accept-Encoding": "gzip" });
      expect(res.status).toBe(200);
      expect((await used(svc, name)) - before).toBeCloseTo(readCredits(bytes(res), PLANS[name]), 6);
    }
  });

  test("the rates are the plans' (20, 10, 2 and the contract's per MB), so one body costs each plan in proportion", async () => {
    const res = await as(svc, "demo").get(`/v1/execution/${trades}/results`);
    const size = bytes(res);
    expect(size).toBeGreaterThan(50_000);
    expect(readCredits(size, PLANS.demo)).toBeCloseTo((size / 1e6) * 20, 1);
    expect(readCredits(size, PLANS.carol)).toBeCloseTo((size / 1e6) * 3.5, 1);
  });

  test("a streamed page (over 50,000 rows) costs the bytes that went out", async () => {
    const big = await run(svc, TRANSFERS.query_id);
    const path = `/v1/execution/${big}/results/csv?columns=id,symbol&limit=60000`;
    const before = await used(svc, "bob");
    const res = await as(svc, "bob").get(path);
    expect(res.status).toBe(200);
    expect(res.text.split("\n").length).toBe(60_002); // header, rows, final newline
    expect((await used(svc, "bob")) - before).toBeCloseTo(readCredits(bytes(res), PLANS.bob), 6);
  });

  test("statuses, the query object, usage, refusals and a HEAD (no body) cost nothing", async () => {
    const before = await used(svc, "demo");
    const http = as(svc, "demo");
    expect((await http.get(`/v1/execution/${trades}/status`)).status).toBe(200);
    expect((await http.get("/v1/query/1001")).status).toBe(200);
    expect((await http.get(`/v1/execution/${trades}/results?limit=x`)).status).toBe(400);
    expect((await http.get("/v1/query/424242/results")).status).toBe(404);
    const head = await fetch(`${svc.url}/v1/execution/${trades}/results`, {
      method: "HEAD",
      headers: { "X-Service-Api-Key": svc.apiKey },
    });
    expect(head.status).toBe(200);
    expect(await used(svc, "demo")).toBe(before);
  });
});

describe("executions cost their tier's price, and the status says so", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService();
  });
  afterAll(() => svc.close());

  test.each([
    ["small", TIER_CREDITS.small],
    ["free", TIER_CREDITS.small],
    ["medium", TIER_CREDITS.medium],
    ["large", TIER_CREDITS.large],
    [undefined, TIER_CREDITS.medium],
  ])("performance %s", async (performance, credits) => {
    const before = await used(svc, "demo");
    const id = await run(svc, 1002, performance === undefined ? {} : { performance });
    const status = await api(svc.url, svc.apiKey).get(`/v1/execution/${id}/status`);
    expect(status.body.execution_cost_credits).toBe(credits);
    expect((await used(svc, "demo")) - before).toBe(credits);
  });

  test("a run cancelled while queued costs nothing; a pending status reports 0", async () => {
    const http = api(svc.url, svc.apiKey);
    // Fill the large tier's two slots with slow scans, then queue a third.
    const slow = [];
    for (let i = 0; i < 2; i++) slow.push((await http.post("/v1/query/1004/execute", { performance: "large" })).body);
    const queued = (await http.post("/v1/query/1002/execute", { performance: "large" })).body.execution_id as string;
    const pending = await http.get(`/v1/execution/${queued}/status`);
    expect(pending.body).toMatchObject({ state: "QUERY_STATE_PENDING", execution_cost_credits: 0 });
    await http.post(`/v1/execution/${queued}/cancel`);
    for (const s of slow) await http.post(`/v1/execution/${s.execution_id as string}/cancel`);
    const cancelled = await http.get(`/v1/execution/${queued}/status`);
    expect(cancelled.body).toMatchObject({ state: "QUERY_STATE_CANCELLED", execution_cost_credits: 0 });
  });
});

describe("a key's limit per billing cycle counts reads, and answers 402 once reached", () => {
  let svc: TestService;
  let trades: string;
  beforeAll(async () => {
    // alice may spend 10.05 credits: one medium run (10) and then reads until the 0.05 are gone.
    svc = await startTestService({ credits: { alice: 10.05, carol: 0 } });
    trades = await run(svc, 1002);
  });
  afterAll(() => svc.close());

  test("the read that crosses the limit is served and billed (the service bills after); the next is refused", async () => {
    const alice = as(svc, "alice");
    expect((await alice.post("/v1/query/1002/execute", {})).status).toBe(200);
    const page = `/v1/execution/${trades}/results?limit=50`; // about 13 kB: 0.26 credits on Free
    const first = await alice.get(page);
    expect(first.status).toBe(200);
    expect(await used(svc, "alice")).toBeCloseTo(10 + readCredits(bytes(first), PLANS.demo), 6);
    for (const path of [page, "/v1/query/1002/results/csv?limit=1", `/v1/execution/${trades}/results/csv`]) {
      const refused = await alice.get(path);
      expect(refused.status).toBe(402);
      expect(refused.body).toEqual({ error: CYCLE });
    }
    // An execution is refused too, and a refusal costs nothing.
    const before = await used(svc, "alice");
    expect((await alice.post("/v1/query/1002/execute", {})).body).toEqual({ error: CYCLE });
    expect(await used(svc, "alice")).toBe(before);
    // Free calls go on: the status, the query object, usage itself.
    expect((await alice.get(`/v1/execution/${trades}/status`)).status).toBe(200);
    expect((await alice.get("/v1/query/1002")).status).toBe(200);
  });

  test("a key whose limit is 0 reads nothing", async () => {
    const res = await as(svc, "carol").get(`/v1/execution/${trades}/results?limit=1`);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: CYCLE });
  });
});

describe("a key's cap per request, lifted by either name of the guard", () => {
  let svc: TestService;
  let trades: string;
  let transfers: string;
  beforeAll(async () => {
    svc = await startTestService({
      queries: [...DEMO_QUERIES, TRANSFERS],
      billing: { demo: { max_credits_per_request: 0.05 } },
    });
    trades = await run(svc, 1002);
    transfers = await run(svc, TRANSFERS.query_id);
  });
  afterAll(() => svc.close());

  test("a read over the cap is a 402 and costs nothing; one within it is served", async () => {
    const http = api(svc.url, svc.apiKey);
    const before = await used(svc, "demo");
    const over = await http.get(`/v1/execution/${trades}/results`); // ~130 kB: 2.6 credits on Free
    expect(over.status).toBe(402);
    expect(over.body).toEqual({ error: PER_REQUEST });
    expect(await used(svc, "demo")).toBe(before);
    const within = await http.get(`/v1/execution/${trades}/results?limit=2`);
    expect(within.status).toBe(200);
    expect(readCredits(bytes(within), PLANS.demo)).toBeLessThanOrEqual(0.05);
  });

  test.each(["ignore_max_credits_per_request", "ignore_max_datapoints_per_request"])(
    "%s=true lifts it, and the read is billed in full",
    async (guard) => {
      const before = await used(svc, "demo");
      const res = await api(svc.url, svc.apiKey).get(`/v1/execution/${trades}/results?${guard}=true`);
      expect(res.status).toBe(200);
      expect((await used(svc, "demo")) - before).toBeCloseTo(readCredits(bytes(res), PLANS.demo), 6);
      expect(res.body.next_uri).toBeUndefined();
    },
  );

  test("a page the service would stream is rendered whole under a cap, so it is priced before it is sent", async () => {
    // Four columns: the datapoints cap allows 62,500 rows, above the 50,000 streamed otherwise.
    const path = `/v1/execution/${transfers}/results/csv?columns=id,symbol,log_index,is_contract&limit=62500`;
    const capped = await api(svc.url, svc.apiKey).get(path);
    expect(capped.status).toBe(402);
    expect(capped.body).toEqual({ error: PER_REQUEST });
    const lifted = await api(svc.url, svc.apiKey).get(`${path}&ignore_max_credits_per_request=true`);
    expect(lifted.status).toBe(200);
    expect(lifted.text.split("\n").length).toBe(62_502);
  });
});

describe("POST /v1/usage: the key's credits per billing cycle, in the real endpoint's shape", () => {
  const clock = new ManualClock("2026-01-31T23:58:00Z");
  let svc: TestService;
  let trades: string;
  beforeAll(async () => {
    svc = await startTestService({ clock, credits: { bob: 0.1 } });
    const res = await api(svc.url, svc.apiKey).post("/v1/query/1002/execute", {});
    trades = res.body.execution_id as string;
    await waitFinished(svc.url, svc.apiKey, trades);
  });
  afterAll(() => svc.close());

  test("the cycle in force, with the other top-level fields", async () => {
    const res = await api(svc.url, svc.apiKey).post("/v1/usage");
    expect(res.body).toEqual({
      private_queries: 1, // 1006, private to the demo user's team
      private_dashboards: 0,
      bytes_used: 0, // no uploaded tables
      bytes_allowed: 100_000_000, // the Free plan's upload storage
      billing_periods: [{ start_date: "2026-01-01", end_date: "2026-02-01", credits_used: 10, credits_included: 0 }],
    });
    expect((await api(svc.url, svc.apiKey).post("/v1/usage", {})).body.billing_periods).toEqual(
      res.body.billing_periods,
    );
  });

  test("cycles are calendar months (UTC): a read after midnight counts in February, and a limit starts again", async () => {
    const bob = as(svc, "bob");
    const page = `/v1/execution/${trades}/results?limit=50`; // about 13 kB: 0.26 credits on Free
    const january = await bob.get(page);
    expect(january.status).toBe(200);
    expect((await bob.get(page)).status).toBe(402); // 0.1 spent of 0.1
    clock.advance(3 * 60_000); // 2026-02-01T00:01Z
    const february = await bob.get(page);
    expect(february.status).toBe(200);
    const res = await bob.post("/v1/usage", { start_date: "2026-01-15", end_date: "2026-02-10" });
    expect(res.body.billing_periods).toEqual([
      {
        start_date: "2026-01-01",
        end_date: "2026-02-01",
        credits_used: readCredits(bytes(january), PLANS.demo),
        credits_included: 0.1,
      },
      {
        start_date: "2026-02-01",
        end_date: "2026-03-01",
        credits_used: readCredits(bytes(february), PLANS.demo),
        credits_included: 0.1,
      },
    ]);
  });

  test.each([
    [{ start_date: "2026-01-01" }, "end_date: is needed with the other date (give both or neither)"],
    [
      { start_date: "2026-02-30", end_date: "2026-03-01" },
      'start_date: must be a date written YYYY-MM-DD, got "2026-02-30"',
    ],
    [{ start_date: "2026-03-01", end_date: "2026-01-01" }, "end_date: 2026-01-01 is before start_date 2026-03-01"],
    [
      { start_date: "1900-01-01", end_date: "2026-01-01" },
      "end_date: the dates span 1513 billing periods; ask for 120 at most",
    ],
    [{ start_date: 20260101, end_date: "2026-01-01" }, "start_date: must be a date written YYYY-MM-DD"],
    [{ since: "2026-01-01" }, "request body: unknown fields (since); expected start_date, end_date"],
  ])("%j is a 400 naming what is wrong", async (body, message) => {
    const res = await api(svc.url, svc.apiKey).post("/v1/usage", body);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });

  test("usage counts as a read for the rate limits, not as a write", async () => {
    const limited = await startTestService({ rateLimitWrite: 1 });
    try {
      const http = api(limited.url, limited.apiKey);
      for (let i = 0; i < 3; i++) expect((await http.post("/v1/usage")).status).toBe(200);
      expect((await http.post("/v1/query/1002/execute", {})).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

test("credits spent on reads survive a restart", async () => {
  const first = await startTestService();
  const id = await run(first, 1002);
  const page = await api(first.url, first.apiKey).get(`/v1/execution/${id}/results?limit=50`);
  const spent = await used(first, "demo");
  expect(spent).toBeCloseTo(10 + readCredits(bytes(page), PLANS.demo), 6);
  await first.close({ keepData: true });
  const again = await startTestService({ dataDir: first.dataDir });
  try {
    expect(await used(again, "demo")).toBe(spent);
  } finally {
    await again.close({ keepData: true });
  }
  // A count that is not one is refused at start, saying what to do, rather than read as 0.
  await writeFile(join(first.dataDir, "read-credits.json"), "{half");
  await expect(startTestService({ dataDir: first.dataDir })).rejects.toThrow(
    /read-credits\.json is not a count of read credits .*; move it away to start from 0/,
  );
  await rm(first.dataDir, { recursive: true, force: true });
});
