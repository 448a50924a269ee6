import {
  BadRequestError,
  CancelledError,
  ExecutionFailedError,
  ExecutionPendingError,
  InvalidResponseError,
  ServiceClient,
  type FetchLike,
} from "../../src/client";
import { rowsPerPage } from "../../src/client/paging/plan";
import { laterPages, planWindows } from "../../src/client/paging/plan";
import { flush } from "../support/manual-clock";
import { cell, fakeResults } from "./support/fake-results";
import { handlerFetch, jsonResponse } from "./support/fetch-fakes";

const client = (fetch: FetchLike, concurrency?: number) =>
  new ServiceClient({ apiKey: "k", baseUrl: "http://svc.test", fetch, concurrency, retry: false });

function expectIds(rows: unknown[][], from: number, count: number): void {
  expect(rows).toHaveLength(count);
  for (let i = 0; i < count; i++) {
    if (rows[i]![0] !== from + i) throw new Error(`row ${i}: id ${String(rows[i]![0])}, expected ${from + i}`);
  }
}

const offsets = (calls: { url: string }[]) =>
  calls.map((c) => {
    const q = new URL(c.url).searchParams;
    return [Number(q.get("offset")), q.has("limit") ? Number(q.get("limit")) : null];
  });

describe("page planning", () => {
  it.each([
    [1, 250_000],
    [10, 25_000],
    [37, 6_756],
    [250_001, 1],
    [0, 250_000],
  ])("%i columns → %i rows per page", (columns, rows) => expect(rowsPerPage(columns)).toBe(rows));

  it("windows cover [from, stop) exactly", () => {
    expect([...planWindows(10, 35, 10)]).toEqual([
      { offset: 10, limit: 10 },
      { offset: 20, limit: 10 },
      { offset: 30, limit: 5 },
    ]);
  });

  const cols = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);
  const rows = (n: number) => Array.from({ length: n }, () => []);
  it.each([
    // [what, first page (rows, columns, bytes), options, expected]
    ["no byte budget: the service's default page", [100, 10, 25_000], {}, { pageRows: 25_000, liftGuard: false }],
    [
      "no size known: the default page",
      [100, 10, undefined],
      { maxPageBytes: 1e8 },
      { pageRows: 25_000, liftGuard: false },
    ],
    [
      "a budget above the default page: larger pages, guard lifted",
      [100, 10, 25_000],
      { maxPageBytes: 25_000_000 },
      { pageRows: 100_000, liftGuard: true },
    ],
    [
      "a budget below the default page: smaller pages, guard kept",
      [100, 10, 25_000],
      { maxPageBytes: 2_500_000 },
      { pageRows: 10_000, liftGuard: false },
    ],
    [
      "a budget under one row: one row per page",
      [100, 10, 25_000],
      { maxPageBytes: 10 },
      { pageRows: 1, liftGuard: false },
    ],
    [
      "the caller lifted the guard: as many rows as its first page",
      [40_000, 10, 1e7],
      { guardLifted: true },
      { pageRows: 40_000, liftGuard: false },
    ],
  ] as const)("%s", (_what, [r, c, bytes], options, expected) => {
    const plan = laterPages(
      { rows: rows(r), columns: cols(c), ...(bytes === undefined ? {} : { bytes }) },
      { guardLifted: false, probed: r === 100, ...options },
    );
    expect(plan).toMatchObject(expected);
  });

  it("large pages are fetched fewer at once: at most 64 MB in flight", () => {
    const plan = laterPages(
      { rows: rows(100), columns: cols(10), bytes: 25_000 },
      { guardLifted: false, probed: true, maxPageBytes: 32_000_000 },
    );
    expect(plan.concurrency).toBe(2);
  });
});

describe("table over JSON pages", () => {
  it.each([
    [
      1,
      600_000,
      [
        [0, null],
        [250_000, 250_000],
        [500_000, 100_000],
      ],
    ],
    [
      10,
      60_000,
      [
        [0, null],
        [25_000, 25_000],
        [50_000, 10_000],
      ],
    ],
    [
      37,
      20_000,
      [
        [0, null],
        [6_756, 6_756],
        [13_512, 6_488],
      ],
    ],
  ])("%i columns × %i rows: pages from the datapoints cap", async (columns, rows, expected) => {
    const fake = fakeResults({ rows, columns });
    const table = await client(fake.fetch).table({ executionId: "E" });
    expect(table.columns).toEqual(fake.names);
    expect(table.types[0]).toBe("bigint");
    expectIds(table.rows, 0, rows);
    expect(table.rows[rows - 1]).toEqual(fake.names.map((_, c) => cell(rows - 1, c)));
    expect(offsets(fake.fetch.calls)).toEqual(expected);
    expect(table).toMatchObject({
      rowCount: rows,
      totalRowCount: rows,
      hasMore: false,
      partial: false,
      requestCount: expected.length,
    });
  });

  it("rows are arrays in column order, not objects", async () => {
    const fake = fakeResults({ rows: 3, columns: 3 });
    const table = await client(fake.fetch).table({ executionId: "E" }, { columns: ["col2", "id"] });
    expect(table.columns).toEqual(["col2", "id"]);
    expect(table.rows).toEqual([
      ["r0c2", 0],
      ["r1c2", 1],
      ["r2c2", 2],
    ]);
  });

  it("a limit smaller than a page is one request", async () => {
    const fake = fakeResults({ rows: 100_000, columns: 10 });
    const table = await client(fake.fetch).table({ executionId: "E" }, { limit: 10 });
    expectIds(table.rows, 0, 10);
    expect(offsets(fake.fetch.calls)).toEqual([[0, 10]]);
    expect(table.hasMore).toBe(true);
  });

  it("a limit larger than a page stops exactly at the limit", async () => {
    const fake = fakeResults({ rows: 100_000, columns: 10 });
    const table = await client(fake.fetch).table({ executionId: "E" }, { limit: 60_000, offset: 7 });
    expectIds(table.rows, 7, 60_000);
    expect(offsets(fake.fetch.calls)).toEqual([
      [7, 60_000],
      [25_007, 25_000],
      [50_007, 10_000],
    ]);
  });

  it("a per-call timeout applies to every page request", async () => {
    const started = Date.now();
    const slow: FetchLike = (_input, init) =>
      new Promise<Response>((_, reject) => init.signal?.addEventListener("abort", () => reject(new Error("aborted"))));
    await expect(client(slow).table({ executionId: "E" }, { timeoutMs: 50 })).rejects.toMatchObject({
      code: "TIMEOUT",
      timeoutMs: 50,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("limit 0 gives the columns and no rows", async () => {
    const fake = fakeResults({ rows: 100, columns: 3 });
    const table = await client(fake.fetch).table({ executionId: "E" }, { limit: 0 });
    expect(table.columns).toEqual(fake.names);
    expect(table.rows).toEqual([]);
    expect(fake.fetch.calls).toHaveLength(1);
  });

  it("a limit past the end returns what exists", async () => {
    const fake = fakeResults({ rows: 30_000, columns: 10 });
    const table = await client(fake.fetch).table({ executionId: "E" }, { limit: 1_000_000 });
    expectIds(table.rows, 0, 30_000);
    expect(table.hasMore).toBe(false);
    expect(fake.fetch.calls).toHaveLength(2);
  });

  it("never more than `concurrency` requests in flight, rows still in order", async () => {
    const fake = fakeResults({ rows: 150_000, columns: 10, turns: 5 });
    const table = await client(fake.fetch).table({ executionId: "E" });
    expectIds(table.rows, 0, 150_000);
    expect(fake.stats.maxInFlight).toBe(4);
    const two = fakeResults({ rows: 150_000, columns: 10, turns: 5 });
    await client(two.fetch).table({ executionId: "E" }, { concurrency: 2 });
    expect(two.stats.maxInFlight).toBe(2);
  });

  it("pages arrive in order even when later pages answer first", async () => {
    const fake = fakeResults({ rows: 100_000, columns: 10 });
    let n = 0;
    const slowFirst: FetchLike = async (input, init) => {
      const mine = n++;
      if (mine === 1) await flush(30); // the second request (first planned window) answers last
      return fake.fetch(input, init);
    };
    const seen: number[] = [];
    for await (const page of client(slowFirst).pages({ executionId: "E" })) seen.push(page.offset);
    expect(seen).toEqual([0, 25_000, 50_000, 75_000]);
  });

  it("honours next_offset when the server sends fewer rows than asked: no gap, no duplicate", async () => {
    const fake = fakeResults({ rows: 100_000, columns: 10, maxRowsPerResponse: 9_000 });
    const table = await client(fake.fetch).table({ executionId: "E" });
    expectIds(table.rows, 0, 100_000);
    // first page 9,000; then windows of 25,000 each filled in 9,000-row pieces
    expect(offsets(fake.fetch.calls).slice(0, 4)).toEqual([
      [0, null],
      [9_000, 25_000],
      [34_000, 25_000],
      [59_000, 25_000],
    ]);
  });

  it("next_uri alone is enough to find the next offset", async () => {
    const fake = fakeResults({ rows: 30_000, columns: 10 });
    const stripped: FetchLike = async (input, init) => {
      const response = await fake.fetch(input, init);
      const body = (await response.json()) as Record<string, unknown>;
      delete body.next_offset;
      return jsonResponse(200, body);
    };
    const table = await client(stripped).table({ executionId: "E" });
    expectIds(table.rows, 0, 30_000);
  });

  it("a sample is one request without offset or limit", async () => {
    const fake = fakeResults({ rows: 100, columns: 2 });
    await client(fake.fetch).table({ executionId: "E" }, { sample_count: 5 });
    expect(fake.fetch.calls.map((c) => new URL(c.url).search)).toEqual(["?sample_count=5"]);
  });

  it("with the datapoints cap lifted the first page is everything", async () => {
    const fake = fakeResults({ rows: 60_000, columns: 10 });
    const table = await client(fake.fetch).table({ executionId: "E" }, { ignore_max_datapoints_per_request: true });
    expectIds(table.rows, 0, 60_000);
    expect(fake.fetch.calls).toHaveLength(1);
  });

  it("a query's latest result as JSON: the first page by query id, every other from that run, in parallel", async () => {
    const fake = fakeResults({ rows: 100_000, columns: 10, turns: 2 });
    const table = await client(fake.fetch).table({ queryId: 1003, format: "json" });
    expectIds(table.rows, 0, 100_000);
    const paths = fake.fetch.calls.map((c) => new URL(c.url).pathname);
    expect(paths[0]).toBe("/v1/query/1003/results");
    expect(new Set(paths.slice(1))).toEqual(new Set(["/v1/execution/01JD8Z5K2W3X4Y5Z6A7B8C9D0E/results"]));
    expect(paths).toHaveLength(4);
    expect(fake.stats.maxInFlight).toBeGreaterThan(1);
  });

  it("the guard under its 2026 name lifts the cap too, and goes out under both names", async () => {
    const fake = fakeResults({ rows: 60_000, columns: 10 });
    const table = await client(fake.fetch).table({ executionId: "E" }, { ignore_max_credits_per_request: true });
    expectIds(table.rows, 0, 60_000);
    expect(fake.fetch.calls).toHaveLength(1);
    const sent = new URL(fake.fetch.calls[0]!.url).searchParams;
    expect(sent.get("ignore_max_credits_per_request")).toBe("true");
    expect(sent.get("ignore_max_datapoints_per_request")).toBe("true");
  });

  it("leaving the loop early aborts requests in flight", async () => {
    const fake = fakeResults({ rows: 300_000, columns: 10, turns: 3 });
    const pages = client(fake.fetch).pages({ executionId: "E" });
    for await (const page of pages) {
      if (page.offset > 0) break;
    }
    await flush(10);
    const aborted = fake.fetch.calls.filter((c) => c.signal?.aborted).length;
    expect(aborted).toBeGreaterThan(0);
    expect(fake.fetch.calls.length).toBeLessThanOrEqual(6);
  });

  it("a failing window rejects the table and stops the others", async () => {
    const fake = fakeResults({ rows: 300_000, columns: 10, turns: 3 });
    const failing: FetchLike = async (input, init) =>
      new URL(input).searchParams.get("offset") === "50000"
        ? jsonResponse(400, { error: "offset: boom" })
        : fake.fetch(input, init);
    await expect(client(failing).table({ executionId: "E" })).rejects.toBeInstanceOf(BadRequestError);
  });

  it("a next_offset that does not advance is an error, not an endless loop", async () => {
    const stuck = handlerFetch(() =>
      jsonResponse(200, {
        state: "QUERY_STATE_COMPLETED",
        is_execution_finished: true,
        next_offset: 0,
        result: { metadata: { column_names: ["a"], column_types: ["integer"], row_count: 1 }, rows: [{ a: 1 }] },
      }),
    );
    await expect(client(stuck).table({ executionId: "E" })).rejects.toBeInstanceOf(InvalidResponseError);
    expect(stuck.calls).toHaveLength(1);
  });

  it.each([
    [{ state: "QUERY_STATE_EXECUTING", is_execution_finished: false }, ExecutionPendingError],
    [{ state: "QUERY_STATE_PENDING", is_execution_finished: false }, ExecutionPendingError],
    [
      {
        state: "QUERY_STATE_FAILED",
        is_execution_finished: true,
        error: { type: "FAILED_TYPE_EXECUTION_FAILED", message: "x" },
      },
      ExecutionFailedError,
    ],
    [{ state: "QUERY_STATE_EXPIRED", is_execution_finished: true }, ExecutionFailedError],
    [{ state: "QUERY_STATE_CANCELLED", is_execution_finished: true }, CancelledError],
    [{ state: "QUERY_STATE_CANCELED", is_execution_finished: true }, CancelledError],
  ])("envelope %j → %p", async (envelope, ctor) => {
    const fetch = handlerFetch(() => jsonResponse(200, { execution_id: "E", ...envelope }));
    await expect(client(fetch).table({ executionId: "E" })).rejects.toBeInstanceOf(ctor);
  });

  it("a COMPLETED_PARTIAL page is marked partial", async () => {
    const fake = fakeResults({ rows: 10, columns: 2, state: "QUERY_STATE_COMPLETED_PARTIAL" });
    const table = await client(fake.fetch).table({ executionId: "E" }, { allow_partial_results: true });
    expect(table.partial).toBe(true);
    expect(new URL(fake.fetch.calls[0]!.url).searchParams.get("allow_partial_results")).toBe("true");
  });

  it("datasets page like executions", async () => {
    const fake = fakeResults({ rows: 40_000, columns: 10 });
    const table = await client(fake.fetch).table(
      { dataset: "dex", args: ["ethereum"] },
      { sort_by: "usd_liquidity desc" },
    );
    expectIds(table.rows, 0, 40_000);
    expect(new URL(fake.fetch.calls[0]!.url).pathname).toBe("/v1/dex/pairs/ethereum");
    expect(new URL(fake.fetch.calls[1]!.url).searchParams.get("sort_by")).toBe("usd_liquidity desc");
  });
});

describe("table over CSV pages (latest result of a query)", () => {
  it("drops later header rows, types values, and stops at the server's end", async () => {
    const fake = fakeResults({ rows: 60_000, columns: 10 });
    const table = await client(fake.fetch).table({ queryId: 1003 });
    expect(table.columns).toEqual(fake.names);
    expectIds(table.rows, 0, 60_000);
    expect(table.rows.some((row) => row[0] === "id")).toBe(false);
    expect(table.types).toEqual(["bigint", ...fake.names.slice(1).map(() => "varchar")]);
    expect(table.totalRowCount).toBeUndefined();
    // total unknown: windows are fetched ahead; at most concurrency - 1 requests past the end
    expect(fake.fetch.calls.length).toBeLessThanOrEqual(3 + 3);
    expect(new URL(fake.fetch.calls[0]!.url).pathname).toBe("/v1/query/1003/results/csv");
  });

  it("respects limit and offset", async () => {
    const fake = fakeResults({ rows: 60_000, columns: 10 });
    const table = await client(fake.fetch).table({ queryId: 1003 }, { offset: 100, limit: 30_000 });
    expectIds(table.rows, 100, 30_000);
    expect(table.hasMore).toBe(true);
  });
});
