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
  ["limit=2", 2],
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
  ["limit=-1", 'limit: must be a whole number from 0 to 9007199254740991, in digits only, got "-1"'],
  ["sample_count=0", 'sample_count: must be a whole number from 1 to 1000000000, in digits only, got "0"'],
  [
    "offset=99999999999999999999",
    'offset: must be a whole number from 0 to 9007199254740991, in digits only, got "99999999999999999999"',
  ],
  ["ignore_max_datapoints_per_request=yes", 'ignore_max_datapoints_per_request: must be true or false, got "yes"'],
  ["columns=a&columns=b", "columns: given more than once"],
  ["queryID=1&queryID=2", "queryID: given more than once"],
])("refused: %s", async (query, message) => {
  const answer = await http.get(`${AVS}?${query}`);
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({ error: message });
});

/**
 * limit, offset and sample_count are whole decimal numbers written in digits: no sign, no spaces, no decimal point,
 * exponent, hex or words. Anything else is a 400 naming the parameter and the range, for each of the three.
 */
const WHOLE_NUMBERS = [
  ["limit", 0, 9_007_199_254_740_991],
  ["offset", 0, 9_007_199_254_740_991],
  ["sample_count", 1, 1_000_000_000],
] as const;

describe.each(WHOLE_NUMBERS)("%s", (name, min, max) => {
  // Each accepted form with the rows the 80-row dataset then gives.
  const rows = (value: number) => (name === "offset" ? 80 - value : value);
  test.each([
    ["7", 7],
    ["07", 7],
    ["0000000000000000000000012", 12],
    [String(min), min],
  ])(`accepted: ${name}=%s`, async (value, expected) => {
    const answer = await http.get<Page>(`${AVS}?${name}=${value}`);
    expect(answer.status).toBe(200);
    expect(answer.body.result.metadata.row_count).toBe(rows(expected));
  });

  test(`accepted: ${name} at its maximum, ${max}`, async () => {
    const answer = await http.get<Page>(`${AVS}?${name}=${max}&ignore_max_datapoints_per_request=true`);
    expect(answer.status).toBe(200);
    expect(answer.body.result.metadata.row_count).toBe(name === "offset" ? 0 : 80);
  });

  test.each([
    "0x10",
    "1e2",
    "1E2",
    "Infinity",
    "-Infinity",
    "NaN",
    "1.0",
    "1.",
    ".5",
    "%207",
    "7%20",
    "%09" + "7",
    "%20",
    "+7", // a space then 7, as a query string decodes it
    "%2B7",
    "-7",
    "-0",
    "0b1",
    "0o7",
    "1_000",
    "1,000",
    "seven",
    "%D9%A3", // an Arabic-Indic digit three
    "%EF%BC%97", // a full-width digit seven
    String(max + 1),
    "99999999999999999999999999999999",
    ...(min > 0 ? ["0"] : []),
  ])(`refused: ${name}=%s`, async (value) => {
    const answer = await http.get(`${AVS}?${name}=${value}&ignore_max_datapoints_per_request=true`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: `${name}: must be a whole number from ${min} to ${max}, in digits only, got "${new URLSearchParams(`v=${value}`).get("v")}"`,
    });
  });
});

test("a sample above the engine's largest is refused before a byte is sent, with the cap lifted or not", async () => {
  for (const lifted of ["", "&ignore_max_datapoints_per_request=true"]) {
    const response = await fetch(`${svc.url}${AVS}?sample_count=1000000001${lifted}`, {
      headers: { "X-Service-Api-Key": svc.apiKey },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain("sample_count:");
  }
  // The largest sample the engine takes is served whole: the body is complete JSON with every row.
  const largest = await fetch(`${svc.url}${AVS}?sample_count=1000000000&ignore_max_datapoints_per_request=true`, {
    headers: { "X-Service-Api-Key": svc.apiKey },
  });
  expect(largest.status).toBe(200);
  const body = JSON.parse(await largest.text()) as { result: { rows: unknown[] } };
  expect(body.result.rows).toHaveLength(80);
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
