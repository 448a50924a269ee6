import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRelay, type RunningRelay } from "../../src/relay";
import { waitFor } from "../support/wait-for";

/**
 * An upstream that misbehaves (a damaged body, a cut-off body, a connection dropped mid-answer) and a cache file
 * damaged on disk: each request gets an answer, and the relay goes on serving the next one.
 */
const EXECUTION = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const RESULTS = `/v1/execution/${EXECUTION}/results`;

const TOMORROW = new Date(Date.now() + 86_400_000).toISOString();
let finishedAnswers = 0;
/** Results requests that reached the upstream, by `limit`. */
const asked: string[] = [];

/** What the fake upstream answers to a results request, by the request's `limit`. */
const ANSWERS: Record<string, (res: ServerResponse) => void> = {
  // A key with an invalid escape: not JSON, though it starts like an envelope.
  "1": (res) => json(res, `{"st\\xate":"QUERY_STATE_COMPLETED","next_uri":"http://upstream/v1/x"}`),
  // Cut off inside a string.
  "2": (res) => json(res, `{"execution_id":"${EXECUTION}","state":"QUERY_STATE_COMPLE`),
  // A value with an invalid escape after a field the relay wants.
  "3": (res) => json(res, `{"state":"QUERY_STATE_COMPLETED","next_uri":"http://up\\qstream/v1/x"}`),
  // Headers and the start of a finished page's body (one the relay would keep, were it whole), then the
  // connection drops.
  "4": (res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
    res.write(`{"state":"QUERY_STATE_COMPLETED","expires_at":"${TOMORROW}","result":{"rows":[`, () => res.destroy());
  },
  // A finished page, cacheable for a day, numbered so a test can tell whose answer it got.
  "9": (res) => json(res, `{"state":"QUERY_STATE_COMPLETED","expires_at":"${TOMORROW}","answer":${++finishedAnswers}}`),
};

function json(res: ServerResponse, text: string): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(text);
}

let upstream: Server;
let relay: RunningRelay;
let cacheDir: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://upstream");
    if (url.pathname.endsWith("/status")) return json(res, `{"state":"QUERY_STATE_COMPLETED"}`);
    asked.push(url.searchParams.get("limit") ?? "");
    (ANSWERS[url.searchParams.get("limit") ?? ""] ?? ((r: ServerResponse) => json(r, `{"ok":true}`)))(res);
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  cacheDir = mkdtempSync(join(tmpdir(), "relay-damaged-"));
  relay = await startOne();
});

/** A relay in front of the fake upstream, keeping its cache in `cacheDir`. */
function startOne(): Promise<RunningRelay> {
  return startRelay(
    {
      upstream: new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`),
      port: 0,
      host: "127.0.0.1",
      allowOrigins: [],
      cacheMb: 4,
      cacheDir,
    },
    () => undefined,
  );
}
afterAll(async () => {
  await relay?.close();
  await new Promise((resolve) => upstream?.close(resolve));
  rmSync(cacheDir, { recursive: true, force: true });
});

const get = (path: string, via = relay) =>
  fetch(`${via.url}${path}`, { headers: { "X-Service-Api-Key": "a-key-of-twenty-chars" } });

async function stillServing(): Promise<void> {
  expect((await fetch(`${relay.url}/healthz`)).status).toBe(200);
}

test.each(["1", "2", "3"])("a body that is not JSON (%s) passes through untouched", async (limit) => {
  const sent = await new Promise<string>((resolve) => {
    const res = { writeHead: () => undefined, end: resolve } as unknown as ServerResponse;
    ANSWERS[limit](res);
  });
  const answer = await get(`${RESULTS}?limit=${limit}`);
  expect(answer.status).toBe(200);
  expect(await answer.text()).toBe(sent);
  await stillServing();
});

test("a connection dropped mid-body cuts the caller's connection (never a short body as a whole one); nothing is kept", async () => {
  for (let round = 0; round < 2; round++) {
    const answer = await get(`${RESULTS}?limit=4`);
    expect(answer.status).toBe(200); // the head was passed on before the body broke off
    await expect(answer.text()).rejects.toThrow();
  }
  expect(asked.filter((limit) => limit === "4")).toHaveLength(2); // the second was not served a cut page
  expect(readdirSync(cacheDir)).toEqual([]);
  await stillServing();
});

test("a damaged cache file is a miss: a second relay on the same disk asks the upstream again", async () => {
  const path = `${RESULTS}?limit=9`;
  const good = await (await get(path)).text();
  expect(good).toContain('"answer":1');
  // Kept once written (after the answer): whole and renamed into place, no partial file left behind.
  await waitFor(
    () => readdirSync(cacheDir).length === 1 && !readdirSync(cacheDir)[0]!.endsWith(".partial"),
    "the page written to the disk cache",
  );
  expect(await (await get(path)).text()).toBe(good); // from the cache
  const files = readdirSync(cacheDir);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/^[0-9a-f]{64}\.page$/);
  // Cut off, as a disk fault or a crash before writes were renamed into place would leave it.
  const file = join(cacheDir, files[0]!);
  writeFileSync(file, readFileSync(file).subarray(0, -3));
  const second = await startOne();
  try {
    const again = await get(path, second);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(good.replace('"answer":1', '"answer":2'));
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
  } finally {
    await second.close();
  }
});
