import { readFileSync } from "node:fs";
import { join } from "node:path";
import { api } from "../../support/http";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../../support/service";

/** The real service's body for a query id that names no query (test/conformance/SOURCES.md). */
const RECORDED_QUERY_NOT_FOUND: unknown = JSON.parse(
  readFileSync(join(__dirname, "../../conformance/fixtures/error-404-query-not-found.json"), "utf8"),
);
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/;
let svc: TestService;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  svc = await startTestService();
  http = api(svc.url, svc.apiKey);
});
afterAll(() => svc.close());

async function run(queryId: number, body: unknown = {}) {
  const ack = await http.post(`/v1/query/${queryId}/execute`, body);
  expect(ack.status).toBe(200);
  const id = ack.body.execution_id as string;
  return { id, ack: ack.body, status: await waitFinished(svc.url, svc.apiKey, id) };
}

describe("E1 execute", () => {
  test("answers PENDING with a ULID-shaped execution id at once", async () => {
    const ack = await http.post("/v1/query/1002/execute", {});
    expect(ack.body).toEqual({
      execution_id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      state: "QUERY_STATE_PENDING",
    });
  });

  test("runs with every default when no body is sent", async () => {
    const ack = await http.post("/v1/query/1001/execute");
    await waitFinished(svc.url, svc.apiKey, ack.body.execution_id as string);
    const res = await http.get<{ result: { rows: { symbol: string }[] } }>(
      `/v1/execution/${ack.body.execution_id}/results`,
    );
    expect(res.body.result.rows).toHaveLength(7);
    expect(res.body.result.rows[0].symbol).toBe("WETH");
  });

  test("partial parameters keep the other defaults; query_parameters may be a JSON string", async () => {
    const a = await run(1001, { query_parameters: { symbol: "WBTC", days: 3 } });
    const b = await run(1001, { query_parameters: JSON.stringify({ symbol: "WBTC", days: "3", interval: "day" }) });
    for (const { id } of [a, b]) {
      const res = await http.get<{ result: { rows: Record<string, unknown>[] } }>(`/v1/execution/${id}/results`);
      expect(res.body.result.rows.map((r) => [r.symbol, r.period])).toEqual([
        ["WBTC", "2024-01-01"],
        ["WBTC", "2024-01-02"],
        ["WBTC", "2024-01-03"],
      ]);
    }
  });

  test("enum and date parameters change the query", async () => {
    const { id } = await run(1001, { query_parameters: { since: "2024-02-01 12:00", days: 60, interval: "month" } });
    const res = await http.get<{ result: { rows: Record<string, unknown>[] } }>(`/v1/execution/${id}/results`);
    expect(res.body.result.rows.map((r) => r.period)).toEqual(["2024-02-01", "2024-03-01"]);
  });

  test.each([
    [{ nope: 1 }, "unknown parameters (nope)"],
    [{ days: "seven" }, 'query_parameters.days: must be a finite number, got "seven"'],
    [{ days: "Infinity" }, "query_parameters.days: must be a finite number"],
    [{ since: "2024-13-01" }, "query_parameters.since: must be a date"],
    [{ since: "2024-02-30" }, "query_parameters.since: must be a date"],
    [{ since: "yesterday" }, "query_parameters.since: must be a date"],
    [{ interval: "year" }, "query_parameters.interval: must be one of day, week, month"],
    [{ symbol: { a: 1 } }, "query_parameters.symbol: must be a string or a number"],
  ])("refuses bad parameters %j", async (params, message) => {
    const res = await http.post("/v1/query/1001/execute", { query_parameters: params });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });

  test.each([
    [{ performance: "huge" }, "performance: must be small (or free), medium or large"],
    [{ extra: 1 }, "request body: unknown fields (extra)"],
    [[1, 2], "request body: must be a JSON object"],
    [{ query_parameters: "{not json" }, "query_parameters: is a string but not valid JSON"],
    [{ query_parameters: [1] }, "query_parameters: must be an object"],
  ])("refuses a bad body %j", async (body, message) => {
    const res = await http.post("/v1/query/1001/execute", body);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });

  test("malformed JSON is a 400, a body over 1 MB a 413", async () => {
    const bad = await http.post("/v1/query/1001/execute", "{oops");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("request body: is not valid JSON");
    const big = await http.post("/v1/query/1001/execute", { query_parameters: { symbol: "x".repeat(1_100_000) } });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: "request body is larger than 1 MB" });
  });

  // The real service: executing 999999999 or 0 answers 404 "Query not found" (the official TypeScript client's
  // tests/e2e/execution.spec.ts, "returns query not found error"); an id that is no positive integer names no query.
  test.each(["999999", "0", "-1", "abc", "1.5", "1e3", "12345678901234567"])(
    "query id %s names no query: 404 Query not found on every route with a query id",
    async (id) => {
      const answers = [
        await http.post(`/v1/query/${id}/execute`, {}),
        await http.get(`/v1/query/${id}`),
        await http.get(`/v1/query/${id}/results`),
        await http.get(`/v1/query/${id}/results/csv`),
      ];
      for (const res of answers) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(RECORDED_QUERY_NOT_FOUND);
      }
    },
  );

  test("large costs 20 credits, medium 10", async () => {
    const large = await run(1002, { performance: "large" });
    const medium = await run(1002, { performance: "medium" });
    expect(large.status.execution_cost_credits).toBe(20);
    expect(medium.status.execution_cost_credits).toBe(10);
  });
});

describe("states", () => {
  test("a failing query is FAILED with the engine's message", async () => {
    const { id, status } = await run(1005);
    expect(status.state).toBe("QUERY_STATE_FAILED");
    expect(status.error).toEqual({
      type: "FAILED_TYPE_EXECUTION_FAILED",
      message: expect.stringContaining("this demo query always fails"),
    });
    const res = await http.get(`/v1/execution/${id}/results`);
    expect(res.body).toMatchObject({
      state: "QUERY_STATE_FAILED",
      is_execution_finished: true,
      error: { type: "FAILED_TYPE_EXECUTION_FAILED" },
    });
    expect(res.body.result).toBeUndefined();
    const csv = await http.get(`/v1/execution/${id}/results/csv`);
    expect(csv.status).toBe(409);
    expect(csv.body.error).toContain("QUERY_STATE_FAILED and has no result");
  });

  test("cancel stops a running statement; a second cancel answers false", async () => {
    const ack = await http.post("/v1/query/1004/execute", {});
    const id = ack.body.execution_id as string;
    let state: unknown;
    for (let i = 0; i < 250; i++) {
      state = (await http.get(`/v1/execution/${id}/status`)).body.state;
      if (state === "QUERY_STATE_EXECUTING") break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(state).toBe("QUERY_STATE_EXECUTING"); // running, not still queued: the cancel below interrupts the engine
    // Column names cannot be checked before the result exists: the pending envelope still comes back.
    const pending = await http.get(`/v1/execution/${id}/results?columns=matches&limit=5`);
    expect(pending.body).toMatchObject({ state: "QUERY_STATE_EXECUTING", is_execution_finished: false });
    expect(pending.body.result).toBeUndefined();
    const started = Date.now();
    expect((await http.post(`/v1/execution/${id}/cancel`)).body).toEqual({ success: true });
    const status = await http.get(`/v1/execution/${id}/status`);
    expect(status.body).toMatchObject({
      state: "QUERY_STATE_CANCELLED",
      is_execution_finished: true,
      cancelled_at: expect.stringMatching(TIMESTAMP),
    });
    expect((await http.post(`/v1/execution/${id}/cancel`)).body).toEqual({ success: false });
    // The engine really stopped: a new run in the same tier gets a slot and completes.
    const next = await run(1002);
    expect(next.status.state).toBe("QUERY_STATE_COMPLETED");
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  test("a queued run shows its queue position and can be cancelled before it starts (no credits)", async () => {
    const slow = [];
    for (let i = 0; i < 3; i++) slow.push((await http.post("/v1/query/1004/execute", {})).body.execution_id as string);
    const queued = (await http.post("/v1/query/1002/execute", {})).body.execution_id as string;
    const status = await http.get(`/v1/execution/${queued}/status`);
    expect(status.body.state).toBe("QUERY_STATE_PENDING");
    expect(status.body.queue_position).toBeGreaterThanOrEqual(1);
    expect((await http.post(`/v1/execution/${queued}/cancel`)).body).toEqual({ success: true });
    const after = await http.get(`/v1/execution/${queued}/status`);
    expect(after.body).toMatchObject({ state: "QUERY_STATE_CANCELLED", execution_cost_credits: 0 });
    for (const id of slow) await http.post(`/v1/execution/${id}/cancel`);
  });

  test("cancelling a completed run answers false and changes nothing", async () => {
    const { id } = await run(1002);
    expect((await http.post(`/v1/execution/${id}/cancel`)).body).toEqual({ success: false });
    expect((await http.get(`/v1/execution/${id}/status`)).body.state).toBe("QUERY_STATE_COMPLETED");
  });
});

describe("E2 results", () => {
  test("the envelope carries every field of the spec", async () => {
    const { id } = await run(1002);
    const res = await http.get<Record<string, any>>(`/v1/execution/${id}/results?limit=10&offset=5`);
    const b = res.body;
    for (const f of [
      "execution_id",
      "query_id",
      "state",
      "is_execution_finished",
      "submitted_at",
      "execution_started_at",
      "execution_ended_at",
      "expires_at",
      "next_offset",
      "next_uri",
      "result",
    ]) {
      expect(b).toHaveProperty(f);
    }
    for (const f of ["submitted_at", "execution_started_at", "execution_ended_at", "expires_at"])
      expect(b[f]).toMatch(TIMESTAMP);
    expect(Date.parse(b.expires_at) - Date.parse(b.execution_ended_at)).toBe(90 * 86_400_000);
    expect(b.cancelled_at).toBeUndefined();
    expect(b.result.metadata).toEqual({
      column_names: ["trade_id", "block_time", "project", "token_bought", "token_sold", "amount_usd", "tx_hash"],
      column_types: ["bigint", "timestamp", "varchar", "varchar", "varchar", "double", "varchar"],
      datapoint_count: 70,
      execution_time_millis: expect.any(Number),
      pending_time_millis: expect.any(Number),
      result_set_bytes: Buffer.byteLength(JSON.stringify(b.result.rows)),
      row_count: 10,
      total_result_set_bytes: expect.any(Number),
      total_row_count: 500,
    });
    expect(b.result.rows.map((r: { trade_id: number }) => r.trade_id)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(b.next_offset).toBe(15);
    const next = new URL(b.next_uri);
    expect(next.pathname).toBe(`/v1/execution/${id}/results`);
    expect(Object.fromEntries(next.searchParams)).toEqual({ offset: "15", limit: "10" });
  });

  test("an offset past the end is an empty page, not an error; the last page has no next", async () => {
    const { id } = await run(1002);
    const past = await http.get<Record<string, any>>(`/v1/execution/${id}/results?offset=10000`);
    expect(past.status).toBe(200);
    expect(past.body.result.rows).toEqual([]);
    expect(past.body.next_offset).toBeUndefined();
    const last = await http.get<Record<string, any>>(`/v1/execution/${id}/results?offset=495&limit=10`);
    expect(last.body.result.rows).toHaveLength(5);
    expect(last.body.next_uri).toBeUndefined();
  });

  test("wide integers arrive as strings, exact ones as numbers; arrays as arrays; nulls as null", async () => {
    const { id } = await run(1008);
    const res = await http.get<Record<string, any>>(`/v1/execution/${id}/results`);
    const rows = res.body.result.rows;
    expect(rows[0]).toMatchObject({
      hex_text: "0x00ab",
      code_text: "00123",
      wide_int: "12345678901234567890",
      big_int: "9007199254740993",
      tags: ["a", "b"],
    });
    expect(rows[1]).toMatchObject({ big_int: 42, wide_int: "42", tags: [] });
    expect(rows[2]).toMatchObject({ flag: null, tags: null, big_int: "-9007199254740993" });
    expect(rows[4]).toMatchObject({ hex_text: "", note: null });
    expect(res.body.result.metadata.column_types).toEqual([
      "integer",
      "varchar",
      "varchar",
      "decimal(20,0)",
      "bigint",
      "double",
      "double",
      "varchar",
      "boolean",
      "array(varchar)",
    ]);
  });

  test("ids: malformed → 400 with the spec's message, unknown → 404, mismatching execution_id parameter → 400", async () => {
    const bad = await http.get("/v1/execution/not-an-id/results");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("The requested execution ID (ID: not-an-id) is invalid.");
    const unknown = await http.get("/v1/execution/01ARZ3NDEKTSV4RRFFQ69G5FAV/results");
    expect(unknown.status).toBe(404);
    const { id } = await run(1002);
    expect((await http.get(`/v1/execution/${id}/results?execution_id=${id}&limit=1`)).status).toBe(200);
    const clash = await http.get(`/v1/execution/${id}/results?execution_id=01ARZ3NDEKTSV4RRFFQ69G5FAV`);
    expect(clash.status).toBe(400);
    expect(clash.body.error).toContain("execution_id:");
  });

  test.each([
    ["limit=-1", "limit: must be a whole number from 0 to"],
    ["offset=abc", "offset: must be a whole number"],
    ["allow_partial_results=maybe", "allow_partial_results: must be true or false"],
    ["limit=1&limit=2", "limit: given more than once"],
    ["sample_count=5&offset=1", "sample_count: cannot be combined with offset"],
    ["columns=nope", 'columns: unknown column "nope"'],
  ])("bad shared parameter %s → 400 naming it", async (qs, message) => {
    const { id } = await run(1002);
    const res = await http.get(`/v1/execution/${id}/results?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });
});

describe("E3 and E5 CSV", () => {
  test("header row, RFC 4180 quoting, newline after every line, null empty and empty string quoted", async () => {
    const { id } = await run(1008);
    const res = await http.get(`/v1/execution/${id}/results/csv`);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.text).toBe(
      "id,hex_text,code_text,wide_int,big_int,small_double,odd_double,note,flag,tags\n" +
        '1,0x00ab,00123,12345678901234567890,9007199254740993,1.5,0.1,plain,true,"[""a"",""b""]"\n' +
        '2,0xdeadbeef,007,42,42,-2.25,1e+21,"with ""quotes""",false,[]\n' +
        '3,TRUE,1e5,-1,-9007199254740993,3.0,123456789.123,"comma, inside",,\n' +
        '4,2018-12-31,=1+1,0,0,,1e-07,"line\nbreak",true,"[""x,y"",""z\\""w""]"\n' +
        '5,"",-1+1,,,0.0,100.0,,false,"[""only""]"\n',
    );
  });

  test("every page has the header; the next page is in X-Service-Next-* headers", async () => {
    const { id } = await run(1002);
    const res = await http.get(`/v1/execution/${id}/results/csv?limit=2&offset=3&columns=trade_id,project`);
    expect(res.text).toBe("trade_id,project\n3,sushiswap\n4,uniswap\n");
    expect(res.headers.get("x-service-next-offset")).toBe("5");
    expect(new URL(res.headers.get("x-service-next-uri") as string).search).toBe(
      "?columns=trade_id%2Cproject&offset=5&limit=2",
    );
    const last = await http.get(`/v1/execution/${id}/results/csv?offset=499`);
    expect(last.headers.get("x-service-next-offset")).toBeNull();
  });

  test("E5 serves the latest completed run of the query, whoever ran it", async () => {
    await run(1001, { query_parameters: { symbol: "ARB", days: 1 } });
    const bob = api(svc.url, TEST_KEYS.bob);
    const second = await bob.post("/v1/query/1001/execute", { query_parameters: { symbol: "UNI", days: 2 } });
    await waitFinished(svc.url, TEST_KEYS.bob, second.body.execution_id as string);
    const res = await http.get("/v1/query/1001/results/csv?queryID=1001");
    expect(
      res.text
        .split("\n")
        .slice(1, 3)
        .map((l) => l.split(",")[0]),
    ).toEqual(["UNI", "UNI"]);
    expect((await http.get("/v1/query/1001/results/csv?queryID=7")).status).toBe(400);
  });

  test("E5 of a query without a result is a 404", async () => {
    const res = await http.get("/v1/query/1006/results/csv");
    expect(res.status).toBe(404);
  });
});
