import { ServiceClient, type FetchLike } from "../../src/client";
import { ManualClock } from "../support/manual-clock";

/**
 * The real service limits requests per minute per plan and sends no rate-limit headers. A pull must not spend
 * requests past a known end, must read a result of unknown length one page at a time, and must slow down after a 429.
 * Time is a manual clock: every answer takes 2 ms of it, and the client's retry waits are on it too.
 */
const TOTAL = 10;

/**
 * A fake service with `total` rows (ten by default) served two at a time; counts requests, the most ever in flight,
 * and, among the requests started after the first 429 was answered, the most in flight at once.
 */
function fakeService(clock: ManualClock, options: { csv?: boolean; limitedFirst?: number; total?: number } = {}) {
  const total = options.total ?? TOTAL;
  const stats = { requests: 0, inFlight: 0, maxInFlight: 0, beyondEnd: 0, limited: 0, startedAfter429: 0 };
  const later = { inFlight: 0, max: 0 };
  let limitedLeft = options.limitedFirst ?? 0;
  const fetch: FetchLike = async (input) => {
    const url = new URL(input as string);
    const isLater = stats.limited > 0;
    stats.requests++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    if (isLater) {
      stats.startedAfter429++;
      later.inFlight++;
      later.max = Math.max(later.max, later.inFlight);
    }
    await new Promise<void>((done) => clock.setTimeout(done, 2));
    stats.inFlight--;
    if (isLater) later.inFlight--;
    const offset = Number(url.searchParams.get("offset") ?? 0);
    if (offset > 0 && limitedLeft > 0) {
      limitedLeft--;
      stats.limited++;
      return new Response(JSON.stringify({ error: "rate limited" }), {
        status: 429,
        headers: { "content-type": "application/json", "Retry-After": "0" },
      });
    }
    if (offset >= total) stats.beyondEnd++;
    const rows = Array.from({ length: Math.max(0, Math.min(2, total - offset)) }, (_, i) => offset + i);
    const next = offset + rows.length < total ? offset + rows.length : undefined;
    if (options.csv) {
      const headers: Record<string, string> = { "content-type": "text/csv" };
      if (next !== undefined) headers["X-Service-Next-Offset"] = String(next);
      return new Response(`n\n${rows.map((r) => `${r}\n`).join("")}`, { headers });
    }
    return new Response(
      JSON.stringify({
        execution_id: "E",
        state: "QUERY_STATE_COMPLETED",
        is_execution_finished: true,
        ...(next === undefined ? {} : { next_offset: next }),
        result: {
          metadata: { column_names: ["n"], column_types: ["bigint"], row_count: rows.length, total_row_count: total },
          rows: rows.map((n) => ({ n })),
        },
      }),
      { headers: { "content-type": "application/json" } },
    );
  };
  return { fetch, stats, later };
}

const client = (fetch: FetchLike, clock: ManualClock) =>
  new ServiceClient({ apiKey: "key-123456789", baseUrl: "https://api.example.test", fetch, clock, concurrency: 4 });

test("known total (JSON): pages in parallel, and not one request past the end", async () => {
  const clock = new ManualClock(0);
  const { fetch, stats } = fakeService(clock);
  const pull = client(fetch, clock).table({ executionId: "E" }, { ignore_max_datapoints_per_request: true });
  const table = await clock.drive(pull);
  expect(table.rows.map((r) => r[0])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(stats.requests).toBe(5);
  expect(stats.beyondEnd).toBe(0);
  expect(stats.maxInFlight).toBeGreaterThan(1);
});

test("unknown total (CSV): one page at a time, and not one request past the end", async () => {
  const clock = new ManualClock(0);
  const { fetch, stats } = fakeService(clock, { csv: true });
  const table = await clock.drive(
    client(fetch, clock).table({ queryId: 7 }, { ignore_max_datapoints_per_request: true }),
  );
  expect(table.rows.map((r) => r[0])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(stats.requests).toBe(5);
  expect(stats.beyondEnd).toBe(0);
  expect(stats.maxInFlight).toBe(1);
});

test("after a 429 the pull goes on one request at a time, and finishes", async () => {
  // Requests already in flight when the 429 comes cannot be called back; every request started after it (the retry,
  // then the pages still to fetch) waits for the one before.
  const clock = new ManualClock(0);
  const { fetch, stats, later } = fakeService(clock, { limitedFirst: 1, total: 30 });
  const pull = client(fetch, clock).table({ executionId: "E" }, { ignore_max_datapoints_per_request: true });
  const table = await clock.drive(pull);
  expect(table.rows.map((r) => r[0])).toEqual(Array.from({ length: 30 }, (_, i) => i));
  expect(stats.limited).toBe(1);
  expect(stats.maxInFlight).toBeGreaterThan(1); // before the 429
  expect(stats.startedAfter429).toBeGreaterThan(5);
  expect(later.max).toBe(1);
});

test("after a 429 the poller waits at least 6 s between status calls, for a minute", async () => {
  const clock = new ManualClock(0);
  const waits: number[] = [];
  let polls = 0;
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input as string);
    if ((init as RequestInit | undefined)?.method === "POST") {
      return new Response(JSON.stringify({ execution_id: "E", state: "QUERY_STATE_PENDING" }), { status: 200 });
    }
    polls++;
    waits.push(clock.now());
    if (polls === 1)
      return new Response(JSON.stringify({ error: "rate limited" }), { status: 429, headers: { "Retry-After": "0" } });
    const state = polls < 4 ? "QUERY_STATE_EXECUTING" : "QUERY_STATE_FAILED";
    return new Response(JSON.stringify({ execution_id: url.pathname.split("/")[3], state }), { status: 200 });
  };
  const c = new ServiceClient({ apiKey: "key-123456789", baseUrl: "https://api.example.test", fetch, clock });
  const running = c.run(1).catch((e: unknown) => e);
  for (let i = 0; i < 200 && polls < 4; i++) {
    clock.advance(clock.nextAt() !== undefined ? clock.nextAt()! - clock.now() : 0);
    await new Promise((done) => setImmediate(done));
  }
  await running;
  expect(polls).toBe(4);
  const gaps = waits.slice(1).map((t, i) => t - waits[i]!);
  expect(gaps.length).toBe(3);
  // The first gap is the retry of the 429 itself; every poll after it waits at least 6 s.
  for (const gap of gaps.slice(1)) expect(gap).toBeGreaterThanOrEqual(6_000);
});

test("each wait after a 429 is told to listeners (for progress displays), and unsubscribing stops it", async () => {
  const clock = new ManualClock(0);
  const { fetch, stats } = fakeService(clock, { limitedFirst: 2 });
  const c = client(fetch, clock);
  const waits: number[] = [];
  const stop = c.onRateLimitWait((ms) => waits.push(ms));
  const table = await clock.drive(c.table({ executionId: "E" }, { ignore_max_datapoints_per_request: true }));
  expect(table.rows).toHaveLength(TOTAL);
  expect(stats.limited).toBe(2);
  expect(waits).toEqual([0, 0]); // Retry-After: 0
  stop();
  const again = fakeService(clock, { limitedFirst: 1 });
  const other = client(again.fetch, clock);
  other.onRateLimitWait(() => {
    throw new Error("a failing display");
  });
  const pull = other.table({ executionId: "E" }, { ignore_max_datapoints_per_request: true });
  expect((await clock.drive(pull)).rows).toHaveLength(TOTAL);
  expect(waits).toHaveLength(2);
});
