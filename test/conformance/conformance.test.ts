import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  ExecutionFailedError,
  InvalidArgumentError,
  ServiceClient,
  inflightLimitOf,
  isBadRequestError,
  isCancelledError,
  isCreditLimitError,
  isExecutionFailedError,
  isExecutionPendingError,
  isForbiddenError,
  isNotFoundError,
  isPartialResultError,
  isRateLimitedError,
  isRedirectError,
  isServerError,
  isUnauthorizedError,
  type FetchLike,
} from "../../src/client";
import { cellFailure, formatStatus } from "../../src/service-cells";
import { serialFromUtcMs, toSheetMatrix } from "../../src/sheet";

/**
 * The conformance suite: response bodies recorded from the real service (test/conformance/SOURCES.md says where each
 * comes from) driven through the client with an injected fetch, then through the cell mapping. Each row pins what a
 * user sees: values and their types, the error and its message, and the requests made.
 */
const FIXTURES = join(__dirname, "fixtures");
const body = (file: string) => readFileSync(join(FIXTURES, file), "utf8");
const BASE = "https://api.example.test";
const KEY = "conformance-key-123456";

interface Served {
  client: ServiceClient;
  requests: { method: string; url: string; key: string | null }[];
}

/** A client whose every request is answered with one fixture (status and type as the real service sends them). */
function serve(file: string, status = 200, headers: Record<string, string> = {}): Served {
  const requests: Served["requests"] = [];
  const type = file.endsWith(".csv")
    ? "text/csv"
    : file.endsWith(".html")
      ? "text/html; charset=utf-8"
      : "application/json";
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input as string, init as RequestInit);
    requests.push({ method: request.method, url: request.url, key: request.headers.get("X-Service-Api-Key") });
    return new Response(body(file), { status, headers: { "content-type": type, ...headers } });
  };
  return { client: new ServiceClient({ apiKey: KEY, baseUrl: BASE, fetch, retry: false }), requests };
}

function expectOneRequest(served: Served, method: string, path: string): void {
  expect(served.requests).toHaveLength(1);
  const [only] = served.requests;
  expect(only!.method).toBe(method);
  expect(new URL(only!.url).pathname).toBe(path);
  expect(only!.key).toBe(KEY);
  expect(only!.url).not.toContain(KEY);
}

const EXCEL = { headers: true, timestamps: "excel-date" } as const;

describe("status bodies: finished-ness from the state when the flag is missing, and the STATUS cell's text", () => {
  // "now" is a day after every run in these fixtures: a finished run must show its own duration, not a day.
  const NOW = Date.parse("2024-12-21T11:04:18Z");
  test.each([
    ["status-executing-epoch-expiry.json", "QUERY_STATE_EXECUTING", false, /^EXECUTING \(\d+ h \d\d min\)$/],
    ["status-executing-no-expiry.json", "QUERY_STATE_EXECUTING", false, /^EXECUTING \(\d+ h \d\d min\)$/],
    ["status-executing-with-end.json", "QUERY_STATE_EXECUTING", false, /^EXECUTING \(\d+ h \d\d min\)$/],
    ["status-completed-no-column-types.json", "QUERY_STATE_COMPLETED", true, /^COMPLETED \(3 min 16 s\)$/],
    ["status-completed-placeholder-types.json", "QUERY_STATE_COMPLETED", true, /^COMPLETED \(0\.9 s\)$/],
    ["status-completed-varchar-2022.json", "QUERY_STATE_COMPLETED", true, /^COMPLETED \(1\.9 s\)$/],
    ["status-completed-openapi.json", "QUERY_STATE_COMPLETED", true, /^COMPLETED \(0\.0 s\)$/],
    [
      "status-failed-error-position.json",
      "QUERY_STATE_FAILED",
      true,
      /^FAILED \(0\.9 s\): line 24:13: Binary literal can only contain hexadecimal digits$/,
    ],
    // The schema's examples say 5 in progress of 3 allowed: the run waits for a slot.
    [
      "status-pending-queue-position.json",
      "QUERY_STATE_PENDING",
      false,
      /^WAITING \(queue position 1, \d+ h.*\): Too many executions in progress \(5 in progress; 3 may run at once\)/,
    ],
    ["status-cancelled-2022.json", "QUERY_STATE_CANCELLED", true, /^CANCELLED \(1\.0 s\)$/],
    ["status-canceled-docs-spelling.json", "QUERY_STATE_CANCELLED", true, /^CANCELLED \(1\.0 s\)$/],
    ["status-expired.json", "QUERY_STATE_EXPIRED", true, /^EXPIRED$/],
    ["status-completed-cost-2025.json", "QUERY_STATE_COMPLETED", true, /^COMPLETED \(10 s\)$/],
    [
      "status-failed-cost-error-2025.json",
      "QUERY_STATE_FAILED",
      true,
      /^FAILED: line 1:8: Column 'x' cannot be resolved/,
    ],
    ["status-executing-go-zero-expiry.json", "QUERY_STATE_EXECUTING", false, /^EXECUTING \(\d+ h \d\d min\)$/],
    ["status-sql-execution-query-id-0.json", "QUERY_STATE_COMPLETED", true, /^COMPLETED \(10 s\)$/],
    // Three in progress of three: the cell names the wait and what to do.
    [
      "status-sql-execution-no-query-id.json",
      "QUERY_STATE_PENDING",
      false,
      /^WAITING \(queue position 2, .*\): Too many executions in progress \(3 in progress; 3 may run at once\)/,
    ],
  ] as const)("%s → %s, finished %s", async (file, state, finished, cell) => {
    const served = serve(file);
    const status = await served.client.status("01GBM4W2N0NMCGPZYW8AYK4YF1");
    expectOneRequest(served, "GET", "/v1/execution/01GBM4W2N0NMCGPZYW8AYK4YF1/status");
    expect(status.state).toBe(state);
    expect(status.is_execution_finished).toBe(finished);
    expect(formatStatus(status, NOW, true)).toMatch(cell);
  });

  test.each([
    // [file, execution_cost_credits, query_id, expires_at, too many in flight]
    ["status-completed-cost-2025.json", 10, 3493826, "2026-01-20T10:31:04.36241Z", undefined],
    ["status-failed-cost-error-2025.json", 0, 6012998, "2026-01-20T10:31:04.36241Z", undefined],
    ["status-completed-openapi.json", 10, 1234, "2024-12-20T11:04:18.724658237Z", undefined],
    ["status-executing-epoch-expiry.json", undefined, 980708, undefined, undefined],
    ["status-executing-go-zero-expiry.json", undefined, 980708, undefined, undefined],
    ["status-executing-no-expiry.json", undefined, expect.any(Number), undefined, undefined],
    ["status-sql-execution-query-id-0.json", 10, undefined, "2026-01-20T10:31:04.36241Z", undefined],
    ["status-sql-execution-no-query-id.json", undefined, undefined, undefined, { inFlight: 3, limit: 3 }],
    ["status-pending-queue-position.json", undefined, 1234, undefined, { inFlight: 5, limit: 3 }],
  ] as const)("%s: cost %p, query id %p, expiry %p, in flight %j", async (file, cost, queryId, expires, inflight) => {
    const status = await serve(file).client.status("E");
    expect(status.execution_cost_credits).toEqual(cost);
    expect(status.query_id).toEqual(queryId);
    // A zero time (1970 or year 1) is "not known yet": never shown as a date.
    expect(status.expires_at).toEqual(expires);
    const limit = inflightLimitOf(status);
    if (inflight === undefined) expect(limit).toBeUndefined();
    else {
      expect(limit).toMatchObject(inflight);
      expect(limit!.userMessage).toMatch(/wait for a run to finish or cancel one/i);
    }
  });

  test("a completed status from before column types were sent still lists its columns", async () => {
    const status = await serve("status-completed-no-column-types.json").client.status("E");
    expect(status.result_metadata?.column_names).toEqual(["ct", "TableName"]);
  });
});

describe("results pages: values, types and cells", () => {
  test.each([
    ["results-completed-no-column-types.json", ["ct", "TableName"], ["bigint", "varchar"], [6296, "eth_blocks"], 8],
    ["results-placeholder-types.json", ["ct", "TableName"], ["bigint", "varchar"], [6296, "eth_blocks"], 2],
    [
      "results-latest-flat-metadata.json",
      ["24 Hours Volume", "7 Days Volume", "Rank", "Total Volume", "project"],
      ["double", "double", "bigint", "double", "varchar"],
      [10501366.303435229, 83500570.47565666, 1, 35184444503.17035, "opensea"],
      3,
    ],
    [
      "results-parameters-as-text.json",
      ["text_field", "number_field", "date_field", "list_field"],
      ["varchar", "varchar", "varchar", "varchar"],
      ["Plain Text", "3.1415926535", "2022-05-04 00:00:00", "Option 1"],
      1,
    ],
  ] as const)("%s: columns, types, first row and row count", async (file, columns, types, first, rows) => {
    const served = serve(file);
    const table = await served.client.table({ executionId: "01GBM4W2N0NMCGPZYW8AYK4YF1" });
    expect(served.requests).toHaveLength(1);
    expect(table.columns).toEqual(columns);
    expect(table.types).toEqual(types);
    expect(table.rows[0]).toEqual(first);
    expect(table.rows).toHaveLength(rows);
    // Numbers land as numbers (SUM works on them); a declared varchar stays text.
    const cells = toSheetMatrix(table, { headers: true, timestamps: "text" });
    expect(cells[1]).toEqual(first.map((v) => v));
  });

  test("with Excel dates asked for, timestamps sent as text become dates as declared ones do", async () => {
    // The date parameter echoed as varchar, in a body without timestamps declared: a date, the other fields as sent.
    const parameters = await serve("results-parameters-as-text.json").client.table({ executionId: "E" });
    expect(toSheetMatrix(parameters, EXCEL)[1]).toEqual(["Plain Text", "3.1415926535", 44685, "Option 1"]);
    // The documented status body's times, as a page without column_types carries them.
    const status = JSON.parse(body("status-completed-no-column-types.json")) as Record<string, string>;
    const times = [status.submitted_at!, status.execution_ended_at!];
    const untyped = { columns: ["submitted_at", "execution_ended_at"], types: [], rows: [times] };
    const [dates] = toSheetMatrix(untyped, { ...EXCEL, headers: false });
    // Date.parse keeps milliseconds, the serial the microseconds too: equal within a millisecond (1.2e-8 days).
    expect(dates).toEqual(times.map((t) => expect.closeTo(serialFromUtcMs(Date.parse(t))!, 7)));
  });

  test("the engine's types: integers of any width exact or as full-digit text, timestamps as dates, hex, arrays, nested", async () => {
    const table = await serve("results-engine-types.json").client.table({ executionId: "E" });
    expect(table.types).toContain("uint256");
    const [header, first, second] = toSheetMatrix(table, EXCEL);
    const at = (row: unknown[] | undefined, column: string) => row![header!.indexOf(column)];
    expect(at(first, "block_time")).toBeCloseTo(45415.60290509259, 9); // 2024-05-03 14:28:11 UTC
    expect(at(first, "settled_at")).toBeCloseTo(45415.60290509259, 9); // the same instant written ISO …Z
    expect(at(first, "day")).toBe(45415);
    expect(at(first, "amount_raw")).toBe(
      "'115792089237316195423570985008687907853269984665640564039457584007913129639935",
    );
    expect(at(first, "balance")).toBe(-42); // int256 sent as text, exact: a number
    expect(at(second, "amount_raw")).toBe(1000000);
    expect(at(second, "balance")).toBe("'123456789012345678"); // 18 digits: Excel would round it
    expect(at(first, "value_usd")).toBe(1234.5);
    expect(at(first, "fee")).toBe(38300000000);
    expect(at(first, "tx_hash")).toBe("0x5d4020b9261f01b6f8a45db929704b0ad6f5e9e6");
    expect(at(first, "tokens")).toBe("WETH, USDC");
    expect(at(first, "pool")).toBe('{"token0":"0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2","fee":500}');
    expect(at(first, "labels")).toBe('{"swaps":12}');
    expect(at(first, "block_number")).toBe(19790000); // BIGINT, upper case
    expect(at(second, "evt_index")).toBe("");
  });

  test("a dataset column declared VARCHAR whose values are JSON arrays lands as a joined list (DEX pairs, 2024)", async () => {
    const served = serve("results-dex-pairs-varchar-arrays-2024.json");
    const table = await served.client.table({ dataset: "dex", args: ["ethereum"] }, { limit: 10 });
    expectOneRequest(served, "GET", "/v1/dex/pairs/ethereum");
    expect(table.types.slice(0, 4)).toEqual(["VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR"]);
    expect(table.rowCount).toBe(10);
    expect(table.totalRowCount).toBe(589932);
    const [header, ...rows] = toSheetMatrix(table, EXCEL);
    const at = (row: unknown[] | undefined, column: string) => row![header!.indexOf(column)];
    const bnt = rows.find((row) => at(row, "token_pair") === "BNT-USDC");
    expect(at(bnt, "projects")).toBe("bancor, 0x API, carbon_defi");
    expect(String(at(bnt, "pool_ids")).split(", ")).toHaveLength(7);
    expect(at(bnt, "pool_ids")).toMatch(/^0xdef1c0ded9bec7f1a1670819833240f027b25eff, 0x3ab6564d/);
    expect(at(bnt, "usd_liquidity")).toBe(384364.36625934794);
    for (const row of rows) expect(String(at(row, "projects"))).not.toMatch(/^\[/);
  });

  test("a page with a next offset: the envelope as sent, the wide bigint kept whole in its cell", async () => {
    const served = serve("results-openapi-next-page.json");
    const envelope = await served.client.results("01HKZJ2683PHF9Q9PHHQ8FW4Q1", { limit: 2 });
    expect(envelope.next_offset).toBe(100);
    expect(envelope.is_execution_finished).toBe(true);
    const table = {
      columns: envelope.result!.metadata.column_names,
      types: envelope.result!.metadata.column_types,
      rows: envelope.result!.rows.map((r) => envelope.result!.metadata.column_names.map((c) => r[c])),
    };
    expect(toSheetMatrix(table, EXCEL).slice(1)).toEqual([
      [1, "uniswap", "'98765432109876543210"],
      [2, "curve", 12345],
    ]);
  });
});

describe("CSV bodies: numbers stay numbers (exponent forms, <nil> nulls, no final newline)", () => {
  test.each([
    ["csv-numbers.csv", ["number"], ["bigint"], [[0], [1], [2]]],
    [
      "csv-parameters.csv",
      ["text_field", "number_field", "date_field", "list_field"],
      ["varchar", "double", "varchar", "varchar"],
      [["Plain Text", 3.1415926535, "2022-05-04 00:00:00", "Option 1"]],
    ],
    [
      "csv-tables.csv",
      ["TableName", "ct"],
      ["varchar", "bigint"],
      [
        ["eth_blocks", 6296],
        ["eth_traces", 4474223],
      ],
    ],
    [
      "csv-nil-exponent-no-final-newline.csv",
      ["project", "volume_usd", "trades", "fee"],
      ["varchar", "double", "bigint", "double"],
      [
        ["uniswap", 38300000000, 120973, ""],
        ["curve", "", 6296, 0.5],
        ["balancer", 0.000012, "", 1e21],
      ],
    ],
    [
      // The documented body's doubles as the CSV writes them (shortest round-trip text, exponent from 1e+06):
      // the same numbers as its JSON, 17 significant digits included.
      "csv-latest-doubles-go-form.csv",
      ["project", "Rank", "24 Hours Volume", "7 Days Volume", "Total Volume"],
      ["varchar", "bigint", "double", "double", "double"],
      [
        ["opensea", 1, 10501366.303435229, 83500570.47565666, 35184444503.17035],
        ["x2y2", 2, 2905815.0342120747, 34792342.84606525, 4897580325.593282],
        ["blur", 3, 21859216.193396263, 256722523.89635494, 4037590713.6422567],
      ],
    ],
  ] as const)("%s", async (file, columns, types, rows) => {
    const served = serve(file);
    const table = await served.client.table({ queryId: 1252207 });
    expectOneRequest(served, "GET", "/v1/query/1252207/results/csv");
    expect(table.columns).toEqual(columns);
    expect(table.types).toEqual(types);
    expect(table.rows).toEqual(rows);
  });
});

describe("a saved query and its declared parameters (GET /v1/query/{id})", () => {
  test("the documented query: name, owner, SQL, and its number parameter", async () => {
    const served = serve("query-object-2024.json");
    const query = await served.client.query(60066);
    expectOneRequest(served, "GET", "/v1/query/60066");
    expect(query).toMatchObject({
      query_id: 60066,
      name: "Ethereum transactions",
      description: "Returns ethereum transactions starting from the oldest by block time",
      owner: "dzebedaje",
      is_private: false,
      is_archived: false,
      tags: ["ethereum", "transactions"],
      version: 15,
    });
    expect(query.query_sql).toMatch(/limit \{\{limit\}\};$/);
    expect(query.parameters).toEqual([{ key: "limit", type: "number", wireType: "number", value: "5" }]);
  });

  test("the four documented parameter types: datetime is a date, enum options kept, values as text", async () => {
    const query = await serve("query-parameters-four-types.json").client.query(60066);
    expect(query.parameters.map((p) => [p.key, p.type, p.wireType, p.value])).toEqual([
      ["block_time_start", "date", "datetime", "2017-01-01 00:00:00"],
      ["from", "text", "text", "0xae2fc483527b8ef99eb5d9b44875f005ba1fae13"],
      ["limit", "number", "number", "20"],
      ["type", "enum", "enum", "DynamicFee"],
    ]);
    expect(query.parameters[3]!.enumOptions).toEqual(["DynamicFee", "Legacy"]);
  });

  test("a multi-select enum keeps its defaults and options", async () => {
    const query = await serve("query-parameter-multiselect.json").client.query(60066);
    expect(query.is_private).toBe(true);
    expect(query.parameters).toEqual([
      {
        key: "chains",
        type: "enum",
        wireType: "enum",
        value: "ethereum",
        values: ["ethereum", "base"],
        enumOptions: ["ethereum", "base", "optimism"],
        isMultiselect: true,
        description: "Chains to include",
      },
    ]);
  });

  test.each([
    ["error-403-archived-or-permissions.json", 403, isForbiddenError],
    ["error-404-object-not-found.json", 404, isNotFoundError],
    ["error-401-invalid-api-key.json", 401, isUnauthorizedError],
  ] as const)("where the queries endpoint is not available: %s", async (file, status, guard) => {
    const error = await serve(file, status)
      .client.query(60066)
      .catch((e: unknown) => e);
    expect(guard(error)).toBe(true);
  });
});

describe("a query's latest result as JSON (GET /v1/query/{id}/results)", () => {
  test("one page, typed by the service, with the run it came from", async () => {
    const served = serve("results-dex-pairs-varchar-arrays-2024.json");
    const envelope = await served.client.latestResults(3568055, { limit: 10 });
    expect(served.requests).toHaveLength(1);
    expect(new URL(served.requests[0]!.url).pathname).toBe("/v1/query/3568055/results");
    expect(new URL(served.requests[0]!.url).searchParams.get("limit")).toBe("10");
    expect(envelope.execution_id).toBe("01HW6N7VF1H7VYQ91GC0NP673E");
    expect(envelope.execution_ended_at).toBe("2024-04-23T23:39:29.389539Z");
    expect(envelope.result!.metadata.total_row_count).toBe(589932);
  });

  test("as a table source: the first page from the latest result, the next from that same run", async () => {
    const urls: URL[] = [];
    const page = JSON.parse(body("results-dex-pairs-varchar-arrays-2024.json")) as Record<string, unknown>;
    const fetch: FetchLike = async (input) => {
      const url = new URL(input);
      urls.push(url);
      // The recorded page, with the next offset a server would give for the window asked.
      const next = Number(url.searchParams.get("offset") ?? 0) + 10;
      return new Response(JSON.stringify({ ...page, next_offset: next }), { status: 200 });
    };
    const client = new ServiceClient({ apiKey: KEY, baseUrl: BASE, fetch, retry: false });
    const table = await client.table({ queryId: 3568055, format: "json" }, { limit: 20 });
    expect(urls.map((u) => u.pathname)).toEqual([
      "/v1/query/3568055/results",
      "/v1/execution/01HW6N7VF1H7VYQ91GC0NP673E/results",
    ]);
    expect(urls[1]!.searchParams.get("offset")).toBe("10");
    expect(table.rowCount).toBe(20);
    expect(table.executionId).toBe("01HW6N7VF1H7VYQ91GC0NP673E");
    const [header, first] = toSheetMatrix(table, EXCEL);
    expect(first![header!.indexOf("projects")]).toMatch(/^curve, carbon_defi, uniswap/);
  });

  test("the CSV source stays the default for { queryId }", async () => {
    const served = serve("csv-tables.csv");
    await served.client.table({ queryId: 1252207 });
    expectOneRequest(served, "GET", "/v1/query/1252207/results/csv");
  });
});

describe("usage (POST /v1/usage)", () => {
  test.each([
    ["usage-billing-periods.json", "billing_periods, as the service sends it"],
    ["usage-docs-example.json", "billingPeriods, as the documentation's example writes it"],
  ])("%s: %s", async (file) => {
    const served = serve(file);
    const usage = await served.client.usage();
    expectOneRequest(served, "POST", "/v1/usage");
    expect(usage).toEqual({
      billing_periods: [
        { start_date: "2025-01-01", end_date: "2025-02-01", credits_used: 100.1, credits_included: 100000 },
      ],
      private_queries: 100,
      private_dashboards: 100,
      bytes_used: 1000,
      bytes_allowed: 10101,
    });
  });
});

describe("acknowledgements", () => {
  test("execute answers the id and PENDING", async () => {
    const served = serve("execute-ack-pending.json");
    expect(await served.client.execute(1252207)).toEqual({
      execution_id: "01GB1Y2MRA4C9PNQ0EQYVT4K6R",
      state: "QUERY_STATE_PENDING",
    });
    expectOneRequest(served, "POST", "/v1/query/1252207/execute");
  });

  test("cancel answers success", async () => {
    const served = serve("cancel-success.json");
    expect(await served.client.cancel("01GB1Y2MRA4C9PNQ0EQYVT4K6R")).toBe(true);
    expectOneRequest(served, "POST", "/v1/execution/01GB1Y2MRA4C9PNQ0EQYVT4K6R/cancel");
  });
});

test('the id the recorded 400 answered ("Wonky Job ID") is refused before any request: an id holds no spaces', async () => {
  const served = serve("error-400-invalid-execution-id.json", 400);
  const error = await served.client.status("Wonky Job ID").then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidArgumentError);
  expect(served.requests).toHaveLength(0);
});

type Call = (client: ServiceClient) => Promise<unknown>;
// The recorded 400 answered the id "Wonky Job ID"; the client now refuses such an id before asking (below), so the
// recorded answers are served to a well-formed id.
const STATUS: Call = (c) => c.status("01HKZJ2683PHF9Q9PHHQ8FW4Q1");
const EXECUTE: Call = (c) => c.execute(1215383);
const RESULTS: Call = (c) => c.results("01HKZJ2683PHF9Q9PHHQ8FW4Q1");
const CSV: Call = (c) => c.resultsCsv("01HKZJ2683PHF9Q9PHHQ8FW4Q1");
const TABLE: Call = (c) => c.table({ executionId: "01GEHG4AY1Z9JBR3BYB20E7RGH" });
const LATEST_CSV: Call = (c) => c.table({ queryId: 1229120 });

describe("errors: the class, the user's message, and what a cell shows", () => {
  test.each([
    [
      "error-400-invalid-execution-id.json",
      400,
      STATUS,
      isBadRequestError,
      /^The requested execution ID \(ID: Wonky Job ID\) is invalid\.$/,
      "#VALUE!",
    ],
    ["error-400-unknown-parameters.json", 400, EXECUTE, isBadRequestError, /^unknown parameters/, "#VALUE!"],
    ["error-400-partial-result.json", 400, RESULTS, isPartialResultError, /allow partial results/, "#VALUE!"],
    ["error-400-partial-result-allow.json", 400, RESULTS, isPartialResultError, /allow partial results/, "#VALUE!"],
    ["error-401-invalid-api-key.json", 401, STATUS, isUnauthorizedError, /^Invalid or missing API key\.$/, "#VALUE!"],
    [
      "error-402-billing-cycle.json",
      402,
      EXECUTE,
      isCreditLimitError,
      /^Credit limit reached for this billing cycle: raise the limit/,
      "#VALUE!",
    ],
    ["error-402-per-request.json", 402, RESULTS, isCreditLimitError, /^Credit limit per request reached/, "#VALUE!"],
    [
      "error-403-archived-or-permissions.json",
      403,
      EXECUTE,
      isForbiddenError,
      /^Not allowed to execute query\. Query is archived, unsaved or not enough permissions$/,
      "#VALUE!",
    ],
    ["error-404-query-not-found.json", 404, EXECUTE, isNotFoundError, /^Query not found$/, "#N/A"],
    ["error-404-object-not-found.json", 404, RESULTS, isNotFoundError, /^Object not found$/, "#N/A"],
    ["error-409-csv-not-finished.json", 409, CSV, isExecutionPendingError, /still running/, "#N/A"],
    ["error-429-rate-limited.json", 429, STATUS, isRateLimitedError, /^Too many requests/, "#N/A"],
    ["error-500-internal.json", 500, STATUS, isServerError, /^The service failed \(500\)/, "#N/A"],
    [
      "results-failed-error-position.json",
      200,
      TABLE,
      isExecutionFailedError,
      /column "x" does not exist at line 1, position 8/,
      "#N/A",
    ],
    ["results-failed-no-position.json", 200, TABLE, isExecutionFailedError, /^Query failed: \{42000\}/, "#N/A"],
    ["results-cancelled-2022.json", 200, TABLE, isCancelledError, /^Cancelled\.$/, "#N/A"],
    ["results-canceled-docs-spelling.json", 200, TABLE, isCancelledError, /^Cancelled\.$/, "#N/A"],
    ["error-409-csv-cancelled.json", 409, CSV, isCancelledError, /^Cancelled\.$/, "#N/A"],
    ["error-409-csv-canceled-latest.json", 409, LATEST_CSV, isCancelledError, /^Cancelled\.$/, "#N/A"],
    ["results-cancelled-2022.json", 409, CSV, isCancelledError, /^Cancelled\.$/, "#N/A"],
  ] as const)("%s (%i)", async (file, status, call, guard, message, cellCode) => {
    const served = serve(file, status);
    const error = await call(served.client).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(guard(error)).toBe(true);
    expect((error as { userMessage: string }).userMessage).toMatch(message);
    expect(served.requests).toHaveLength(1);
    expect(JSON.stringify(error)).not.toContain(KEY);
    const cell = cellFailure(error);
    expect(cell.code === "invalidValue" ? "#VALUE!" : "#N/A").toBe(cellCode);
    expect(cell.message).not.toContain(KEY);
  });

  test("a failed run's line and column are put in front when its message does not say them", async () => {
    const served = serve("status-failed-error-position.json");
    const status = await served.client.status("E");
    const error = new ExecutionFailedError({
      executionId: "E",
      state: status.state,
      error: { ...status.error!, message: "Binary literal can only contain hexadecimal digits" },
    });
    expect(error.userMessage).toBe(
      "Query failed: line 24, column 13: Binary literal can only contain hexadecimal digits",
    );
  });

  test("a 409 on a cancelled run's CSV names the run, from the path or the body, whichever spelling", async () => {
    const byExecution = await CSV(serve("error-409-csv-cancelled.json", 409).client).catch((e: unknown) => e);
    const byQuery = await LATEST_CSV(serve("error-409-csv-canceled-latest.json", 409).client).catch((e: unknown) => e);
    const bare = await CSV(serve("results-cancelled-2022.json", 409).client).catch((e: unknown) => e);
    expect((byExecution as { executionId: string }).executionId).toBe("01HKZJ2683PHF9Q9PHHQ8FW4Q1");
    expect((byQuery as { executionId: string }).executionId).toBe("01GEHEC1W8P1V5ENF66R2WY54V");
    // A body without an `error` text is not shown raw: the message says what happened.
    expect((bare as Error).message).not.toContain("{");
    expect((bare as Error).message).toMatch(/cancelled/);
  });

  test("a 301 for a path with a trailing slash is not followed, and the message names the slash", async () => {
    const requests: string[] = [];
    const fetch: FetchLike = async (input) => {
      requests.push(input);
      // The service saw a slash at the end (a proxy's rule, say) and points back at the path without it.
      return new Response(body("error-301-trailing-slash.html"), {
        status: 301,
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    };
    const client = new ServiceClient({ apiKey: KEY, baseUrl: `${BASE}/api/v1/`, fetch, retry: false });
    const error = await client.results("01GZE567WK578FP9E9EGKEKQQE").catch((e: unknown) => e);
    expect(requests).toHaveLength(1);
    expect(isRedirectError(error)).toBe(true);
    expect((error as { trailingSlash: boolean }).trailingSlash).toBe(true);
    expect((error as { userMessage: string }).userMessage).toMatch(/path that ends in a slash \(301\)/);
    expect(cellFailure(error).message).toMatch(/slash/);
    expect(JSON.stringify(error)).not.toContain(KEY);
  });

  test("402 says which limit: the billing cycle's or the request's", async () => {
    const cycle = await serve("error-402-billing-cycle.json", 402)
      .client.execute(1)
      .catch((e: unknown) => e);
    const request = await serve("error-402-per-request.json", 402)
      .client.execute(1)
      .catch((e: unknown) => e);
    expect((cycle as { limit: string }).limit).toBe("billing-cycle");
    expect((request as { limit: string }).limit).toBe("request");
    expect(cellFailure(cycle).message).toMatch(/billing cycle/);
  });
});
