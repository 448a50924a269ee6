import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRelay, type RunningRelay } from "../../src/relay";
import { api } from "../support/http";
import { rawExchange } from "../support/raw-http";
import { startRecordingProxy, type RecordingProxy } from "../support/recording-proxy";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../support/service";

/**
 * Requests a hostile or careless caller sends through the relay's shared cache: none may make the relay cache a page
 * under another page's name, serve a page to a key the upstream did not authorise, or answer in any shape but the
 * API's `{"error": …}`. A recording proxy between the relay and the service shows what really went upstream.
 */
let svc: TestService;
let proxy: RecordingProxy;
let relay: RunningRelay;
let cacheDir: string;
let finished: string;

beforeAll(async () => {
  svc = await startTestService({ corsOrigins: [] });
  proxy = await startRecordingProxy(svc.url);
  cacheDir = mkdtempSync(join(tmpdir(), "relay-hostile-"));
  relay = await startRelay(
    { upstream: new URL(proxy.url), port: 0, host: "127.0.0.1", allowOrigins: [], cacheMb: 16, cacheDir },
    () => undefined,
  );
  finished = (await api(svc.url, svc.apiKey).post("/v1/query/1002/execute", {})).body.execution_id as string;
  await waitFinished(svc.url, svc.apiKey, finished);
});
afterAll(async () => {
  await relay?.close();
  await proxy?.close();
  await svc?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

const results = () => `/v1/execution/${finished}/results`;
const direct = (path: string) => api(svc.url, svc.apiKey).get(path);
const via = (path: string, key: string | undefined = svc.apiKey, headers?: Record<string, string>) =>
  api(relay.url, key).get(path, headers);
/** One raw exchange with the relay: fetch would encode or refuse the forms under test. */
const raw = (line: string, key: string | undefined = svc.apiKey, headers = "") =>
  rawExchange(relay.url, key, `${line}\r\nHost: relay.test\r\n${headers}`);
/** What reached the upstream while `act` ran. */
async function upstreamDuring(act: () => Promise<unknown>): Promise<string[]> {
  const before = proxy.requests.length;
  await act();
  return proxy.requests.slice(before).map((r) => `${r.method} ${r.url}`);
}
function expectApiError(body: string): void {
  expect(Object.keys(JSON.parse(body) as object)).toEqual(["error"]);
}

describe("a HEAD is refused (405, Allow: GET) and never reaches the upstream or the cache", () => {
  test.each([
    ["results CSV", () => `${results()}/csv?limit=5`],
    ["results JSON", () => `${results()}?limit=6`],
    ["status", () => `/v1/execution/${finished}/status`],
    ["latest CSV", () => "/v1/query/1002/results/csv?limit=5"],
  ])("%s", async (_name, path) => {
    const sent = await upstreamDuring(async () => {
      const head = await raw(`HEAD ${path()} HTTP/1.1`);
      expect(head.status).toBe(405);
      expect(head.headers.allow).toBe("GET");
    });
    expect(sent).toEqual([]);
    // The page a GET gets afterwards is the whole page, as the service serves it.
    const [a, b] = await Promise.all([direct(path()), via(path())]);
    expect(b.status).toBe(a.status);
    expect(b.text.length).toBeGreaterThan(0);
    expect(b.text.split(relay.url).join(proxy.url)).toBe(a.text.split(svc.url).join(proxy.url));
  });
});

describe("the query string is parsed once, sent upstream in one canonical form, and cached under exactly that", () => {
  const FILTERED = "limit=5&filters=project%20%3D%20'curve'";

  test.each([
    ["a key that is a raw #", `limit=5&api_key=#&filters=project%20%3D%20'curve'`, /encode it as %23/],
    ["a raw # after a value", `limit=5#&filters=project%20%3D%20'curve'`, /encode it as %23/],
    ["a raw # inside a value", `limit=5&filters=project%20%3D%20'cu#rve'`, /encode it as %23/],
    // Node's HTTP parser refuses this one itself; the relay's answer is still the API's.
    ["a raw byte above ASCII", `limit=5&filters=project%20%3D%20'\u00e9'`, /not valid HTTP/],
  ])("%s is refused with 400 before the upstream sees it", async (_name, query, message) => {
    const sent = await upstreamDuring(async () => {
      const answer = await raw(`GET ${results()}?${query} HTTP/1.1`);
      expect(answer.status).toBe(400);
      expectApiError(answer.body);
      expect(answer.body).toMatch(message);
    });
    expect(sent).toEqual([]);
    const [a, b] = await Promise.all([direct(`${results()}?${FILTERED}`), via(`${results()}?${FILTERED}`)]);
    expect(b.body.result).toEqual(a.body.result);
  });

  test.each([
    ["+ for a space", "filters=project+%3D+'curve'&limit=4", "filters=project%20%3D%20'curve'&limit=4"],
    [
      "an encoded quote, other order",
      "limit=14&filters=project%20%3D%20%27curve%27",
      "filters=project%20%3D%20'curve'&limit=14",
    ],
    ["an empty part and a bare name", "limit=4&&columns&offset=1", "columns=&limit=4&offset=1"],
    [
      "a raw ; and ? in values",
      "limit=4&filters=project%20%3D%20'a;b?c'",
      "filters=project%20%3D%20'a%3Bb%3Fc'&limit=4",
    ],
    [
      "a filter holding ../",
      "limit=4&filters=project%20%3D%20'../../x'",
      "filters=project%20%3D%20'..%2F..%2Fx'&limit=4",
    ],
    ["an encoded name", "li%6Dit=4", "limit=4"],
  ])("%s: forwarded as the service reads it, in one canonical form", async (_name, query, canonical) => {
    const path = `${results()}?${query}`;
    let answer = { status: 0, body: "" };
    const sent = await upstreamDuring(async () => (answer = await raw(`GET ${path} HTTP/1.1`)));
    expect(sent).toEqual([`GET ${results()}?${canonical}`]);
    expect(answer.status).toBe(200);
    const [a, b] = await Promise.all([direct(path), via(path)]);
    expect(b.body.result).toEqual(a.body.result);
  });

  test("two spellings of one request share one cache entry: the second reaches no upstream", async () => {
    await via(`${results()}?limit=3&offset=2&filters=project%20%3D%20'curve'`);
    const sent = await upstreamDuring(() => via(`${results()}?filters=project+%3D+%27curve%27&offset=2&limit=3`));
    expect(sent).toEqual([]);
  });

  test.each([
    ["a bad escape in a value", "limit=%ZZ", "limit"],
    ["a cut-off escape", "limit=5&offset=1%", "offset"],
    ["an escape that is not UTF-8", "limit=5&filters=%E0%A4%A", "filters"],
    ["a bad escape in a name", "li%ZZmit=5", "li%ZZmit"],
    ["a bad escape in the key", "api_key=%ZZ", "api_key"],
  ])("%s is a 400 naming the parameter, not a 500", async (_name, query, name) => {
    const sent = await upstreamDuring(async () => {
      const answer = await raw(`GET ${results()}?${query} HTTP/1.1`, undefined);
      expect(answer.status).toBe(400);
      expectApiError(answer.body);
      expect((JSON.parse(answer.body) as { error: string }).error).toContain(name);
    });
    expect(sent).toEqual([]);
  });

  test("a parameter given twice is refused, as the service refuses it", async () => {
    const answer = await raw(`GET ${results()}?limit=2&limit=3 HTTP/1.1`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: "limit: given more than once" });
  });
});

describe("the key: one per request, never hop-by-hop, sent upstream only in its header", () => {
  const CACHED = () => `${results()}?limit=9&offset=1`;

  test("`Connection: X-Service-Api-Key` does not strip the key", async () => {
    const answer = await raw(`GET ${CACHED()} HTTP/1.1`, svc.apiKey, "Connection: X-Service-Api-Key\r\n");
    expect(answer.status).toBe(200);
    expect(proxy.requests.at(-1)?.headers["x-service-api-key"]).toBe(svc.apiKey);
  });

  test.each([
    ["header and query disagree", "bad-key-000000000000", "", ""],
    ["… with the header named hop-by-hop", "bad-key-000000000000", "", "Connection: X-Service-Api-Key\r\n"],
    ["two header lines disagree", TEST_KEYS.bob, "", `X-Service-Api-Key: ${TEST_KEYS.carol}\r\n`],
  ])("%s: 400, and the wrong key is then served nothing", async (_name, headerKey, _unused, extra) => {
    const query = extra.startsWith("X-") ? "" : `&api_key=${svc.apiKey}`;
    const sent = await upstreamDuring(async () => {
      const answer = await raw(`GET ${CACHED()}${query} HTTP/1.1`, headerKey, extra);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        error: "two different API keys in one request (header and api_key, or the header twice): send one",
      });
      expect(answer.body).not.toContain(svc.apiKey);
    });
    expect(sent).toEqual([]);
    const alone = await via(CACHED(), "bad-key-000000000000");
    expect(alone.status).toBe(401);
  });

  test("the same key in header and query is one key; upstream it travels in the header, never the URL", async () => {
    const sent = await upstreamDuring(async () => {
      expect((await via(`${results()}?limit=2&api_key=${svc.apiKey}`)).status).toBe(200);
      expect((await via(`${results()}/csv?limit=2&api_key=${svc.apiKey}`, undefined)).status).toBe(200);
    });
    expect(sent.join("\n")).not.toContain(svc.apiKey);
    expect(proxy.requests.at(-1)?.headers["x-service-api-key"]).toBe(svc.apiKey);
  });
});

describe("every answer the relay makes itself is the API's {error} with the right 4xx", () => {
  const big = `{"query_parameters":{"x":"${"a".repeat(1_100_000)}"}}`;
  const json = (length: number) => `Content-Type: application/json\r\nContent-Length: ${length}\r\n`;
  test.each([
    ["a body that is not JSON", 400, "POST /v1/query/1002/execute", json(5), "{nope"],
    ["a body over the limit", 413, "POST /v1/query/1002/execute", json(big.length), big],
    ["a path that is not a valid URL", 400, "GET /v1/execution/%ZZ/status", "", ""],
    ["another path", 404, "GET /admin", "", ""],
    ["an oversized header", 431, "GET /v1/execution/x/status", `X-Big: ${"b".repeat(20_000)}\r\n`, ""],
  ])("%s → %d", async (_name, status, line, headers, body) => {
    const answer = await rawExchange(relay.url, svc.apiKey, `${line} HTTP/1.1\r\nHost: relay.test\r\n${headers}`, body);
    expect(answer.status).toBe(status);
    expectApiError(answer.body);
  });

  test("something that is not HTTP at all → 400", async () => {
    const answer = await rawExchange(relay.url, undefined, "HELLO THERE\r\n");
    expect(answer.status).toBe(400);
    expectApiError(answer.body);
  });
});
