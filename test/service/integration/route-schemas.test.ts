import { api } from "../../support/http";
import { startTestService, type TestService } from "../../support/service";

/**
 * Query strings and the execute body are declared as route schemas; these pin what the schemas accept and the
 * messages their failures give, which are the service's own words (parameter first, then the reason).
 */
let svc: TestService;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  svc = await startTestService({ datasets: true });
  http = api(svc.url, svc.apiKey);
});
afterAll(() => svc.close());

const AVS = "/v1/restaking/avs-stats";
type Page = { result: { metadata: { row_count: number } } };

test.each([
  ["limit=", 80],
  ["limit=%202%20", 2],
  ["offset=&limit=3", 3],
  ["allow_partial_results=TRUE&limit=1", 1],
  ["ignore_max_datapoints_per_request=1&limit=4", 4],
  ["allow_partial_results=&limit=5", 5],
])("accepted: %s → %i rows (an empty value is as if not given)", async (query, rows) => {
  const answer = await http.get<Page>(`${AVS}?${query}`);
  expect(answer.status).toBe(200);
  expect(answer.body.result.metadata.row_count).toBe(rows);
});

test.each([
  ["limit=-1", 'limit: must be a whole number of at least 0, got "-1"'],
  ["sample_count=0", 'sample_count: must be a whole number of at least 1, got "0"'],
  ["offset=99999999999999999999", 'offset: must be a whole number of at least 0, got "99999999999999999999"'],
  ["ignore_max_datapoints_per_request=yes", 'ignore_max_datapoints_per_request: must be true or false, got "yes"'],
  ["columns=a&columns=b", "columns: given more than once"],
  ["queryID=1&queryID=2", "queryID: given more than once"],
])("refused: %s", async (query, message) => {
  const answer = await http.get(`${AVS}?${query}`);
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({ error: message });
});

test("routes without shared parameters ignore them (status with limit=abc is fine)", async () => {
  const { execution_id: id } = (await http.post("/v1/query/1001/execute", {})).body as { execution_id: string };
  expect((await http.get(`/v1/execution/${id}/status?limit=abc`)).status).toBe(200);
});

test.each([
  [undefined, 200, undefined],
  ["null", 200, undefined],
  [{ performance: "large", query_parameters: '{"symbol":"WETH"}' }, 200, undefined],
  [{ a: 1, b: 2 }, 400, "request body: unknown fields (a, b); expected query_parameters, performance"],
  [{ query_parameters: 5 }, 400, "query_parameters: must be an object of parameter name to value"],
  [{ query_parameters: "[1]" }, 400, "query_parameters: must be an object of parameter name to value"],
  ["[1]", 400, "request body: must be a JSON object"],
])("execute body %j → %i", async (body, status, message) => {
  const answer = await http.post("/v1/query/1001/execute", body);
  expect(answer.status).toBe(status);
  if (message) expect(answer.body).toEqual({ error: message });
});
