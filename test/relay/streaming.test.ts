import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { startRelay, type RelayOptions, type RunningRelay } from "../../src/relay";
import { waitFor } from "../support/wait-for";

/**
 * Pages too large to keep are streamed, the caller's departure stops the upstream, and the disk cache keeps to its
 * budget: against an upstream this test controls (when it sends, how much, and whether its connection closed).
 */
const EXECUTION = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const RESULTS = `/v1/execution/${EXECUTION}/results`;
const TOMORROW = new Date(Date.now() + 86_400_000).toISOString();
const KB = 1024;
const MB = 1024 * KB;

/** `n` rows of about 100 bytes each, as JSON text without the brackets. */
const rows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => JSON.stringify({ n: from + i, next_uri: "a row's own", s: "x".repeat(60) })).join(
    ",",
  );

/** Results requests that reached the upstream, by their query string. */
const asked: string[] = [];
/** Released by a test to let the gated page finish. */
let releaseGate: () => void = () => undefined;
/** Resolved when the upstream's connection for an endless or silent answer closes. */
let upstreamClosed: Promise<void> = Promise.resolve();
let upstreamBytes = 0;

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) });
  res.end(body);
}

/** What the upstream does, by `limit`. */
const ANSWERS: Record<string, (res: ServerResponse, offset: number) => void> = {
  // 600 kB in two halves, the second only once the test says so; next_uri comes after the rows (order is not promised).
  gated: (res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write(`{"state":"QUERY_STATE_COMPLETED","expires_at":"${TOMORROW}","result":{"rows":[${rows(3000)}`);
    new Promise<void>((resolve) => (releaseGate = resolve))
      .then(() => res.end(`,${rows(3000, 3000)}]},"next_uri":"http://upstream/v1/x?offset=6000&limit=gated"}`))
      .catch(() => undefined);
  },
  // Rows for ever, as fast as the reader takes them.
  endless: (res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write(`{"state":"QUERY_STATE_COMPLETED","expires_at":"${TOMORROW}","result":{"rows":[`);
    const chunk = `${rows(100)},`;
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) upstreamBytes += chunk.length;
      if (!res.destroyed) res.once("drain", pump);
    };
    pump();
  },
  // Never answers.
  silent: () => undefined,
  // A finished page of about 20 kB, different for each offset.
  page: (res, offset) =>
    send(
      res,
      200,
      `{"state":"QUERY_STATE_COMPLETED","expires_at":"${TOMORROW}","result":{"rows":[${rows(200, offset)}]}}`,
    ),
};

let upstream: Server;
let upstreamUrl: URL;
const dirs: string[] = [];
const relays: RunningRelay[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://upstream");
    if (url.pathname.endsWith("/status")) return send(res, 200, `{"state":"QUERY_STATE_COMPLETED"}`);
    asked.push(url.search);
    const limit = url.searchParams.get("limit") ?? "";
    if (limit === "endless" || limit === "silent") {
      upstreamClosed = new Promise((resolve) => res.once("close", resolve));
    }
    (ANSWERS[limit] ?? ((r: ServerResponse) => send(r, 404, `{"error":"no"}`)))(
      res,
      Number(url.searchParams.get("offset")),
    );
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  upstreamUrl = new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
});
afterAll(async () => {
  for (const relay of relays) await relay.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function relayWith(options: Partial<RelayOptions>): Promise<RunningRelay> {
  const relay = await startRelay(
    { upstream: upstreamUrl, port: 0, host: "127.0.0.1", allowOrigins: [], cacheMb: 16, ...options },
    () => undefined,
  );
  relays.push(relay);
  return relay;
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "relay-streaming-"));
  dirs.push(dir);
  return dir;
}

/** A GET through the relay, its answer's head as soon as it arrives. */
function open(relay: RunningRelay, path: string, headers: Record<string, string> = {}) {
  let client: ReturnType<typeof request> | undefined;
  const answer = new Promise<IncomingMessage>((resolve, reject) => {
    client = request(
      `${relay.url}${path}`,
      { headers: { "X-Service-Api-Key": "a-key-of-twenty-chars", ...headers } },
      resolve,
    );
    client.on("error", reject);
    client.end();
  });
  return { answer, leave: () => client?.destroy() };
}

function readAll(res: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on("data", (c: Buffer) => chunks.push(c));
    res.on("end", () => resolve(Buffer.concat(chunks)));
    res.on("error", reject);
  });
}

function dirBytes(dir: string): number {
  // The cache writes a page to a `.partial` file and renames it into place after answering: a file listed can be
  // gone (renamed or evicted) by the time it is measured, and is counted under its new name by the next check.
  return readdirSync(dir).reduce(
    (sum, name) => sum + (statSync(join(dir, name), { throwIfNoEntry: false })?.size ?? 0),
    0,
  );
}

describe("a page over the cache's page limit", () => {
  test("passes through as it arrives (the first half reaches the caller before the upstream sends the rest), next_uri after the rows rewritten, and is not kept", async () => {
    const dir = tempDir();
    const relay = await relayWith({ cachePageMb: 100 / 1024, cacheDir: dir });
    const path = `${RESULTS}?limit=gated`;
    for (let round = 1; round <= 2; round++) {
      const res = await open(relay, path).answer;
      let received = 0;
      const chunks: Buffer[] = [];
      await new Promise<void>((resolve) => {
        res.on("data", (c: Buffer) => {
          chunks.push(c);
          received += c.length;
          if (received >= 200 * KB) resolve();
        });
      });
      releaseGate(); // only now does the upstream send the second half: the relay held none of the first
      const body = Buffer.concat([...chunks, await readAll(res)]).toString("utf8");
      const page = JSON.parse(body) as { next_uri: string; result: { rows: unknown[] } };
      expect(page.result.rows).toHaveLength(6000);
      expect(page.next_uri).toBe(`${relay.url}/v1/x?offset=6000&limit=gated`);
      expect(asked.filter((q) => q.includes("gated"))).toHaveLength(round); // not served from a cache
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  test.each([
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync],
  ] as const)("is compressed as it streams (%s) and decodes to the page", async (encoding, decode) => {
    const relay = await relayWith({ cachePageMb: 100 / 1024 });
    const pending = open(relay, `${RESULTS}?limit=gated`, { "Accept-Encoding": encoding });
    const res = await pending.answer;
    expect(res.headers["content-encoding"]).toBe(encoding);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    const whole = readAll(res);
    releaseGate();
    const page = JSON.parse(decode(await whole).toString("utf8")) as { result: { rows: unknown[] } };
    expect(page.result.rows).toHaveLength(6000);
  });
});

describe("a caller that leaves stops the upstream", () => {
  test("mid-page: the relay stops reading and closes its upstream connection", async () => {
    const relay = await relayWith({});
    const pending = open(relay, `${RESULTS}?limit=endless`);
    const res = await pending.answer;
    await new Promise((resolve) => res.once("data", resolve));
    pending.leave();
    await upstreamClosed; // never resolves if the relay kept reading: the test then fails on its timeout
    expect(upstreamBytes).toBeGreaterThan(0);
  });

  test("before the upstream has answered at all", async () => {
    const relay = await relayWith({});
    const pending = open(relay, `${RESULTS}?limit=silent`);
    pending.answer.catch(() => undefined);
    await waitFor(() => asked.some((q) => q.includes("silent")), "the silent page asked upstream");
    pending.leave();
    await upstreamClosed;
  });
});

describe("the disk cache keeps to its budget", () => {
  const PAGE_BYTES = 20 * KB;
  const page = (offset: number) => `${RESULTS}?limit=page&offset=${offset}`;
  const get = async (relay: RunningRelay, path: string) => {
    const res = await open(relay, path).answer;
    expect(res.statusCode).toBe(200);
    return readAll(res);
  };

  test("across many pages, least recently used out, counted again at start; files not ours are left alone", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "notes.txt"), "not a cached page");
    const budget = 0.125 * MB; // room for about six pages
    // Memory too small for any page: every hit is a disk read.
    const relay = await relayWith({ cacheDir: dir, cacheMb: 0.05, cachePageMb: 1, cacheDiskMb: budget / MB });
    for (let offset = 1; offset <= 30; offset++) {
      await get(relay, page(offset));
      await get(relay, page(0)); // kept in use: the one page that must stay
      expect(dirBytes(dir) - "not a cached page".length).toBeLessThanOrEqual(budget);
    }
    await waitFor(() => readdirSync(dir).filter((f) => f.endsWith(".page")).length >= 5, "five pages on disk");
    const before = asked.length;
    await get(relay, page(0));
    expect(asked.length).toBe(before); // still on disk
    const files = readdirSync(dir);
    await get(relay, page(1));
    expect(asked.length).toBe(before + 1); // long gone
    // Kept again once written: room made (one file out), then the page written and renamed into place.
    await waitFor(() => {
      const now = readdirSync(dir);
      return now.length === files.length && now.join() !== files.join() && !now.some((f) => f.endsWith(".partial"));
    }, "the page written after room was made");

    // A relay started with a smaller budget counts what is there and evicts down to it at once.
    const smaller = 2.5 * PAGE_BYTES;
    await relayWith({ cacheDir: dir, cacheMb: 0.05, cachePageMb: 1, cacheDiskMb: smaller / MB });
    expect(dirBytes(dir) - "not a cached page".length).toBeLessThanOrEqual(smaller);
    expect(readdirSync(dir)).toContain("notes.txt");
  });
});
