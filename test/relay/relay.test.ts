import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { join } from "node:path";
import { ServiceClient } from "../../src/client";
import { startRelay, type RunningRelay } from "../../src/relay";
import { api } from "../support/http";
import { rawExchange } from "../support/raw-http";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../support/service";
import { waitFor } from "../support/wait-for";

/**
 * The relay in front of the real local service, the service's own CORS turned off (`--cors-origins none`): every
 * endpoint answers through the relay what the service answers directly, paging links point at the relay, CORS is
 * answered for the allowed origin only, nothing but the API's routes passes, and cached pages are served again
 * without the upstream, to keys the upstream lets read them and to no other.
 */
const ORIGIN = "https://localhost:3000";
let svc: TestService;
let relay: RunningRelay;
let cacheDir: string;
const logs: string[] = [];
/** Requests that reached the upstream, counted by path (the relay's own authorisation checks included). */
const upstream: string[] = [];
let finished: string; // a completed run of 1002 (500 rows) by the demo key

beforeAll(async () => {
  svc = await startTestService({ datasets: true, corsOrigins: [] });
  cacheDir = mkdtempSync(join(tmpdir(), "relay-cache-"));
  const counting: typeof fetch = async (input, init) => {
    upstream.push(new URL(String(input)).pathname);
    return fetch(input, init);
  };
  relay = await startRelay(
    { upstream: new URL(svc.url), port: 0, host: "127.0.0.1", allowOrigins: [ORIGIN], cacheMb: 16, cacheDir },
    (line) => logs.push(line),
    { fetch: counting },
  );
  finished = (await api(svc.url, svc.apiKey).post("/v1/query/1002/execute", {})).body.execution_id as string;
  await waitFinished(svc.url, svc.apiKey, finished);
});
afterAll(async () => {
  await relay?.close();
  await svc?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

const direct = () => api(svc.url, svc.apiKey);
const via = (key = svc.apiKey) => api(relay.url, key);

describe("every endpoint answers through the relay what the service answers directly", () => {
  test.each([
    ["status", () => `/v1/execution/${finished}/status`],
    ["latest CSV (E5)", () => "/v1/query/1002/results/csv?limit=5"],
    ["dataset (E8)", () => "/v1/dex/pairs/ethereum?limit=3&columns=token_pair,usd_liquidity"],
    ["dataset (E9)", () => "/v1/marketshare/dex/ethereum?limit=2"],
    ["unknown execution", () => "/v1/execution/01ARZ3NDEKTSV4RRFFQ69G5FAV/status"],
    ["bad parameter", () => `/v1/execution/${finished}/results?limit=x`],
    ["saved query, all four parameter types", () => "/v1/query/1001"],
    ["saved query private to the caller's team", () => "/v1/query/1006"],
    ["unknown saved query", () => "/v1/query/424242"],
    ["a curated dataset's query", () => "/v1/query/9000003"],
    ["latest result as JSON", () => "/v1/query/1002/results?limit=5&columns=trade_id,project"],
    [
      "a curated dataset's rows through its query, filtered on its chain column",
      () => `/v1/query/9000003/results?limit=3&filters=${encodeURIComponent("chain = 'ethereum'")}`,
    ],
    ["either guard name", () => `/v1/execution/${finished}/results?limit=3&ignore_max_credits_per_request=true`],
  ])("%s", async (_name, path) => {
    const [a, b] = await Promise.all([direct().get(path()), via().get(path())]);
    expect(b.status).toBe(a.status);
    // The one difference: a paging link points at the relay instead of the service.
    expect(b.text.split(relay.url).join(svc.url)).toBe(a.text);
  });

  test("a saved query private to a team: an outsider gets the same 404 through the relay", async () => {
    const [a, b] = await Promise.all([
      api(svc.url, TEST_KEYS.carol).get("/v1/query/1006"),
      via(TEST_KEYS.carol).get("/v1/query/1006"),
    ]);
    expect([b.status, b.body]).toEqual([404, { error: "Query not found" }]);
    expect(b.text).toBe(a.text);
  });

  test("usage (a POST with or without a body) answers the same, and spends nothing either way", async () => {
    for (const body of [undefined, {}, { start_date: "2024-01-01", end_date: "2024-03-31" }, { start_date: "x" }]) {
      const a = await direct().post("/v1/usage", body);
      const b = await via().post("/v1/usage", body);
      expect([b.status, b.text]).toEqual([a.status, a.text]);
    }
    expect((await via().post("/v1/usage")).body).toMatchObject({
      billing_periods: [{ credits_used: expect.any(Number) }],
    });
  });

  test("the client reads a saved query, the latest result as JSON and usage through the relay as directly", async () => {
    const through = new ServiceClient({ apiKey: svc.apiKey, baseUrl: relay.url });
    const straight = new ServiceClient({ apiKey: svc.apiKey, baseUrl: svc.url });
    expect(await through.query(1001)).toEqual(await straight.query(1001));
    const [a, b] = [await straight.latestResults(1002, { limit: 4 }), await through.latestResults(1002, { limit: 4 })];
    expect({ ...b, next_uri: undefined }).toEqual({ ...a, next_uri: undefined });
    expect(await through.usage()).toEqual(await straight.usage());
  });

  test("results JSON and CSV: the same rows, paging links pointing at the relay", async () => {
    const path = `/v1/execution/${finished}/results?limit=10`;
    const [a, b] = await Promise.all([direct().get<{ next_uri: string }>(path), via().get<{ next_uri: string }>(path)]);
    expect(b.body.next_uri).toBe(`${relay.url}/v1/execution/${finished}/results?offset=10&limit=10`);
    expect({ ...b.body, next_uri: "" }).toEqual({ ...a.body, next_uri: "" });
    const csv = await via().get(`/v1/execution/${finished}/results/csv?limit=10`);
    expect(csv.headers.get("X-Service-Next-Uri")).toBe(
      `${relay.url}/v1/execution/${finished}/results/csv?offset=10&limit=10`,
    );
  });

  test("execute, status, cancel through the relay; the client pulls a whole table through it", async () => {
    const client = new ServiceClient({ apiKey: svc.apiKey, baseUrl: relay.url });
    const run = await client.run(1002);
    expect(run.state).toBe("QUERY_STATE_COMPLETED");
    const table = await client.table({ executionId: run.executionId });
    expect(table.rows).toHaveLength(500);
    const slow = await client.execute(1004);
    expect(await client.cancel(slow.execution_id)).toBe(true);
  });

  test("an upstream given with the API's /v1 (as the real service documents its base) is not doubled", async () => {
    const second = await startRelay(
      { upstream: new URL(`${svc.url}/v1/`), port: 0, host: "127.0.0.1", allowOrigins: [ORIGIN], cacheMb: 1 },
      () => undefined,
    );
    try {
      const page = await api(second.url, svc.apiKey).get<{ next_uri: string }>(
        `/v1/execution/${finished}/results?limit=10`,
      );
      expect(page.status).toBe(200);
      expect(page.body.next_uri).toBe(`${second.url}/v1/execution/${finished}/results?offset=10&limit=10`);
      const table = await new ServiceClient({ apiKey: svc.apiKey, baseUrl: `${second.url}/v1` }).table({
        executionId: finished,
      });
      expect(table.rows).toHaveLength(500);
    } finally {
      await second.close();
    }
  });

  test("answers are compressed for the browser (brotli, else gzip), cached or not, and decode to the same page", async () => {
    const path = `/v1/execution/${finished}/results?limit=200`;
    const plain = (await via().get(path)).text;
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip, deflate", "gzip", gunzipSync],
    ] as const) {
      for (const round of ["first", "again"]) {
        const res = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
          const req = httpRequest(
            `${relay.url}${path}`,
            { headers: { "X-Service-Api-Key": svc.apiKey, "Accept-Encoding": accept } },
            (r) => {
              const chunks: Buffer[] = [];
              r.on("data", (c: Buffer) => chunks.push(c));
              r.on("end", () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
            },
          );
          req.on("error", reject);
          req.end();
        });
        expect([round, res.headers["content-encoding"]]).toEqual([round, encoding]);
        expect(decode(res.body).toString("utf8")).toBe(plain);
      }
    }
  });

  test("errors pass through unchanged (401, 404, 429)", async () => {
    const bad = await via("not-a-key-123").get("/v1/query/1002/results/csv");
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ error: "invalid API Key" });
  });
});

describe("CORS for the allowed origins only", () => {
  test("a preflight from the add-in's origin may send the key and read the paging headers", async () => {
    const res = await fetch(`${relay.url}/v1/execution/${finished}/results`, {
      method: "OPTIONS",
      headers: {
        Origin: ORIGIN,
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "x-service-api-key",
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("x-service-api-key");
    const get = await fetch(`${relay.url}/v1/execution/${finished}/results?limit=1`, {
      headers: { Origin: ORIGIN, "X-Service-Api-Key": svc.apiKey },
    });
    expect(get.headers.get("access-control-expose-headers")).toMatch(/X-Service-Next-Uri/);
  });

  test("another origin may read only its refusal: a 403 naming the origin and --allow-origins, no data", async () => {
    const other = "https://other.example";
    const path = `/v1/execution/${finished}/results?limit=1`;
    // Its preflight is granted, so that the browser sends the request and lets the page read the refusal.
    const preflight = await fetch(`${relay.url}${path}`, {
      method: "OPTIONS",
      headers: {
        Origin: other,
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "x-service-api-key",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(other);
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("x-service-api-key");
    const refused = await fetch(`${relay.url}${path}`, { headers: { Origin: other, "X-Service-Api-Key": svc.apiKey } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBe(other);
    expect(await refused.json()).toEqual({
      error: expect.stringMatching(
        /^this relay does not answer pages from https:\/\/other\.example: .*--allow-origins/,
      ),
    });
    // The allowed origin and callers without an origin (Node, curl) are answered as before.
    const allowed = await fetch(`${relay.url}${path}`, {
      headers: { Origin: ORIGIN, "X-Service-Api-Key": svc.apiKey },
    });
    expect(allowed.status).toBe(200);
    expect((await via(svc.apiKey).get(path)).status).toBe(200);
  });
});

/** One raw HTTP/1.1 exchange: fetch would normalise the forms under test. */
async function raw(requestLine: string): Promise<number> {
  const { hostname } = new URL(relay.url);
  return (await rawExchange(relay.url, svc.apiKey, `${requestLine}\r\nHost: ${hostname}\r\n`)).status;
}

describe("not an open proxy", () => {
  test.each([
    ["another path", "GET /admin HTTP/1.1"],
    ["an absolute-form URL", `GET http://example.com/v1/execution/${"x"}/status HTTP/1.1`],
    ["dot segments", "GET /v1/execution/../../admin/status HTTP/1.1"],
    ["encoded dot segments", "GET /v1/execution/..%2F..%2Fadmin/status HTTP/1.1"],
    ["a query id that is not a number", "POST /v1/query/1;drop/execute HTTP/1.1"],
    ["a chain with a slash", "GET /v1/dex/pairs/a%2Fb HTTP/1.1"],
  ])("%s is refused with 404", async (_name, line) => {
    const before = upstream.length;
    expect(await raw(line)).toBe(404);
    expect(upstream.length).toBe(before);
  });

  test("healthz answers for load balancers", async () => {
    expect((await fetch(`${relay.url}/healthz`)).status).toBe(200);
  });
});

describe("the shared cache of finished results", () => {
  test("a page is served again without the upstream, and not to a key the upstream refuses", async () => {
    const path = `/v1/execution/${finished}/results?limit=7&offset=3`;
    const first = await via().get(path);
    const count = upstream.length;
    const again = await via().get(path);
    expect(again.text).toBe(first.text);
    expect(upstream.length).toBe(count); // served from the cache: no upstream request, not even a status check
    // carol cannot see the demo user's runs of 1002? 1002 is public: everyone may. A stranger key is refused upstream.
    const stranger = await via("stranger-key-0000000").get(path);
    expect(stranger.status).toBe(401);
    expect(stranger.text).not.toContain("token_symbol");
  });

  test("a second key gets the cached page only after the upstream authorised it (one status call)", async () => {
    const path = `/v1/execution/${finished}/results?limit=4`;
    await via().get(path);
    const before = upstream.length;
    const bob = await via(TEST_KEYS.bob).get(path);
    expect(bob.status).toBe(200);
    expect(upstream.slice(before)).toEqual([`/v1/execution/${finished}/status`]);
  });

  test("a page asked for under either name of the guard (or both, as the client sends it) is one cached page", async () => {
    const page = `/v1/execution/${finished}/results?limit=9&offset=1`;
    const first = await via().get(`${page}&ignore_max_datapoints_per_request=true`);
    expect(first.status).toBe(200);
    for (const guard of [
      "ignore_max_credits_per_request=true",
      "ignore_max_credits_per_request=true&ignore_max_datapoints_per_request=true",
    ]) {
      const lines = logs.length;
      const again = await via().get(`${page}&${guard}`);
      await waitFor(() => logs.length > lines, "the request's log line");
      expect(JSON.parse(logs[lines]!)).toMatchObject({ route: "/v1/execution/:execution_id/results", cache: "hit" });
      expect(again.body.result).toEqual(first.body.result);
    }
  });

  test("a query's latest result is never cached, as JSON as in CSV; nor a saved query or usage", async () => {
    for (const [method, path] of [
      ["GET", "/v1/query/1002/results?limit=2"],
      ["GET", "/v1/query/1002/results/csv?limit=2"],
      ["GET", "/v1/query/1001"],
      ["POST", "/v1/usage"],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const lines = logs.length;
        const res = method === "GET" ? await via().get(path) : await via().post(path);
        expect(res.status).toBe(200);
        await waitFor(() => logs.length > lines, "the request's log line");
        expect(JSON.parse(logs[lines]!)).toMatchObject({ method, cache: "none" });
      }
    }
  });

  test("a private team's page is not served to an outsider from the cache", async () => {
    const id = (await direct().post("/v1/query/1006/execute", {})).body.execution_id as string;
    await waitFinished(svc.url, svc.apiKey, id);
    const path = `/v1/execution/${id}/results?limit=3`;
    expect((await via().get(path)).status).toBe(200); // cached now
    const outsider = await via(TEST_KEYS.carol).get(path);
    expect(outsider.status).toBe(404);
    expect(outsider.body).toEqual({ error: `Execution not found (ID: ${id})` });
  });
});

test("the key never appears in the relay's output; logs carry no query string", async () => {
  await via().get(`/v1/execution/${finished}/results?limit=2&api_key=${encodeURIComponent(svc.apiKey)}`);
  const text = logs.join("\n");
  expect(logs.length).toBeGreaterThan(10);
  for (const key of Object.values(TEST_KEYS)) expect(text).not.toContain(key);
  expect(text).not.toContain("?");
  const line = JSON.parse(logs.find((l) => l.includes('"cache":"hit"'))!) as Record<string, unknown>;
  expect(Object.keys(line)).toEqual(["time", "id", "method", "route", "status", "ms", "cache"]);
});

test("the relay forwards every route the service serves, and nothing else", async () => {
  const { API_ROUTES } = await import("../../src/relay");
  const served = svc.service.routes.map((r) => `${r.method} ${r.url}`).sort();
  expect(API_ROUTES.map((r) => `${r.method} ${r.pattern}`).sort()).toEqual(served);
});

test("the relay's route list is the service's: every route it forwards is one the service serves", async () => {
  const { API_ROUTES } = await import("../../src/relay");
  const sample: Record<string, string> = {
    execution_id: finished,
    query_id: "1002",
    chain: "ethereum",
    market: "dex",
    namespace: "demo",
    table_name: "no_such_table",
  };
  for (const route of API_ROUTES) {
    const path = route.pattern.replace(/:([a-z_]+)/g, (_m, name: string) => sample[name]!);
    const res = await fetch(`${svc.url}${path}`, {
      method: route.method,
      headers: { "X-Service-Api-Key": svc.apiKey },
    });
    const text = await res.text();
    expect(text).not.toMatch(/No endpoint/);
  }
});
