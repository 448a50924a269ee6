import { ManualClock } from "../../support/manual-clock";
import { api } from "../../support/http";
import { startTestService, type TestService } from "../../support/service";
import { API_TYPE_OF, SPEC_COLUMNS, withoutRepeatedNames } from "../datasets/spec-columns";

interface Envelope {
  execution_id: string;
  query_id: number;
  state: string;
  result: {
    metadata: { column_names: string[]; column_types: string[]; total_row_count: number };
    rows: Record<string, any>[];
  };
}

// One route of each dataset, with the spec's columns as the API names their types; `wow_cast`, listed twice in the
// spec, is served once.
const ROUTES: Record<string, string> = {
  "/v1/restaking/avs-stats": "avs-stats",
  "/v1/restaking/operator-metadata": "operator-metadata",
  "/v1/dex/pairs/ethereum": "dex-pairs",
  "/v1/marketshare/nft/polygon": "marketshare",
  "/v1/social/trends/channels": "social-channels",
  "/v1/social/trends/users": "social-users",
};

const clock = new ManualClock("2026-06-10T10:05:00Z");
let svc: TestService;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  svc = await startTestService({ datasets: true, clock: clock });
  http = api(svc.url, svc.apiKey);
});
afterAll(() => svc.close());

test.each(Object.entries(ROUTES))("%s serves exactly the spec's columns and types", async (path, dataset) => {
  const expected = withoutRepeatedNames(SPEC_COLUMNS[dataset]!).map(([name, type]) => [name, API_TYPE_OF[type]]);
  const res = await http.get<Envelope>(`${path}?limit=3`);
  expect(res.status).toBe(200);
  expect(res.body.state).toBe("QUERY_STATE_COMPLETED");
  expect(res.body.result.metadata.column_names).toEqual(expected.map(([n]) => n));
  expect(res.body.result.metadata.column_types).toEqual(expected.map(([, t]) => t));
  expect(res.body.result.rows).toHaveLength(3);
  for (const row of res.body.result.rows) expect(Object.keys(row)).toEqual(expected.map(([n]) => n));
});

test("sizes worth paging: thousands of ethereum pairs, tens of thousands of users, a year of market share", async () => {
  const total = async (p: string) => (await http.get<Envelope>(`${p}?limit=1`)).body.result.metadata.total_row_count;
  expect(await total("/v1/dex/pairs/ethereum")).toBeGreaterThanOrEqual(2000);
  expect(await total("/v1/social/trends/users")).toBeGreaterThanOrEqual(10_000);
  const days = await http.get<Envelope>("/v1/marketshare/dex/ethereum?columns=time&sort_by=time&limit=1");
  const last = await http.get<Envelope>("/v1/marketshare/dex/ethereum?columns=time&sort_by=time%20desc&limit=1");
  const span = (Date.parse(last.body.result.rows[0].time) - Date.parse(days.body.result.rows[0].time)) / 86_400_000;
  expect(span).toBeGreaterThanOrEqual(360);
});

test("a path's chain narrows the rows to that chain", async () => {
  const res = await http.get<Envelope>("/v1/dex/pairs/solana?columns=chain&limit=1000");
  expect(new Set(res.body.result.rows.map((r) => r.chain))).toEqual(new Set(["solana"]));
  const ms = await http.get<Envelope>("/v1/marketshare/nft/polygon?columns=market,blockchain&limit=1000");
  expect(new Set(ms.body.result.rows.map((r) => `${r.market}/${r.blockchain}`))).toEqual(new Set(["nft/polygon"]));
});

test.each([
  [
    "/v1/dex/pairs/mars",
    'chain: "mars" is not allowed; use one of arbitrum, base, bnb, celo, ethereum, fantom, gnosis, optimism, polygon, scroll, zk_sync, solana',
  ],
  ["/v1/dex/pairs/Ethereum", 'chain: "Ethereum" is not allowed'],
  ["/v1/marketshare/defi/ethereum", 'market: "defi" is not allowed; use one of dex, nft'],
  ["/v1/marketshare/dex/atlantis", 'chain: "atlantis" is not allowed; use one of arbitrum'],
])("bad path parameter %s → 400 listing the allowed values", async (path, message) => {
  const res = await http.get(path);
  expect(res.status).toBe(400);
  expect(res.body.error).toContain(message);
});

test("queryID, listed by the spec for E6–E11, is accepted when it names the dataset's query", async () => {
  expect((await http.get("/v1/restaking/avs-stats?queryID=9000001&limit=1")).status).toBe(200);
  const wrong = await http.get("/v1/restaking/avs-stats?queryID=12");
  expect(wrong.status).toBe(400);
  expect(wrong.body.error).toContain("queryID:");
});

test("the curated data needs a key like every endpoint", async () => {
  expect((await api(svc.url).get("/v1/restaking/avs-stats")).status).toBe(401);
});

test("refreshes follow the schedule: AVS every 15 min, DEX every 30, market share daily at 23:30 UTC; values move", async () => {
  clock.set("2026-06-11T10:05:00Z");
  const snap = async (p: string) => {
    const order = p.includes("avs")
      ? "avs_name"
      : p.includes("marketshare")
        ? "time desc, project, version"
        : "token_pair";
    const res = await http.get<Envelope>(`${p}?limit=5&sort_by=${encodeURIComponent(order)}`);
    expect([res.status, res.text.slice(0, 200)]).toEqual([200, expect.any(String)]);
    return res.body;
  };
  const avs1 = await snap("/v1/restaking/avs-stats");
  const dex1 = await snap("/v1/dex/pairs/ethereum");
  const ms1 = await snap("/v1/marketshare/dex/ethereum");
  expect(avs1.query_id).toBe(9000001);

  clock.set("2026-06-11T10:14:59Z");
  expect((await snap("/v1/restaking/avs-stats")).execution_id).toBe(avs1.execution_id);
  clock.set("2026-06-11T10:15:00Z");
  const avs2 = await snap("/v1/restaking/avs-stats");
  expect(avs2.execution_id).not.toBe(avs1.execution_id);
  expect(avs2.result.rows.map((r) => r.avs_name)).toEqual(avs1.result.rows.map((r) => r.avs_name));
  expect(avs2.result.rows.map((r) => r.total_TVL)).not.toEqual(avs1.result.rows.map((r) => r.total_TVL));
  expect((await snap("/v1/dex/pairs/ethereum")).execution_id).toBe(dex1.execution_id);

  clock.set("2026-06-11T10:30:00Z");
  const dex2 = await snap("/v1/dex/pairs/ethereum");
  expect(dex2.execution_id).not.toBe(dex1.execution_id);
  expect(dex2.result.rows.map((r) => r.token_pair)).toEqual(dex1.result.rows.map((r) => r.token_pair));
  expect(dex2.result.rows.map((r) => r.usd_liquidity)).not.toEqual(dex1.result.rows.map((r) => r.usd_liquidity));

  clock.set("2026-06-11T23:29:59Z");
  expect((await snap("/v1/marketshare/dex/ethereum")).execution_id).toBe(ms1.execution_id);
  clock.set("2026-06-11T23:30:00Z");
  const ms2 = await snap("/v1/marketshare/dex/ethereum");
  expect(ms2.execution_id).not.toBe(ms1.execution_id);

  // Every snapshot is an execution: its id works on the results endpoints, and the latest is served by query id.
  const byId = await http.get<Envelope>(`/v1/execution/${avs1.execution_id}/results?limit=1`);
  expect(byId.body.execution_id).toBe(avs1.execution_id);
  const csv = await http.get("/v1/query/9000001/results/csv?limit=1&columns=avs_name");
  expect(csv.text.startsWith("avs_name\n")).toBe(true);
});
