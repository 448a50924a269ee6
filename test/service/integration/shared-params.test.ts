import { api } from "../../support/http";
import { startTestService, waitFinished, type TestService } from "../../support/service";

interface Envelope {
  next_offset?: number;
  next_uri?: string;
  result: { metadata: Record<string, any>; rows: Record<string, any>[] };
}

let svc: TestService;
let http: ReturnType<typeof api>;
let big: string; // 1003: 1,000,000 x 10
let trades: string; // 1002: 500 rows

beforeAll(async () => {
  svc = await startTestService({ datasets: true });
  http = api(svc.url, svc.apiKey);
  const run = async (q: number) => {
    const id = (await http.post(`/v1/query/${q}/execute`, { performance: "large" })).body.execution_id as string;
    await waitFinished(svc.url, svc.apiKey, id, 60_000);
    return id;
  };
  [big, trades] = await Promise.all([run(1003), run(1002)]);
});
afterAll(() => svc.close());

const get = (path: string) => http.get<Envelope>(path);

describe("the datapoints cap", () => {
  test.each([
    ["", 10, 25_000],
    ["&columns=id", 1, 250_000],
    ["&columns=id,symbol,amount", 3, 83_333],
  ])("%s: exactly the cap fits, one row more is cut to the largest page that fits", async (cols, width, rowsAtCap) => {
    const exact = await get(`/v1/execution/${big}/results?limit=${rowsAtCap}${cols}`);
    expect(exact.body.result.metadata.row_count).toBe(rowsAtCap);
    expect(exact.body.result.metadata.datapoint_count).toBe(rowsAtCap * width);
    expect(exact.body.result.metadata.datapoint_count).toBeLessThanOrEqual(250_000);
    expect(exact.body.next_offset).toBe(rowsAtCap);
    const over = await get(`/v1/execution/${big}/results?limit=${rowsAtCap + 1}${cols}`);
    expect(over.body.result.metadata.row_count).toBe(rowsAtCap);
    expect(over.body.next_offset).toBe(rowsAtCap);
    expect(new URL(over.body.next_uri as string).searchParams.get("offset")).toBe(String(rowsAtCap));
  });

  test("no limit: the first page is as large as the cap allows", async () => {
    const page = await get(`/v1/execution/${big}/results?columns=id,symbol`);
    expect(page.body.result.metadata).toMatchObject({
      row_count: 125_000,
      total_row_count: 1_000_000,
      datapoint_count: 250_000,
    });
  });

  test("ignore_max_datapoints_per_request lifts the cap", async () => {
    const page = await get(`/v1/execution/${big}/results?limit=25001&ignore_max_datapoints_per_request=true`);
    expect(page.body.result.metadata.row_count).toBe(25_001);
    expect(new URL(page.body.next_uri as string).searchParams.get("ignore_max_datapoints_per_request")).toBe("true");
  });

  test("the CSV endpoint caps the same way and says where to go next", async () => {
    const res = await http.get(`/v1/execution/${big}/results/csv?columns=id&limit=250001`);
    expect(res.text.split("\n").length - 2).toBe(250_000);
    expect(res.headers.get("x-service-next-offset")).toBe("250000");
  });

  test("a deep page of the million-row result is right", async () => {
    const page = await get(`/v1/execution/${big}/results?offset=975000&limit=3&columns=id`);
    expect(page.body.result.rows).toEqual([{ id: 975000 }, { id: 975001 }, { id: 975002 }]);
  });
});

describe("columns, filters, sort, sample", () => {
  test("columns choose and order the returned columns; quoted names allowed", async () => {
    const page = await get(
      `/v1/execution/${trades}/results?limit=1&columns=${encodeURIComponent('project,"trade_id"')}`,
    );
    expect(page.body.result.metadata.column_names).toEqual(["project", "trade_id"]);
    expect(Object.keys(page.body.result.rows[0])).toEqual(["project", "trade_id"]);
  });

  test("filters narrow rows and total_row_count counts the matches", async () => {
    const f = encodeURIComponent(
      "project = 'curve' AND (token_bought IN ('WETH', 'PEPE') OR amount_usd > 1000) AND tx_hash LIKE '0x%'",
    );
    const page = await get(`/v1/execution/${trades}/results?filters=${f}&limit=1000`);
    const rows = page.body.result.rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.project).toBe("curve");
      expect(["WETH", "PEPE"].includes(r.token_bought) || r.amount_usd > 1000).toBe(true);
    }
    expect(page.body.result.metadata.total_row_count).toBe(rows.length);
  });

  test("a timestamp column compares with a date string", async () => {
    const f = encodeURIComponent("block_time >= '2024-03-01 05:00' and block_time < '2024-03-01 05:01:00'");
    const page = await get(`/v1/execution/${trades}/results?filters=${f}&columns=trade_id,block_time`);
    expect(page.body.result.rows.map((r) => r.block_time)).toEqual([
      "2024-03-01 05:00:19.000",
      "2024-03-01 05:00:56.000",
    ]);
  });

  test("sort_by orders rows, several keys and directions", async () => {
    const page = await get(
      `/v1/execution/${trades}/results?sort_by=${encodeURIComponent("project asc, amount_usd DESC")}&limit=500`,
    );
    const rows = page.body.result.rows;
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect(a.project <= b.project).toBe(true);
      if (a.project === b.project) expect(a.amount_usd).toBeGreaterThanOrEqual(b.amount_usd);
    }
  });

  test("sort with paging keeps a stable global order across pages", async () => {
    const s = encodeURIComponent("amount_usd desc, trade_id");
    const all = (await get(`/v1/execution/${trades}/results?sort_by=${s}&columns=trade_id`)).body.result.rows;
    const page2 = (await get(`/v1/execution/${trades}/results?sort_by=${s}&columns=trade_id&offset=100&limit=50`)).body
      .result.rows;
    expect(page2).toEqual(all.slice(100, 150));
  });

  test("sample_count returns that many distinct rows, or the whole result when it is smaller", async () => {
    const sample = await get(`/v1/execution/${trades}/results?sample_count=20`);
    expect(sample.body.result.rows).toHaveLength(20);
    expect(new Set(sample.body.result.rows.map((r) => r.trade_id)).size).toBe(20);
    expect(sample.body.next_offset).toBeUndefined();
    expect((await get(`/v1/execution/${trades}/results?sample_count=5000`)).body.result.rows).toHaveLength(500);
  });

  test.each([
    ["filters=" + encodeURIComponent("nope = 1"), 'filters: unknown column "nope" at position 0'],
    ["filters=" + encodeURIComponent("project = 'x' AND NOT trade_id = 1"), "position 18"],
    ["filters=" + encodeURIComponent("lower(project) = 'x'"), "filters:"],
    ["filters=" + encodeURIComponent("project = 'x'; drop table t"), "filters:"],
    ["sort_by=" + encodeURIComponent("project sideways"), "sort_by:"],
    ["sort_by=nope", "sort_by:"],
    ["sample_count=3&filters=" + encodeURIComponent("trade_id = 1"), "sample_count: cannot be combined with filters"],
    ["sample_count=3&limit=1", "sample_count: cannot be combined with limit"],
    ["sample_count=0", "sample_count: must be a whole number from 1 to 1000000000"],
  ])("%s → 400", async (qs, message) => {
    const res = await http.get(`/v1/execution/${trades}/results?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });

  test("the same parameters work on E3 and E5 CSV", async () => {
    const qs = `columns=trade_id,project&filters=${encodeURIComponent("trade_id < 3")}&sort_by=${encodeURIComponent("trade_id desc")}`;
    const e3 = await http.get(`/v1/execution/${trades}/results/csv?${qs}`);
    expect(e3.text).toBe("trade_id,project\n2,balancer\n1,curve\n0,uniswap\n");
    const e5 = await http.get(`/v1/query/1002/results/csv?${qs}`);
    expect(e5.text).toBe(e3.text);
  });
});

describe("the same parameters on a curated dataset", () => {
  test("filters, sort, columns, limit and offset together", async () => {
    const qs = `columns=token_pair,usd_liquidity&filters=${encodeURIComponent("usd_liquidity > 1000000")}&sort_by=${encodeURIComponent("usd_liquidity desc")}&limit=5&offset=2`;
    const page = await get(`/v1/dex/pairs/ethereum?${qs}`);
    const liq = page.body.result.rows.map((r) => r.usd_liquidity);
    expect(liq).toHaveLength(5);
    expect([...liq].sort((a, b) => b - a)).toEqual(liq);
    expect(liq.every((v) => v > 1_000_000)).toBe(true);
    expect(page.body.next_offset).toBe(7);
    expect(new URL(page.body.next_uri as string).pathname).toBe("/v1/dex/pairs/ethereum");
  });

  test("sample_count on a dataset keeps the path's chain", async () => {
    const page = await get("/v1/dex/pairs/base?sample_count=10&columns=chain");
    expect(page.body.result.rows).toHaveLength(10);
    expect(page.body.result.rows.every((r) => r.chain === "base")).toBe(true);
  });
});
