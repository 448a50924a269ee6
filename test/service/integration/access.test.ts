import { gunzipSync } from "node:zlib";
import { api } from "../../support/http";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../../support/service";
import type { SavedQuery } from "../../../src/service";

const QUERIES: SavedQuery[] = [
  {
    query_id: 2001,
    name: "desk private",
    owner: "alice",
    team: "desk",
    is_private: true,
    parameters: [],
    sql: "select 1 as x",
  },
  {
    query_id: 2002,
    name: "alice public",
    owner: "alice",
    team: null,
    is_private: false,
    parameters: [],
    sql: "select 2 as x",
  },
  {
    query_id: 2003,
    name: "carol private",
    owner: "carol",
    team: null,
    is_private: true,
    parameters: [],
    sql: "select 3 as x",
  },
  {
    query_id: 2004,
    name: "big",
    owner: "alice",
    team: null,
    is_private: false,
    parameters: [],
    sql: "select i, 'row ' || i as label from range(20000) t(i)",
  },
];

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ queries: QUERIES });
});
afterAll(() => svc.close());

const as = (who: keyof typeof TEST_KEYS) => api(svc.url, TEST_KEYS[who]);

async function runAs(who: keyof typeof TEST_KEYS, queryId: number): Promise<string> {
  const ack = await as(who).post(`/v1/query/${queryId}/execute`, {});
  expect(ack.status).toBe(200);
  await waitFinished(svc.url, TEST_KEYS[who], ack.body.execution_id as string);
  return ack.body.execution_id as string;
}

describe("authentication", () => {
  test.each([
    ["no key", undefined],
    ["a wrong key", "wrong-key-123456"],
    ["an empty key", ""],
  ])("%s → 401 invalid API Key on every endpoint", async (_label, key) => {
    const client = api(svc.url, key);
    for (const res of [
      await client.post("/v1/query/2002/execute", {}),
      await client.get("/v1/execution/01ARZ3NDEKTSV4RRFFQ69G5FAV/status"),
      await client.get("/v1/execution/01ARZ3NDEKTSV4RRFFQ69G5FAV/results"),
      await client.get("/v1/execution/01ARZ3NDEKTSV4RRFFQ69G5FAV/results/csv"),
      await client.post("/v1/execution/01ARZ3NDEKTSV4RRFFQ69G5FAV/cancel"),
      await client.get("/v1/query/2002/results/csv"),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "invalid API Key" });
    }
  });

  test("the api_key query parameter is accepted as the spec allows, and next_uri never carries it", async () => {
    const id = await runAs("alice", 2004);
    const res = await api(svc.url).get<Record<string, string>>(
      `/v1/execution/${id}/results?limit=5&api_key=${TEST_KEYS.alice}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.next_uri).not.toContain(TEST_KEYS.alice);
    expect(res.body.next_uri).not.toContain("api_key");
  });

  test("unknown routes answer 404 with the registry's body", async () => {
    const res = await as("alice").get("/v2/whatever");
    expect(res.status).toBe(404);
    expect(res.body.error).toContain("every path starts with /v1");
  });
});

describe("visibility across two users and a team", () => {
  test("a private query is not found for outsiders, found for its owner's team", async () => {
    expect((await as("carol").post("/v1/query/2001/execute", {})).body).toEqual({ error: "Query not found" });
    expect((await as("carol").post("/v1/query/2001/execute", {})).status).toBe(404);
    expect((await as("bob").post("/v1/query/2001/execute", {})).status).toBe(200);
  });

  test("results of a private query: runner and team see them, others get 404", async () => {
    const id = await runAs("alice", 2001);
    expect((await as("alice").get(`/v1/execution/${id}/results`)).status).toBe(200);
    expect((await as("bob").get(`/v1/execution/${id}/results`)).status).toBe(200);
    expect((await as("carol").get(`/v1/execution/${id}/results`)).status).toBe(404);
    expect((await as("carol").get(`/v1/execution/${id}/status`)).status).toBe(404);
    expect((await as("carol").post(`/v1/execution/${id}/cancel`)).status).toBe(404);
    expect((await as("bob").get("/v1/query/2001/results/csv")).text).toBe("x\n1\n");
    expect((await as("carol").get("/v1/query/2001/results/csv")).status).toBe(404);
  });

  test("results of a public query are visible to everyone", async () => {
    const id = await runAs("alice", 2002);
    expect((await as("carol").get(`/v1/execution/${id}/results/csv`)).text).toBe("x\n2\n");
  });

  test("a private query without a team is its owner's alone", async () => {
    const id = await runAs("carol", 2003);
    expect((await as("alice").get(`/v1/execution/${id}/results`)).status).toBe(404);
    expect((await as("alice").post("/v1/query/2003/execute", {})).status).toBe(404);
  });
});

describe("HTTP behaviour", () => {
  test("CORS preflight from a localhost origin allows the key header and exposes the paging headers", async () => {
    const res = await fetch(`${svc.url}/v1/query/2002/execute`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://localhost:3000",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "x-service-api-key,content-type",
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://localhost:3000");
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("x-service-api-key");
    const get = await fetch(`${svc.url}/v1/query/2002/results/csv`, {
      headers: { Origin: "http://127.0.0.1:5173", "X-Service-Api-Key": TEST_KEYS.alice },
    });
    expect(get.headers.get("access-control-expose-headers")).toContain("X-Service-Next-Uri");
  });

  test("an origin that is not allowed gets no CORS grant", async () => {
    const res = await fetch(`${svc.url}/v1/query/2002/results/csv`, {
      headers: { Origin: "https://evil.example", "X-Service-Api-Key": TEST_KEYS.alice },
    });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("large responses are compressed when the caller accepts gzip", async () => {
    const id = await runAs("alice", 2004);
    const { request } = await import("node:http");
    const url = new URL(`${svc.url}/v1/execution/${id}/results`);
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      const req = request(
        url,
        { headers: { "Accept-Encoding": "gzip", "X-Service-Api-Key": TEST_KEYS.alice } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(raw.encoding).toBe("gzip");
    const parsed = JSON.parse(gunzipSync(raw.body).toString("utf8"));
    expect(parsed.result.rows).toHaveLength(20000);
  });
});

describe("rate limit", () => {
  test("over the per-key limit answers 429 with Retry-After; other keys are unaffected", async () => {
    const limited = await startTestService({ queries: QUERIES, rateLimitPerMinute: 3 });
    try {
      const alice = api(limited.url, TEST_KEYS.alice);
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await alice.get("/v1/query/2002/results/csv")).status);
      expect(codes.slice(0, 3).every((c) => c !== 429)).toBe(true);
      const res = await alice.get("/v1/query/2002/results/csv");
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(res.body.error).toContain("rate limit of 3 requests per minute");
      expect((await api(limited.url, TEST_KEYS.bob).get("/v1/query/2002/results/csv")).status).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});
