import fc from "fast-check";
import { api } from "../../support/http";
import { rawExchange } from "../../support/raw-http";
import { startTestService, waitFinished, type TestService } from "../../support/service";

/** Hostile requests get a 4xx in the service's `{error}` body, never a 500, never a hang, never a foreign Host echoed. */
let svc: TestService;
let finished: string;
beforeAll(async () => {
  svc = await startTestService({ datasets: true });
  finished = (await api(svc.url, svc.apiKey).post("/v1/query/1002/execute", {})).body.execution_id as string;
  await waitFinished(svc.url, svc.apiKey, finished);
});
afterAll(() => svc.close());

/** One raw HTTP/1.1 exchange (fetch will not send a forged Host). */
const raw = (head: string) => rawExchange(svc.url, svc.apiKey, head);

test("next_uri comes from the service's own address, never from a foreign Host header", async () => {
  const answer = await raw(`GET /v1/execution/${finished}/results?limit=10 HTTP/1.1\r\nHost: evil.example:4444\r\n`);
  expect(answer.status).toBe(200);
  expect(answer.body).not.toContain("evil.example");
  expect(answer.body).toContain(`"next_uri":"${svc.url}/v1/execution/${finished}/results?`);
});

test("with --public-url, paging links point at the public address (path prefix kept), JSON and CSV", async () => {
  const proxied = await startTestService({ publicUrl: "https://data.team.example/service" });
  try {
    const http = api(proxied.url, proxied.apiKey);
    const id = (await http.post("/v1/query/1002/execute", {})).body.execution_id as string;
    await waitFinished(proxied.url, proxied.apiKey, id);
    const page = await http.get<{ next_uri: string }>(`/v1/execution/${id}/results?limit=5`);
    expect(page.body.next_uri).toBe(`https://data.team.example/service/v1/execution/${id}/results?offset=5&limit=5`);
    const csv = await http.get(`/v1/execution/${id}/results/csv?limit=5`);
    expect(csv.headers.get("X-Service-Next-Uri")).toBe(
      `https://data.team.example/service/v1/execution/${id}/results/csv?offset=5&limit=5`,
    );
  } finally {
    await proxied.close();
  }
});

test.each([
  ["sample_count=1000000000", 200],
  ["sample_count=1000000001", 400],
  ["sample_count=9007199254740992", 400],
  ["limit=99999999999999999999", 400],
  ["offset=9007199254740991", 200],
])("integers at the edge: %s → %i", async (query, status) => {
  const answer = await api(svc.url, svc.apiKey).get(`/v1/execution/${finished}/results?${query}`);
  expect(answer.status).toBe(status);
  if (status === 400)
    expect((answer.body as { error: string }).error).toMatch(/^(sample_count|limit): must be a whole number/);
});

test("framework and parser errors use the {error} body and do not echo the path", async () => {
  const long = await api(svc.url, svc.apiKey).get(`/v1/execution/${"Z".repeat(300)}/results`);
  expect(long.status).toBe(414);
  expect(long.body).toEqual({ error: "the request path is too long" });
  const garbage = await raw("BLAH\r\n");
  expect(garbage.status).toBe(400);
  expect(JSON.parse(garbage.body)).toEqual({ error: "bad request: it is not valid HTTP" });
});

const PATHS = [
  "/v1/execution/{id}/status",
  "/v1/execution/{id}/results",
  "/v1/execution/{id}/results/csv",
  "/v1/query/{q}/results/csv",
  "/v1/restaking/avs-stats",
  "/v1/dex/pairs/{s}",
  "/v1/marketshare/{s}/{s}",
  "/v1/{s}",
  "/{s}",
];
const PARAMS = [
  "limit",
  "offset",
  "sample_count",
  "filters",
  "sort_by",
  "columns",
  "allow_partial_results",
  "queryID",
  "x",
];

test("property: no path, query string or header makes the service answer 500 or hang", async () => {
  const segment = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(finished, "1002", "..", "%2e%2e", "%00"));
  const request = fc.record({
    path: fc.tuple(fc.constantFrom(...PATHS), segment, segment),
    query: fc.array(fc.tuple(fc.constantFrom(...PARAMS), fc.string({ maxLength: 60 })), { maxLength: 4 }),
    header: fc.tuple(
      fc.constantFrom("accept", "accept-encoding", "content-type", "x-extra"),
      fc.string({ maxLength: 80 }),
    ),
  });
  await fc.assert(
    fc.asyncProperty(request, async ({ path: [template, a, b], query, header }) => {
      const path = template
        .replace("{id}", encodeURIComponent(a))
        .replace("{q}", encodeURIComponent(b))
        .replace("{s}", encodeURIComponent(a))
        .replace("{s}", encodeURIComponent(b));
      const search = new URLSearchParams(query).toString();
      const headers: Record<string, string> = { "X-Service-Api-Key": svc.apiKey };
      // fetch refuses header values it cannot send; such a request cannot reach the service anyway.
      if (/^[\x20-\x7e]*$/.test(header[1])) headers[header[0]] = header[1];
      const response = await fetch(`${svc.url}${path}${search ? `?${search}` : ""}`, {
        headers,
        signal: AbortSignal.timeout(20_000),
      });
      const text = await response.text();
      expect(response.status).toBeLessThan(500);
      if (response.status >= 400) expect(Object.keys(JSON.parse(text) as object)).toEqual(["error"]);
    }),
    { numRuns: 300 },
  );
});
