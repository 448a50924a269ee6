import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  CancelledError,
  NetworkError,
  RateLimitedError,
  RedirectError,
  ServerError,
  ServiceClient,
  type ServiceClientOptions,
  TimeoutError,
  UnauthorizedError,
  isRedirectError,
  isServiceError,
} from "../../src/client";
import { ManualClock } from "../support/manual-clock";
import {
  hangUntilAborted,
  handlerFetch,
  jsonResponse,
  refusedError,
  resetError,
  scriptedFetch,
} from "./support/fetch-fakes";

const KEY = "sk_test_Zq9XvKEY_do_not_leak";
const STATUS = {
  execution_id: "01JD8Z5K2W3X4Y5Z6A7B8C9D0E",
  query_id: 1001,
  state: "QUERY_STATE_EXECUTING",
  is_execution_finished: false,
};

function setup(fetch: ServiceClientOptions["fetch"], over: Partial<ServiceClientOptions> = {}) {
  const clock = new ManualClock(1_700_000_000_000);
  const lines: string[] = [];
  const client = new ServiceClient({
    apiKey: KEY,
    baseUrl: "http://127.0.0.1:8787",
    fetch,
    clock,
    retry: { random: () => 0.5 },
    log: (line) => lines.push(line),
    ...over,
  });
  return { client, clock, lines };
}

/** Everything an error shows: message, stack, own properties, the cause chain. */
function everythingIn(error: unknown): string {
  const seen = new Set<unknown>();
  const walk = (value: unknown, depth: number): string => {
    if (depth > 6 || value === null || value === undefined || seen.has(value)) return "";
    if (typeof value !== "object") return String(value);
    seen.add(value);
    return Object.getOwnPropertyNames(value)
      .map((k) => `${k}=${walk((value as Record<string, unknown>)[k], depth + 1)}`)
      .join(";");
  };
  return walk(error, 0) + String(error);
}

async function failure(promise: Promise<unknown>, clock: ManualClock): Promise<unknown> {
  try {
    await clock.drive(promise);
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("requests", () => {
  it("sends the key only in the X-Service-Api-Key header, never in the URL", async () => {
    const fetch = scriptedFetch([{ status: 200, body: STATUS }]);
    const { client, clock } = setup(fetch);
    await clock.drive(client.status("01JD8Z5K2W3X4Y5Z6A7B8C9D0E"));
    const call = fetch.calls[0]!;
    expect(call.url).toBe("http://127.0.0.1:8787/v1/execution/01JD8Z5K2W3X4Y5Z6A7B8C9D0E/status");
    expect(call.headers["x-service-api-key"]).toBe(KEY);
    expect(call.url).not.toContain(KEY);
    expect(call.url).not.toContain("api_key");
  });

  it("keeps a base path prefix, the id as one segment (an id with a separator is refused: path-segments.test)", async () => {
    const fetch = scriptedFetch([{ status: 200, body: STATUS }]);
    const { client, clock } = setup(fetch, { baseUrl: "https://example.test/api/" });
    await clock.drive(client.status("01JD8Z5K2W3X4Y5Z6A7B8C9D0E"));
    expect(fetch.calls[0]!.url).toBe("https://example.test/api/v1/execution/01JD8Z5K2W3X4Y5Z6A7B8C9D0E/status");
  });

  it.each([
    ["https://example.test/api/v1", "https://example.test/api/v1/execution/E1/status"],
    ["https://example.test/api/v1/", "https://example.test/api/v1/execution/E1/status"],
    ["https://example.test/API/V1//", "https://example.test/API/v1/execution/E1/status"],
    ["https://example.test", "https://example.test/v1/execution/E1/status"],
    ["https://example.test/v1", "https://example.test/v1/execution/E1/status"],
    ["https://example.test/v1x", "https://example.test/v1x/v1/execution/E1/status"],
  ])(
    "a base address given with the API's /v1 (as the real service documents it) is not doubled: %s",
    async (base, url) => {
      const fetch = scriptedFetch([{ status: 200, body: STATUS }]);
      const { client, clock } = setup(fetch, { baseUrl: base });
      await clock.drive(client.status("E1"));
      expect(fetch.calls[0]!.url).toBe(url);
    },
  );

  it("execute posts JSON with query_parameters and performance", async () => {
    const fetch = scriptedFetch([{ status: 200, body: { execution_id: "E1", state: "QUERY_STATE_PENDING" } }]);
    const { client, clock } = setup(fetch);
    const ack = await clock.drive(
      client.execute(1001, { parameters: { symbol: "WBTC", days: 3 }, performance: "large" }),
    );
    expect(ack).toEqual({ execution_id: "E1", state: "QUERY_STATE_PENDING" });
    expect(fetch.calls[0]!.method).toBe("POST");
    expect(fetch.calls[0]!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(fetch.calls[0]!.body!)).toEqual({
      query_parameters: { symbol: "WBTC", days: 3 },
      performance: "large",
    });
  });

  it.each([
    // [choice, what the body carries]: auto sends none (the service chooses by plan); small is "free" on the wire
    ["auto", undefined],
    ["small", "free"],
    ["medium", "medium"],
    ["large", "large"],
    [undefined, undefined],
  ] as const)("execute with performance %p sends %p", async (performance, wire) => {
    const fetch = scriptedFetch([{ status: 200, body: { execution_id: "E1", state: "QUERY_STATE_PENDING" } }]);
    const { client, clock } = setup(fetch);
    await clock.drive(client.execute(1001, performance === undefined ? {} : { performance }));
    const body = JSON.parse(fetch.calls[0]!.body!) as Record<string, unknown>;
    expect(body.performance).toBe(wire);
    expect("performance" in body).toBe(wire !== undefined);
  });

  it("an unknown tier is refused before any request, naming the choices", async () => {
    const fetch = scriptedFetch([{ status: 200, body: { execution_id: "E1", state: "QUERY_STATE_PENDING" } }]);
    const { client, clock } = setup(fetch);
    const error = await failure(client.execute(1001, { performance: "huge" as "large" }), clock);
    expect((error as Error).message).toBe('performance must be auto, small, medium or large; got "huge"');
    expect(fetch.calls).toHaveLength(0);
  });

  it("cancel returns the server's success flag", async () => {
    const fetch = scriptedFetch([{ status: 200, body: { success: true } }]);
    const { client, clock } = setup(fetch);
    await expect(clock.drive(client.cancel("E1"))).resolves.toBe(true);
    expect(fetch.calls[0]!.url).toBe("http://127.0.0.1:8787/v1/execution/E1/cancel");
  });

  it("CSV pages carry the next offset from the response headers", async () => {
    const fetch = handlerFetch(
      () =>
        new Response("a\n1\n", {
          headers: {
            "X-Service-Next-Offset": "1",
            "X-Service-Next-Uri": "http://127.0.0.1:8787/v1/query/7/results/csv?offset=1&limit=1",
          },
        }),
    );
    const { client, clock } = setup(fetch);
    const page = await clock.drive(client.latestCsv(7, { limit: 1 }));
    expect(page).toEqual({
      text: "a\n1\n",
      bytes: 4,
      nextOffset: 1,
      nextUri: "http://127.0.0.1:8787/v1/query/7/results/csv?offset=1&limit=1",
    });
    expect(fetch.calls[0]!.headers.accept).toBe("text/csv");
  });
});

describe("retries (injected fetch, fake clock)", () => {
  it("429 with Retry-After: waits exactly that long, then succeeds", async () => {
    const fetch = scriptedFetch([
      { status: 429, body: { error: "too many requests" }, headers: { "Retry-After": "3" } },
      { status: 200, body: STATUS },
    ]);
    const { client, clock, lines } = setup(fetch);
    const started = clock.now();
    await expect(clock.drive(client.status("E1"))).resolves.toEqual(STATUS);
    expect(fetch.calls).toHaveLength(2);
    expect(clock.now() - started).toBe(3000);
    expect(lines).toEqual(["GET /v1/execution/E1/status: 429 RATE_LIMITED; attempt 2/4 in 3000 ms"]);
  });

  it("503 then success", async () => {
    const fetch = scriptedFetch([
      { status: 503, body: { error: "busy" } },
      { status: 200, body: STATUS },
    ]);
    const { client, clock } = setup(fetch);
    await expect(clock.drive(client.status("E1"))).resolves.toEqual(STATUS);
    expect(fetch.calls).toHaveLength(2);
  });

  it("a network error then success", async () => {
    const fetch = scriptedFetch([
      { throws: resetError() },
      { throws: new TypeError("Failed to fetch") },
      { status: 200, body: STATUS },
    ]);
    const { client, clock } = setup(fetch);
    await expect(clock.drive(client.status("E1"))).resolves.toEqual(STATUS);
    expect(fetch.calls).toHaveLength(3);
  });

  it("attempt limit reached: the last error comes back, after maxAttempts calls", async () => {
    const fetch = scriptedFetch([{ status: 502, body: { error: "bad gateway" } }]);
    const { client, clock } = setup(fetch, { retry: { maxAttempts: 3, random: () => 0.5 } });
    const error = await failure(client.results("E1"), clock);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).status).toBe(502);
    expect(fetch.calls).toHaveLength(3);
    expect(clock.requested.filter((ms) => ms !== 30_000)).toEqual([375, 750]);
  });

  it("a 500 is not retried, not even for reads", async () => {
    const fetch = scriptedFetch([
      { status: 500, body: { error: "boom" } },
      { status: 200, body: STATUS },
    ]);
    const { client, clock } = setup(fetch);
    await expect(clock.drive(client.status("E1"))).rejects.toBeInstanceOf(ServerError);
    expect(fetch.calls).toHaveLength(1);
  });

  it("execute is not retried after a 500 (the run may exist: no second charge)", async () => {
    const fetch = scriptedFetch([
      { status: 500, body: { error: "boom" } },
      { status: 200, body: { execution_id: "E2", state: "QUERY_STATE_PENDING" } },
    ]);
    const { client, clock } = setup(fetch);
    await expect(clock.drive(client.execute(1001))).rejects.toBeInstanceOf(ServerError);
    expect(fetch.calls).toHaveLength(1);
  });

  it.each([
    ["503", { status: 503, body: { error: "unavailable" } }],
    ["504", { status: 504, body: { error: "gateway timeout" } }],
    ["a reset connection", { throws: resetError() }],
  ] as const)("execute is not retried after %s", async (_label, first) => {
    const fetch = scriptedFetch([first, { status: 200, body: { execution_id: "E2", state: "QUERY_STATE_PENDING" } }]);
    const { client, clock } = setup(fetch);
    const error = await failure(client.execute(1001), clock);
    expect(isServiceError(error)).toBe(true);
    expect(fetch.calls).toHaveLength(1);
  });

  it("execute is retried after 429 and after a refused connection (no run was started)", async () => {
    const fetch = scriptedFetch([
      { status: 429, body: { error: "slow down" }, headers: { "Retry-After": "1" } },
      { throws: refusedError() },
      { status: 200, body: { execution_id: "E3", state: "QUERY_STATE_PENDING" } },
    ]);
    const { client, clock } = setup(fetch);
    await expect(clock.drive(client.execute(1001))).resolves.toEqual({
      execution_id: "E3",
      state: "QUERY_STATE_PENDING",
    });
    expect(fetch.calls).toHaveLength(3);
  });

  it("a Retry-After longer than allowed is not waited for", async () => {
    const fetch = scriptedFetch([{ status: 429, body: { error: "later" }, headers: { "Retry-After": "3600" } }]);
    const { client, clock } = setup(fetch);
    const error = await failure(client.status("E1"), clock);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfter).toBe(3600);
    expect(fetch.calls).toHaveLength(1);
  });

  it("the overall deadline stops retries", async () => {
    const fetch = scriptedFetch([{ status: 503, body: { error: "busy" }, headers: { "Retry-After": "20" } }]);
    const { client, clock } = setup(fetch, { retry: { maxAttempts: 10, deadlineMs: 45_000 } });
    await expect(clock.drive(client.status("E1"))).rejects.toBeInstanceOf(ServerError);
    expect(fetch.calls).toHaveLength(3); // at 0 s, 20 s, 40 s; a fourth at 60 s would pass the deadline
  });

  it("retry: false makes one attempt", async () => {
    const fetch = scriptedFetch([{ status: 503, body: {} }]);
    const { client, clock } = setup(fetch, { retry: false });
    await expect(clock.drive(client.status("E1"))).rejects.toBeInstanceOf(ServerError);
    expect(fetch.calls).toHaveLength(1);
  });

  it("an unknown fetch failure is not retried", async () => {
    const fetch = scriptedFetch([{ throws: new RangeError("weird") }, { status: 200, body: STATUS }]);
    const { client, clock } = setup(fetch);
    const error = await failure(client.status("E1"), clock);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).transient).toBe(false);
    expect(fetch.calls).toHaveLength(1);
  });
});

describe("timeouts and aborts", () => {
  it("a request that hangs times out with TimeoutError and is not retried", async () => {
    const fetch = scriptedFetch([{ hang: true }]);
    const { client, clock } = setup(fetch, { timeoutMs: 2000 });
    const started = clock.now();
    const error = await failure(client.status("E1"), clock);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(2000);
    expect(clock.now() - started).toBe(2000);
    expect(fetch.calls).toHaveLength(1);
    expect(fetch.calls[0]!.signal?.aborted).toBe(true);
  });

  it("a per-call timeout overrides the client's", async () => {
    const fetch = scriptedFetch([{ hang: true }]);
    const { client, clock } = setup(fetch, { timeoutMs: 2000 });
    const error = await failure(client.results("E1", { timeoutMs: 500 }), clock);
    expect((error as TimeoutError).timeoutMs).toBe(500);
  });

  it("the caller's signal aborts a request in flight with CancelledError", async () => {
    const fetch = scriptedFetch([{ hang: true }]);
    const { client, clock } = setup(fetch);
    const controller = new AbortController();
    const promise = client.status("E1", { signal: controller.signal });
    promise.catch(() => undefined);
    await clock.advanceSettling(10);
    controller.abort();
    await expect(promise).rejects.toBeInstanceOf(CancelledError);
  });

  it("abort during a backoff wait: rejects at once, no further request", async () => {
    const fetch = scriptedFetch([
      { status: 503, body: {}, headers: { "Retry-After": "30" } },
      { status: 200, body: STATUS },
    ]);
    const { client, clock } = setup(fetch);
    const controller = new AbortController();
    const promise = client.status("E1", { signal: controller.signal });
    promise.catch(() => undefined);
    await clock.advanceSettling(1000); // first attempt answered; now waiting 30 s
    expect(fetch.calls).toHaveLength(1);
    expect(clock.pending).toBe(1);
    controller.abort();
    await expect(promise).rejects.toBeInstanceOf(CancelledError);
    expect(clock.pending).toBe(0);
    expect(fetch.calls).toHaveLength(1);
  });

  it("an already aborted signal makes no request", async () => {
    const fetch = scriptedFetch([{ status: 200, body: STATUS }]);
    const { client, clock } = setup(fetch);
    const controller = new AbortController();
    controller.abort();
    const error = await failure(client.status("E1", { signal: controller.signal }), clock);
    expect(error).toBeInstanceOf(CancelledError);
  });

  it("the client's own signal ends its reads (in flight and later) but lets an execute and a cancel through", async () => {
    const closed = new AbortController();
    const fetch = handlerFetch((call) =>
      call.method === "GET" ? hangUntilAborted(call.signal) : jsonResponse(200, { execution_id: "E2", success: true }),
    );
    const { client, clock } = setup(fetch, { signal: closed.signal });
    const inFlight = client.status("E1");
    inFlight.catch(() => undefined);
    await clock.advanceSettling(10);
    closed.abort();
    await expect(inFlight).rejects.toBeInstanceOf(CancelledError);
    await expect(failure(client.status("E1"), clock)).resolves.toBeInstanceOf(CancelledError);
    expect(fetch.calls.filter((c) => c.method === "GET")).toHaveLength(1);
    await expect(clock.drive(client.execute(1001))).resolves.toMatchObject({ execution_id: "E2" });
    await expect(clock.drive(client.cancel("E2"))).resolves.toBe(true);
    expect(clock.pending).toBe(0);
  });

  it("clears its timers when done (nothing keeps a Node process alive)", async () => {
    const fetch = scriptedFetch([{ status: 200, body: STATUS }]);
    const { client, clock } = setup(fetch);
    await clock.drive(client.status("E1"));
    expect(clock.pending).toBe(0);
  });
});

describe("the key never leaks", () => {
  const leakyFetches: [string, ServiceClientOptions["fetch"]][] = [
    ["a 401 that echoes the key", scriptedFetch([{ status: 401, body: { error: `invalid API Key ${KEY}` } }])],
    ["a 400 that echoes the key", scriptedFetch([{ status: 400, body: { error: `bad key=${KEY}` } }])],
    [
      "a fetch that throws with the key in its message",
      scriptedFetch([{ throws: new TypeError(`Failed to fetch with header ${KEY}`) }]),
    ],
    [
      "a fetch that throws with the key deep in the cause",
      scriptedFetch([
        {
          throws: new TypeError("fetch failed", {
            cause: Object.assign(new Error(`headers: ${KEY}`), { code: "ECONNRESET" }),
          }),
        },
      ]),
    ],
    ["a hang that times out", scriptedFetch([{ hang: true }])],
    ["a proxy page with the key", scriptedFetch([{ status: 502, body: `<html>${KEY}</html>` }])],
  ];

  it.each(leakyFetches)("%s", async (_label, fetch) => {
    const { client, clock, lines } = setup(fetch, { timeoutMs: 100, retry: { maxAttempts: 2, random: () => 0.5 } });
    const calls = [
      () => client.status("E1"),
      () => client.execute(5),
      () => client.table({ executionId: "E1" }),
      () => client.cancel("E1"),
    ];
    for (const call of calls) {
      const error = await failure(call(), clock);
      expect(isServiceError(error)).toBe(true);
      expect(everythingIn(error)).not.toContain(KEY);
      expect((error as Error).stack ?? "").not.toContain(KEY);
    }
    expect(lines.join("\n")).not.toContain(KEY);
    for (const call of (fetch as unknown as { calls: { url: string }[] }).calls) expect(call.url).not.toContain(KEY);
  });

  it("the client object does not show the key when logged", () => {
    const { client } = setup(scriptedFetch([]));
    expect(JSON.stringify(client)).not.toContain(KEY);
    expect(require("node:util").inspect(client, { depth: 5 })).not.toContain(KEY);
  });

  it("an empty key is refused up front", () => {
    expect(() => new ServiceClient({ apiKey: "", baseUrl: "http://x.test" })).toThrow("API key");
    expect(() => new ServiceClient({ apiKey: "k", baseUrl: "ftp://x.test" })).toThrow("http");
  });

  it("a 401 becomes UnauthorizedError with a short user message", async () => {
    const { client, clock } = setup(scriptedFetch([{ status: 401, body: { error: "invalid API Key" } }]));
    const error = await failure(client.status("E1"), clock);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as UnauthorizedError).userMessage).toBe("Invalid or missing API key.");
    expect((error as UnauthorizedError).serverMessage).toBe("invalid API Key");
  });
});

describe("redirects, over real HTTP", () => {
  /** A server on an ephemeral port of 127.0.0.1 that records each request's path and whether the key came along. */
  async function recordingServer(answer: (response: ServerResponse) => void) {
    const requests: { path: string; key: boolean }[] = [];
    const server = createServer((request, response) => {
      requests.push({ path: request.url ?? "", key: request.headers["x-service-api-key"] !== undefined });
      answer(response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it("are not followed: the key never reaches where a 302 points", async () => {
    const elsewhere = await recordingServer((response) => {
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(STATUS));
    });
    const redirecting = await recordingServer((response) => {
      response.writeHead(302, { Location: `${elsewhere.url}/collect` }).end();
    });
    try {
      // The platform's own fetch, which follows redirects unless told not to.
      const client = new ServiceClient({ apiKey: KEY, baseUrl: redirecting.url, retry: { random: () => 0.5 } });
      const error = await client.status(STATUS.execution_id).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "INVALID_RESPONSE", status: 302 });
      expect(redirecting.requests).toEqual([{ path: `/v1/execution/${STATUS.execution_id}/status`, key: true }]);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await Promise.all([redirecting.close(), elsewhere.close()]);
    }
  });

  it.each([
    // [Location, body, trailingSlash, user message]
    ["/v1/execution/E1/status", "", true, /path that ends in a slash \(301\)/],
    [null, '<a href="/v1/execution/E1/status?x=1&amp;y=2">Moved Permanently</a>.', true, /ends in a slash/],
    ["http://127.0.0.1:8787/v1/execution/E1/status/", "", true, /with a slash at the end \(301\)/],
    [
      "https://127.0.0.1:8787/v1/execution/E1/status",
      "",
      false,
      /redirected to https:\/\/127\.0\.0\.1:8787\/v1\/execution\/E1\/status \(301\)/,
    ],
    [null, "", false, /answered with a redirect/],
  ])("a 301 to %j (body %j): trailing slash %s", async (location, text, trailingSlash, message) => {
    const headers: Record<string, string> = location === null ? {} : { Location: location };
    const fetch = handlerFetch(() => new Response(text, { status: 301, headers }));
    const { client, clock } = setup(fetch);
    const error = await failure(client.status("E1"), clock);
    expect(isRedirectError(error)).toBe(true);
    expect((error as RedirectError).trailingSlash).toBe(trailingSlash);
    expect((error as RedirectError).userMessage).toMatch(message);
    expect((error as RedirectError).userMessage.length).toBeLessThanOrEqual(240);
    expect(fetch.calls).toHaveLength(1);
  });

  it("a browser's opaque redirect says only that it was a redirect", async () => {
    const opaque = Object.assign(new Response(null, { status: 200 }), {});
    Object.defineProperty(opaque, "type", { value: "opaqueredirect" });
    Object.defineProperty(opaque, "status", { value: 0 });
    const { client, clock } = setup(handlerFetch(() => opaque));
    const error = await failure(client.status("E1"), clock);
    expect((error as RedirectError).userMessage).toMatch(/answered with a redirect/);
    expect((error as RedirectError).message).toMatch(/unexpected response: redirect not followed$/);
  });
});

it("hangUntilAborted is only settled by an abort", async () => {
  const controller = new AbortController();
  const p = hangUntilAborted(controller.signal);
  controller.abort();
  await expect(p).rejects.toThrow();
});
