import { api } from "../../support/http";
import { ManualClock } from "../../support/manual-clock";
import { rawExchange } from "../../support/raw-http";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../../support/service";

/**
 * The API as the real service serves it in 2026: a query's latest result as JSON, a saved query with its declared
 * parameters, the per-request guard under both names, a trailing slash redirected, executions in flight per key limited and reported, and the curated endpoints that can be switched off
 * while their queries' latest results stay readable.
 */
interface Envelope {
  execution_id: string;
  query_id: number;
  state: string;
  next_uri?: string;
  result: { rows: Record<string, unknown>[]; metadata: { total_row_count: number; column_names: string[] } };
}

const clock = new ManualClock("2026-03-10T10:05:00Z");
let svc: TestService;
const as = (name: keyof typeof TEST_KEYS) => api(svc.url, TEST_KEYS[name]);
async function run(queryId: number, name: keyof typeof TEST_KEYS = "demo", body: Record<string, unknown> = {}) {
  const id = (await as(name).post(`/v1/query/${queryId}/execute`, body)).body.execution_id as string;
  await waitFinished(svc.url, TEST_KEYS[name], id);
  return id;
}

beforeAll(async () => {
  svc = await startTestService({ datasets: true, clock });
});
afterAll(() => svc.close());

describe("GET /v1/query/{id}/results: the latest result as JSON, under the one access rule", () => {
  test("the latest run the caller may see, with the shared parameters and paging from that run", async () => {
    await run(1002);
    clock.advance(1000); // the later run ends later on the service's clock
    const latest = await run(1002, "bob");
    const res = await as("demo").get<Envelope>("/v1/query/1002/results?columns=trade_id,project&limit=10&offset=5");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ execution_id: latest, query_id: 1002, state: "QUERY_STATE_COMPLETED" });
    expect(res.body.result.metadata.column_names).toEqual(["trade_id", "project"]);
    expect(res.body.result.rows[0]).toEqual({ trade_id: 5, project: "curve" });
    // next_uri continues on the path asked, so a later page could come from a newer run: the client pages by
    // execution id after the first page; the service just keeps the request's own form.
    expect(res.body.next_uri).toContain("/v1/query/1002/results?");
  });

  test("a private query's results: its team sees them, an outsider gets 404 as for a query that does not exist", async () => {
    await run(1006);
    expect((await as("demo").get("/v1/query/1006/results?limit=1")).status).toBe(200);
    const outsider = await as("carol").get("/v1/query/1006/results?limit=1");
    expect(outsider.status).toBe(404);
    expect(outsider.body).toEqual({ error: "Query not found" });
    expect((await as("carol").get("/v1/query/424242/results")).body).toEqual({ error: "Query not found" });
  });

  test("a query without a run yet: 404 No result; bad parameters: 400 naming them", async () => {
    expect((await as("demo").get("/v1/query/1007/results")).body).toEqual({ error: "No result found for this query" });
    await run(1002);
    const bad = await as("demo").get("/v1/query/1002/results?filters=nope%20%3D%201");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^filters: unknown column "nope"/);
  });
});

describe("both names of the per-request guard", () => {
  test.each(["ignore_max_datapoints_per_request", "ignore_max_credits_per_request"])(
    "%s=true lifts the 250,000-datapoint page cap, and next_uri carries it",
    async (guard) => {
      const wide = await run(1007); // 37 columns: 6,756 rows per page under the cap
      const capped = await as("demo").get<Envelope>(`/v1/execution/${wide}/results?limit=7000`);
      expect(capped.body.result.rows).toHaveLength(6756);
      const lifted = await as("demo").get<Envelope>(`/v1/execution/${wide}/results?limit=7000&${guard}=true`);
      expect(lifted.body.result.rows).toHaveLength(7000);
      expect(new URL(lifted.body.next_uri!).searchParams.get(guard)).toBe("true");
    },
  );

  test("a value that is not a flag is a 400 naming the parameter", async () => {
    const id = await run(1002);
    const res = await as("demo").get(`/v1/execution/${id}/results?ignore_max_credits_per_request=yes`);
    expect(res.body).toEqual({ error: 'ignore_max_credits_per_request: must be true or false, got "yes"' });
  });
});

describe("GET /v1/query/{id}: a saved query and its declared parameters, as the real service shapes them", () => {
  test("1001 declares all four types; a date is the service's `datetime`, every value text", async () => {
    const res = await as("carol").get("/v1/query/1001");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      query_id: 1001,
      name: "Token price history",
      description: "",
      tags: [],
      version: 1,
      parameters: [
        { key: "symbol", type: "text", value: "WETH" },
        { key: "days", type: "number", value: "7" },
        { key: "since", type: "datetime", value: "2024-01-01 00:00:00" },
        { key: "interval", type: "enum", value: "day", enumOptions: ["day", "week", "month"] },
      ],
      query_engine: "DuckDB SQL",
      query_sql: expect.stringContaining("'{{symbol}}'"),
      is_private: false,
      is_archived: false,
      is_unsaved: false,
      owner: "demo",
    });
  });

  test.each([1002, 1003, 1004, 1005, 1007, 1008])("%i: a public query without parameters", async (id) => {
    const res = await as("bob").get(`/v1/query/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ query_id: id, parameters: [], is_private: false, owner: "demo" });
  });

  test("1006, private to a team: its members see it, anyone else gets 404 as for a query that does not exist", async () => {
    expect((await as("demo").get("/v1/query/1006")).body).toMatchObject({
      is_private: true,
      parameters: [{ key: "desk", type: "enum", value: "rates", enumOptions: ["rates", "credit", "fx"] }],
    });
    for (const path of ["/v1/query/1006", "/v1/query/424242"]) {
      const res = await as("carol").get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "Query not found" });
    }
    const malformed = await as("carol").get("/v1/query/x1");
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual({ error: "Query not found" });
  });

  test("a curated dataset's query is a public query whose path arguments are columns", async () => {
    const dex = await as("carol").get("/v1/query/9000003");
    expect(dex.body).toMatchObject({
      query_id: 9000003,
      parameters: [],
      is_private: false,
      owner: "service",
      tags: ["curated"],
      description: expect.stringContaining("filters=chain = 'ethereum'"),
      query_sql: expect.stringContaining('"chain", "token_pair"'),
    });
    const market = await as("carol").get("/v1/query/9000004");
    expect(market.body.description).toContain("{chain} is blockchain");
    expect(market.body.description).toContain("daily at 23:30 UTC");
    expect((await as("carol").get("/v1/query/9000001")).body.description).toBe(
      "The rows of GET /v1/restaking/avs-stats, refreshed every 15 minutes.",
    );
  });
});

describe("a trailing slash answers 301 to the path without it, as the real service does", () => {
  test("GET: Location without the slash, query kept, the key's query form left out; an HTML body", async () => {
    const res = await fetch(
      `${svc.url}/v1/execution/01ARZ3NDEKTSV4RRFFQ69G5FAV/results/?limit=5&api_key=${TEST_KEYS.demo}&filters=a%20%3D%201`,
      { redirect: "manual" },
    );
    expect(res.status).toBe(301);
    const location = "/v1/execution/01ARZ3NDEKTSV4RRFFQ69G5FAV/results?limit=5&filters=a%20%3D%201";
    expect(res.headers.get("location")).toBe(location);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toBe(`<a href="${location.replace("&", "&amp;")}">Moved Permanently</a>.\n`);
  });

  test("no key is needed to be told; POST, a path outside /v1 and a path with // are not redirected", async () => {
    const plain = await fetch(`${svc.url}/v1/query/1002/results/`, { redirect: "manual" });
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe("/v1/query/1002/results");
    expect((await as("demo").post("/v1/query/1002/execute/", {})).status).toBe(404);
    expect((await fetch(`${svc.url}/v2/x/`, { redirect: "manual" })).status).toBe(401);
    const { status } = await rawExchange(svc.url, svc.apiKey, "GET //v1/evil.example/ HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    expect(status).not.toBe(301);
  });

  test("behind a public address with a path, the link is on that path", async () => {
    const behind = await startTestService({ publicUrl: "https://api.example.test/api" });
    try {
      const res = await fetch(`${behind.url}/v1/query/1002/results/csv/`, { redirect: "manual" });
      expect(res.headers.get("location")).toBe("/api/v1/query/1002/results/csv");
    } finally {
      await behind.close();
    }
  });
});

describe("executions in flight per key (--max-inflight)", () => {
  let limited: TestService;
  beforeAll(async () => {
    limited = await startTestService({ maxInflight: 1 });
  });
  afterAll(() => limited.close());

  test("a key's second run waits PENDING while its first executes, and its status says why, as integers", async () => {
    const http = api(limited.url, limited.apiKey);
    const slow = (await http.post("/v1/query/1004/execute", { performance: "large" })).body.execution_id as string;
    for (
      let i = 0;
      i < 100 && (await http.get(`/v1/execution/${slow}/status`)).body.state !== "QUERY_STATE_EXECUTING";
      i++
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const waiting = (await http.post("/v1/query/1002/execute", {})).body.execution_id as string;
    // Another key is not held back by this one's limit.
    const other = (await api(limited.url, TEST_KEYS.bob).post("/v1/query/1002/execute", {})).body
      .execution_id as string;
    await waitFinished(limited.url, TEST_KEYS.bob, other);
    const held = await http.get(`/v1/execution/${waiting}/status`);
    expect(held.body).toMatchObject({
      state: "QUERY_STATE_PENDING",
      max_inflight_interactive_executions: 1,
      max_inflight_interactive_reached: 2,
    });
    expect((await http.get(`/v1/execution/${slow}/status`)).body).toMatchObject({
      state: "QUERY_STATE_EXECUTING",
      max_inflight_interactive_executions: 1,
      max_inflight_interactive_reached: 0,
    });
    await http.post(`/v1/execution/${slow}/cancel`);
    const done = await waitFinished(limited.url, limited.apiKey, waiting);
    expect(done).toMatchObject({ state: "QUERY_STATE_COMPLETED", max_inflight_interactive_reached: 0 });
  });

  test("without the flag the fields are left out", async () => {
    const id = await run(1002);
    const status = (await as("demo").get(`/v1/execution/${id}/status`)).body;
    expect(status).not.toHaveProperty("max_inflight_interactive_executions");
    expect(status).not.toHaveProperty("max_inflight_interactive_reached");
  });
});

describe("--curated-endpoints off: the curated paths answer 404, their queries' latest results stay readable", () => {
  let off: TestService;
  beforeAll(async () => {
    off = await startTestService({ datasets: true, curatedEndpoints: false, clock });
  });
  afterAll(() => off.close());

  test.each([
    "/v1/dex/pairs/ethereum",
    "/v1/marketshare/dex/ethereum",
    "/v1/restaking/avs-stats",
    "/v1/restaking/operator-metadata",
    "/v1/social/trends/channels",
    "/v1/social/trends/users",
  ])("%s is an unknown route", async (path) => {
    const res = await api(off.url, off.apiKey).get(path);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: `No endpoint GET ${path}` });
  });

  test("the DEX pairs of one chain: the query's latest result filtered on the chain column, rows as the endpoint's", async () => {
    const filtered = await api(off.url, off.apiKey).get<Envelope>(
      `/v1/query/9000003/results?filters=${encodeURIComponent("chain = 'ethereum'")}&sort_by=usd_liquidity%20desc&limit=50`,
    );
    expect(filtered.status).toBe(200);
    expect(filtered.body.query_id).toBe(9000003);
    const endpoint = await as("demo").get<Envelope>("/v1/dex/pairs/ethereum?sort_by=usd_liquidity%20desc&limit=50");
    expect(filtered.body.result.metadata.total_row_count).toBe(endpoint.body.result.metadata.total_row_count);
    expect(filtered.body.result.rows).toEqual(endpoint.body.result.rows);
    // The id it carries is kept and readable like any execution's.
    const byId = await api(off.url, off.apiKey).get(`/v1/execution/${filtered.body.execution_id}/status`);
    expect(byId.body.state).toBe("QUERY_STATE_COMPLETED");
    expect((await api(off.url, off.apiKey).get("/v1/query/9000003")).status).toBe(200);
  });
});
