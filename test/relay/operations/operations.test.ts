import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { billingPlan } from "../../../src/billing";
import { startRelay, type RelayOptions, type RunningRelay } from "../../../src/relay";

/**
 * What operators expect of the relay beside forwarding, on a real relay and an ephemeral port: /readyz, request ids
 * in the logs and the answers (never a key), metrics on their own address only, and a stop that finishes the
 * requests in flight and releases the file store's lock.
 */
const KEY = "caller-key-never-logged-0123456789";
const TEAM_KEY = "team-key-never-logged-0123456789";
const STATUS = "/v1/execution/01ARZ3NDEKTSV4RRFFQ69G5FAV/status";

let upstream: Server;
let upstreamUrl: string;
/** Set by a test to hold the upstream's answer until it says. */
let gate: Promise<void> | undefined;
const relays: RunningRelay[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const answer = () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ execution_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV", state: "QUERY_STATE_EXECUTING" }));
    };
    if (gate) void gate.then(answer);
    else answer();
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterEach(async () => {
  gate = undefined;
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "relay-operations-"));
  dirs.push(dir);
  return dir;
}

async function relay(options: Partial<RelayOptions> = {}, logs: string[] = []): Promise<RunningRelay> {
  const started = await startRelay(
    {
      upstream: new URL(upstreamUrl),
      port: 0,
      host: "127.0.0.1",
      allowOrigins: ["https://localhost:3000"],
      cacheMb: 0,
      ...options,
    },
    (line) => logs.push(line),
  );
  relays.push(started);
  return started;
}

/** A request whose answer is read to its end (an answer left unread would keep the relay from stopping). */
async function read(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers }> {
  const res = await fetch(url, { headers });
  await res.text();
  return { status: res.status, headers: res.headers };
}

/** A port nothing listens on (bound, then let go). */
async function deadPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function gatewayOptions(stateDir: string): RelayOptions["gateway"] {
  const keyFile = join(tempDir(), "team.key");
  writeFileSync(keyFile, `${TEAM_KEY}\n`, { mode: 0o600 });
  return { teamKeyFile: keyFile, stateDir, plan: billingPlan("free"), readsPerMinute: null, writesPerMinute: null };
}

describe("/readyz", () => {
  test("answers 200 while the upstream answers, 503 with the reason when it does not", async () => {
    const up = await relay();
    const ready = await fetch(`${up.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true });

    const down = await relay({ upstream: new URL(await deadPort()) });
    const notReady = await fetch(`${down.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ ready: false, reason: "the upstream did not answer" });
    // Liveness is another question: the process is alive and answers.
    expect((await fetch(`${down.url}/healthz`)).status).toBe(200);
  });

  test("in gateway mode, checks the store as well", async () => {
    const gateway = await relay({ gateway: gatewayOptions(tempDir()) });
    const ready = await fetch(`${gateway.url}/readyz`);
    expect(ready.status).toBe(200);
  });
});

describe("request ids and logs", () => {
  test("each log line carries the request's id, echoed in X-Request-Id; a plain id from a proxy is kept, any other replaced; no key logged", async () => {
    const logs: string[] = [];
    const up = await relay({}, logs);
    const first = await read(`${up.url}${STATUS}?api_key=${KEY}`);
    const given = await read(`${up.url}${STATUS}`, { "X-Service-Api-Key": KEY, "X-Request-Id": "lb-1234.abc" });
    const hostile = await read(`${up.url}${STATUS}`, { "X-Request-Id": `a b"${KEY}` });
    // The log line is written once the answer has gone.
    const deadline = Date.now() + 5_000;
    while (logs.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const lines = logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.id)).toEqual([
      first.headers.get("x-request-id"),
      "lb-1234.abc",
      hostile.headers.get("x-request-id"),
    ]);
    expect(given.headers.get("x-request-id")).toBe("lb-1234.abc");
    expect(hostile.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[0]).toMatchObject({ method: "GET", route: "/v1/execution/:execution_id/status", status: 200 });
    expect(typeof lines[0]?.time).toBe("string");
    expect(logs.join("\n")).not.toContain(KEY);
  });
});

describe("metrics", () => {
  test("are served on --metrics-listen's address only: requests, latency and upstream errors counted", async () => {
    const down = await relay({ upstream: new URL(await deadPort()), metricsListen: { host: "127.0.0.1", port: 0 } });
    expect(down.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect((await fetch(`${down.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${down.url}/healthz`)).status).toBe(200);
    expect((await read(`${down.url}${STATUS}`, { "X-Service-Api-Key": KEY })).status).toBe(502);

    const text = await (await fetch(down.metricsUrl as string)).text();
    expect(text).toContain('relay_requests_total{method="GET",route="/healthz",status="200"} 1');
    expect(text).toContain(
      'relay_requests_total{method="GET",route="/v1/execution/:execution_id/status",status="502"} 1',
    );
    expect(text).toContain('relay_request_duration_seconds_count{method="GET",route="/healthz"} 1');
    expect(text).toMatch(/^relay_upstream_errors_total 1$/m);
    expect(text).not.toContain(KEY);
  });

  test("without --metrics-listen, nowhere", async () => {
    const up = await relay();
    expect(up.metricsUrl).toBeUndefined();
    expect((await fetch(`${up.url}/metrics`)).status).toBe(404);
  });
});

describe("stopping", () => {
  test("a request in flight on a kept-alive connection is answered and the stop does not wait for the connection's timeout; the file store's lock is released", async () => {
    const stateDir = tempDir();
    const plain = await relay();
    let release: () => void = () => undefined;
    gate = new Promise<void>((resolve) => (release = resolve));
    const inFlight = read(`${plain.url}${STATUS}`, { "X-Service-Api-Key": KEY });
    // The request has reached the upstream once the gate holds it; then the relay is told to stop.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = plain.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect((await inFlight).status).toBe(200);
    await closing;
    relays.splice(relays.indexOf(plain), 1);

    const gateway = await relay({ gateway: gatewayOptions(stateDir) });
    expect(existsSync(join(stateDir, "gateway.lock"))).toBe(true);
    await gateway.close();
    relays.splice(relays.indexOf(gateway), 1);
    expect(existsSync(join(stateDir, "gateway.lock"))).toBe(false);
  });
});
