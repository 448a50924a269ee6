import { api } from "../../support/http";
import { ManualClock } from "../../support/manual-clock";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../../support/service";

/**
 * A query's latest result for given inputs: `params.<name>=value` on GET /v1/query/{id}/results[/csv], as both official
 * clients send a query's parameters there (their e2e tests read back the run of the inputs they name). Only a run
 * whose parameters, after defaults, equal those counts, compared by the query's declared types.
 */
interface Envelope {
  execution_id: string;
  next_uri?: string;
  result: { rows: Record<string, unknown>[] };
}

const clock = new ManualClock("2026-03-10T10:05:00Z");
let svc: TestService;
const as = (name: keyof typeof TEST_KEYS) => api(svc.url, TEST_KEYS[name]);
async function run(parameters: Record<string, unknown>, queryId = 1001): Promise<string> {
  const res = await as("demo").post(`/v1/query/${queryId}/execute`, { query_parameters: parameters });
  const id = res.body.execution_id as string;
  await waitFinished(svc.url, TEST_KEYS.demo, id);
  clock.advance(1000); // each later run ends later on the service's clock
  return id;
}

beforeAll(async () => {
  svc = await startTestService({ clock, datasets: true });
});
afterAll(() => svc.close());

describe("the latest result of a query for given inputs", () => {
  let wbtc: string;
  let defaults: string;
  let latest: string;
  beforeAll(async () => {
    wbtc = await run({ symbol: "WBTC", days: 3 });
    defaults = await run({});
    latest = await run({ symbol: "ARB", since: "2024-02-01" });
  });

  test("no params: the latest run of any inputs, as before", async () => {
    expect((await as("demo").get<Envelope>("/v1/query/1001/results")).body.execution_id).toBe(latest);
  });

  test("params given: the latest run whose inputs, after defaults, are those; the other runs never", async () => {
    const res = await as("demo").get<Envelope>("/v1/query/1001/results?params.symbol=WBTC&params.days=3");
    expect(res.status).toBe(200);
    expect(res.body.execution_id).toBe(wbtc);
    expect(res.body.result.rows.every((r) => r.symbol === "WBTC")).toBe(true);
    // The CSV endpoint reads the same run.
    const csv = await as("demo").get("/v1/query/1001/results/csv?params.symbol=WBTC&params.days=3");
    expect(csv.text.split("\n")[1]).toMatch(/^WBTC,/);
  });

  test("defaults fill the names not given: one default named is the run with every default", async () => {
    const res = await as("demo").get<Envelope>("/v1/query/1001/results?params.symbol=WETH");
    expect(res.body.execution_id).toBe(defaults);
    // symbol=WBTC alone means days=7 (the default), which no run had.
    const none = await as("demo").get("/v1/query/1001/results?params.symbol=WBTC");
    expect(none.status).toBe(404);
    expect(none.body).toEqual({
      error:
        "No result found for this query with these parameters (symbol=WBTC, days=7, since=2024-01-01, interval=day)",
    });
  });

  test("values compare as the query declares them: 3.0 is 3, a date is its midnight", async () => {
    const three = await as("demo").get<Envelope>("/v1/query/1001/results?params.symbol=WBTC&params.days=3.0");
    expect(three.body.execution_id).toBe(wbtc);
    const midnight = await as("demo").get<Envelope>(
      `/v1/query/1001/results?params.symbol=ARB&params.since=${encodeURIComponent("2024-02-01 00:00:00")}`,
    );
    expect(midnight.body.execution_id).toBe(latest);
    // Text is compared exactly: wbtc is not WBTC.
    expect((await as("demo").get("/v1/query/1001/results?params.symbol=wbtc&params.days=3")).status).toBe(404);
  });

  test("unknown names are refused as execute refuses them; a bad value names params.<name>", async () => {
    const unknown = await as("demo").get("/v1/query/1001/results/csv?params.zzz=1&params.symbol=WBTC");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: "unknown parameters (zzz)" });
    const bad = await as("demo").get("/v1/query/1001/results?params.days=many");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'params.days: must be a finite number, got "many"' });
    const twice = await as("demo").get("/v1/query/1001/results?params.days=1&params.days=2");
    expect(twice.body).toEqual({ error: "params.days: given more than once" });
    // A curated dataset's query id declares no parameters.
    const dataset = await as("demo").get("/v1/query/9000001/results?params.chain=ethereum");
    expect(dataset.body).toEqual({ error: "unknown parameters (chain)" });
  });

  test("next_uri keeps the inputs, so the next page is of a run of them too", async () => {
    const res = await as("demo").get<Envelope>("/v1/query/1001/results?params.symbol=WBTC&params.days=3&limit=1");
    expect(res.body.result.rows).toHaveLength(1);
    const next = new URL(res.body.next_uri!);
    expect(next.searchParams.get("params.symbol")).toBe("WBTC");
    expect(next.searchParams.get("params.days")).toBe("3");
    const second = await as("demo").get<Envelope>(`${next.pathname.replace(/^.*\/v1\//, "/v1/")}${next.search}`);
    expect(second.body.execution_id).toBe(wbtc);
  });

  test("a run of those inputs the caller may not see is no match (the one access rule)", async () => {
    const res = await as("carol").get("/v1/query/1006/results?params.desk=rates");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Query not found" });
  });
});
