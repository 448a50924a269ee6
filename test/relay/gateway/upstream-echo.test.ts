import { mkdtempSync, rmSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { RunningRelay } from "../../../src/relay";
import { FileGatewayStore } from "../../../src/team-store";
import { FakeUpstream, type Received } from "./support/fake-upstream";
import { GatewayRun } from "./support/gateway-harness";

/**
 * An upstream that echoes what it was sent (the request's headers in an error body, a header's value in
 * `Cache-Control`, the key split across two chunks of a streamed page, a compressed body) never hands the team's key
 * to the person: the gateway takes it out of every body and header it passes on.
 */
const TEAM_KEY = "team/key+with=odd&chars-0123456789abcdef";
const RUN = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const upstream = new FakeUpstream();
let run: GatewayRun;
let relay: RunningRelay;
let stateDir: string;
let token: string;

const echo = (request: Received) => JSON.stringify({ error: "bad request", headers: request.headers });

/** How the fake upstream answers, by the read's `limit` (or the route). */
const ANSWERS: Record<string, (request: Received, res: ServerResponse) => void> = {
  // The request's headers in an error body, and the key in headers.
  echo: (request, res) => {
    res.writeHead(400, {
      "content-type": "application/json",
      "cache-control": `private, ${TEAM_KEY}`,
      "x-echo": TEAM_KEY,
    });
    res.end(echo(request));
  },
  // The key in a 200 page, split over two chunks at every point it can be split (one request each).
  split: (request, res) => {
    const at = Number(request.url.searchParams.get("offset"));
    const text = `{"state":"QUERY_STATE_COMPLETED","result":{"rows":[{"k":"${TEAM_KEY}"}]}}`;
    const cut = text.indexOf(TEAM_KEY) + at;
    res.writeHead(200, { "content-type": "application/json" });
    res.write(text.slice(0, cut), () => setImmediate(() => res.end(text.slice(cut))));
  },
  // Compressed although asked not to.
  gzip: (request, res) => {
    res.writeHead(400, { "content-type": "application/json", "content-encoding": "gzip" });
    res.end(gzipSync(echo(request)));
  },
  // The key %-encoded and JSON-escaped.
  encoded: (_request, res) => {
    res.writeHead(400, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: `${encodeURIComponent(TEAM_KEY)} ${TEAM_KEY.replace(/\//g, "\\/")}` }));
  },
};

beforeAll(async () => {
  const url = await upstream.start();
  upstream.handler = (request, res) => {
    const { pathname, searchParams } = request.url;
    if (pathname.endsWith("/status") || pathname.endsWith("/execute")) return ANSWERS.echo!(request, res);
    return ANSWERS[searchParams.get("limit") === "1" ? "split" : (searchParams.get("filters") ?? "echo")]!(
      request,
      res,
    );
  };
  stateDir = mkdtempSync(join(tmpdir(), "gateway-echo-"));
  const store = FileGatewayStore.open(stateDir);
  token = (await store.addPerson({ name: "alice", budgets: { perDay: 100_000, perMonth: null } })).token;
  await store.close();
  run = new GatewayRun(TEAM_KEY);
  relay = await run.start(url, { stateDir });
});

afterAll(async () => {
  await run?.close();
  await upstream.close();
  rmSync(stateDir, { recursive: true, force: true });
});

const READ = `/v1/execution/${RUN}/results`;
const splits = Array.from({ length: TEAM_KEY.length - 1 }, (_, i) => [
  `the key split after ${i + 1} bytes`,
  `${READ}?limit=1&offset=${i + 1}`,
]);

test.each<[string, string, "GET" | "POST"]>([
  ["a status's error echoing the headers", `/v1/execution/${RUN}/status`, "GET"],
  ["an execute's error echoing the headers", "/v1/query/7/execute", "POST"],
  ["a read's error echoing the headers", `${READ}?filters=echo`, "GET"],
  ["a compressed echo", `${READ}?filters=gzip`, "GET"],
  ["the key %-encoded and JSON-escaped", `${READ}?filters=encoded`, "GET"],
  ...splits.map(([name, path]) => [name!, path!, "GET"] as [string, string, "GET"]),
])("%s: the team's key is not passed on", async (_name, path, method) => {
  const before = upstream.received.length;
  const answer = await run.call(relay.url, token, method, path, method === "POST" ? {} : undefined, {
    "Accept-Encoding": "identity",
  });
  expect(upstream.received.length).toBeGreaterThan(before);
  const seen = `${JSON.stringify([...answer.headers])} ${answer.text}`;
  for (const form of [TEAM_KEY, encodeURIComponent(TEAM_KEY), TEAM_KEY.replace(/\//g, "\\/")]) {
    expect(seen).not.toContain(form);
  }
  expect(answer.headers.get("cache-control")).toBeNull();
  expect(answer.headers.get("x-echo")).toBeNull();
  if (path.includes("limit=1")) expect(answer.text).toContain('"k":"[redacted]"');
});
