import { NetworkError, TimeoutError } from "../../src/client";
import { errorFromResponse } from "../../src/client/errors/from-response";
import { DEFAULT_RETRY, type RetryContext, retryDelay } from "../../src/client/http/retry";

const at = { method: "GET", path: "/v1/x" };
const http = (status: number, retryAfterMs?: number) => errorFromResponse({ status, ...at, retryAfterMs });
const ctx = (over: Partial<RetryContext> = {}): RetryContext => ({
  attempt: 1,
  mode: "idempotent",
  startedAt: 0,
  now: 0,
  options: { ...DEFAULT_RETRY, random: () => 0.5 },
  ...over,
});

describe("retry ladder: attempts → method → retryable status or network error → Retry-After → backoff", () => {
  it.each([
    ["429", http(429), true],
    ["502", http(502), true],
    ["503", http(503), true],
    ["504", http(504), true],
    ["500", http(500), false],
    ["400", http(400), false],
    ["401", http(401), false],
    ["404", http(404), false],
    ["reset", new NetworkError({ transient: true, networkCode: "ECONNRESET" }), true],
    ["unknown network failure", new NetworkError({ transient: false }), false],
    ["timeout", new TimeoutError({ timeoutMs: 1000 }), false],
    ["plain Error", new Error("?"), false],
  ])("reads: %s retried=%s", (_label, error, retried) => {
    expect(retryDelay(error, ctx()) !== undefined).toBe(retried);
  });

  it.each([
    ["429", http(429), true],
    ["connection refused", new NetworkError({ transient: true, networkCode: "ECONNREFUSED" }), true],
    ["500", http(500), false],
    ["502", http(502), false],
    ["503", http(503), false],
    ["504", http(504), false],
    ["reset (the run may have started)", new NetworkError({ transient: true, networkCode: "ECONNRESET" }), false],
    ["browser 'Failed to fetch' (unknown)", new NetworkError({ transient: true }), false],
  ])("execute: %s retried=%s", (_label, error, retried) => {
    expect(retryDelay(error, ctx({ mode: "unstarted-only" })) !== undefined).toBe(retried);
  });

  it("stops at the attempt limit", () => {
    expect(retryDelay(http(503), ctx({ attempt: 3 }))).toBeDefined();
    expect(retryDelay(http(503), ctx({ attempt: 4 }))).toBeUndefined();
  });

  it("backs off exponentially with equal jitter, capped", () => {
    const delays = [1, 2, 3, 4, 5, 6].map((attempt) =>
      retryDelay(
        http(503),
        ctx({ attempt, options: { ...DEFAULT_RETRY, maxAttempts: 10, deadlineMs: 1e9, random: () => 0.5 } }),
      ),
    );
    expect(delays).toEqual([375, 750, 1500, 3000, 6000, 6000]);
    const low = retryDelay(http(503), ctx({ options: { ...DEFAULT_RETRY, random: () => 0 } }));
    const high = retryDelay(http(503), ctx({ options: { ...DEFAULT_RETRY, random: () => 0.999999 } }));
    expect(low).toBe(250);
    expect(high).toBe(500);
  });

  it("honours Retry-After exactly, and gives up when it is longer than allowed", () => {
    expect(retryDelay(http(429, 7000), ctx())).toBe(7000);
    expect(retryDelay(http(503, 2000), ctx())).toBe(2000);
    expect(retryDelay(http(429, 120_000), ctx())).toBeUndefined();
  });

  it("gives up when the wait would pass the overall deadline", () => {
    expect(retryDelay(http(429, 5000), ctx({ startedAt: 0, now: 54_000 }))).toBe(5000);
    expect(retryDelay(http(429, 5000), ctx({ startedAt: 0, now: 56_000 }))).toBeUndefined();
  });
});
