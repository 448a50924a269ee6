import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { DEMO_QUERIES, type SavedQuery } from "../../../src/service";
import { api } from "../../support/http";
import { startTestService, waitFinished, type TestService } from "../../support/service";

/**
 * How result pages travel: small and medium pages rendered whole and kept (the same bytes on every request, in
 * brotli, gzip or plain as the caller accepts), pages above 50,000 rows streamed while the engine reads them. Whatever
 * the path, the rows are the same: the streamed page equals the concatenated small pages, row for row.
 */
const ROWS = 120_000;
/** Five columns: the 250,000-datapoint cap would stop a page at 50,000 rows. */
const UNCAPPED = "ignore_max_datapoints_per_request=true";
const WIDE: SavedQuery = {
  query_id: 4242,
  name: "Streamed page fixture",
  owner: "demo",
  team: null,
  is_private: false,
  parameters: [],
  sql: `select i as id,
    case when i % 5 = 0 then null when i % 5 = 1 then 'a,"quoted"' || i when i % 5 = 2 then 'line' || chr(10) || 'break'
         when i % 5 = 3 then 'ünïcödé ' || i else '' end as text,
    i * 0.5 as half, i % 2 = 0 as even, timestamp '2024-01-01' + to_seconds(i) as at
    from range(${ROWS}) t(i)`,
};

let svc: TestService;
let id: string;
beforeAll(async () => {
  svc = await startTestService({ queries: [...DEMO_QUERIES, WIDE] });
  const http = api(svc.url, svc.apiKey);
  id = (await http.post("/v1/query/4242/execute", {})).body.execution_id as string;
  await waitFinished(svc.url, svc.apiKey, id);
}, 60_000);
afterAll(() => svc.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with the bytes exactly as sent (fetch would decode them). */
function rawGet(path: string, acceptEncoding?: string, extra: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "X-Service-Api-Key": svc.apiKey, ...extra };
    if (acceptEncoding !== undefined) headers["Accept-Encoding"] = acceptEncoding;
    const req = httpRequest(`${svc.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(answer.body).toString("utf8");
  expect(encoding).toBeUndefined();
  return answer.body.toString("utf8");
}

interface Envelope {
  next_offset?: number;
  result: { rows: Record<string, unknown>[]; metadata: Record<string, number> };
}

describe("encodings: the caller's choice, the same content", () => {
  const path = () => `/v1/execution/${id}/results?limit=2000&offset=500`;
  test.each([
    ["gzip, deflate, br", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["identity", undefined],
    [undefined, undefined],
  ])("Accept-Encoding %p is answered with %p, twice the same bytes", async (accept, expected) => {
    const first = await rawGet(path(), accept);
    const second = await rawGet(path(), accept); // served from the page cache
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe(expected);
    expect(first.headers.vary).toMatch(/accept-encoding/i); // compressed or not, the body depends on the header
    expect(second.body.equals(first.body)).toBe(true);
    const page = JSON.parse(decoded(first)) as Envelope;
    expect(page.result.rows).toHaveLength(2000);
    expect(page.result.rows[0]!.id).toBe(500);
    expect(page.next_offset).toBe(2500);
  });

  test("Vary keeps CORS's Origin beside Accept-Encoding", async () => {
    const answer = await rawGet(path(), "br", { Origin: "https://localhost:3000" });
    expect(answer.headers["access-control-allow-origin"]).toBe("https://localhost:3000");
    const vary = String(answer.headers.vary)
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(vary).toEqual(expect.arrayContaining(["origin", "accept-encoding"]));
  });

  test("every encoding decodes to the identical body", async () => {
    const bodies = await Promise.all(["br", "gzip", "identity"].map(async (e) => decoded(await rawGet(path(), e))));
    expect(new Set(bodies).size).toBe(1);
  });
});

describe("a page above 50,000 rows is streamed, and equals the pages it spans", () => {
  let pagedRows: Record<string, unknown>[];
  let pagedCsv: string[];
  beforeAll(async () => {
    const http = api(svc.url, svc.apiKey);
    pagedRows = [];
    pagedCsv = [];
    for (let offset = 0; offset < ROWS; offset += 20_000) {
      const page = await http.get<Envelope>(`/v1/execution/${id}/results?limit=20000&offset=${offset}`);
      pagedRows.push(...page.body.result.rows);
      const csv = await http.get(`/v1/execution/${id}/results/csv?limit=20000&offset=${offset}`);
      pagedCsv.push(csv.text.slice(csv.text.indexOf("\n") + 1));
    }
  }, 60_000);

  test("JSON: the same rows in the same order, metadata counted while streaming", async () => {
    const answer = await rawGet(`/v1/execution/${id}/results?limit=${ROWS}&${UNCAPPED}`, "gzip");
    expect(answer.status).toBe(200);
    const text = decoded(answer);
    const page = JSON.parse(text) as Envelope;
    expect(page.result.rows).toEqual(pagedRows);
    expect(page.next_offset).toBeUndefined();
    const rowsText = text.slice(text.indexOf('"rows":') + 7, text.indexOf(',"metadata":'));
    expect(page.result.metadata).toMatchObject({
      row_count: ROWS,
      total_row_count: ROWS,
      datapoint_count: ROWS * 5,
      result_set_bytes: Buffer.byteLength(rowsText),
    });
  });

  test("CSV: the same lines, one header, a final line break", async () => {
    const answer = await rawGet(`/v1/execution/${id}/results/csv?limit=${ROWS}&${UNCAPPED}`);
    const text = decoded(answer);
    expect(text.startsWith("id,text,half,even,at\n")).toBe(true);
    expect(text.slice("id,text,half,even,at\n".length)).toBe(pagedCsv.join(""));
  });

  test("a streamed page that is not the last says where the next one starts", async () => {
    const http = api(svc.url, svc.apiKey);
    const page = await http.get<Envelope>(`/v1/execution/${id}/results?limit=60000&offset=1000&${UNCAPPED}`);
    expect(page.body.result.rows).toHaveLength(60_000);
    expect(page.body.result.rows[0]).toEqual(pagedRows[1000]);
    expect(page.body.next_offset).toBe(61_000);
    const csv = await http.get(`/v1/execution/${id}/results/csv?limit=60000&offset=1000&${UNCAPPED}`);
    expect(csv.headers.get("x-service-next-offset")).toBe("61000");
    expect(csv.text.split("\n")[1]).toBe("1000,,500.0,true,2024-01-01 00:16:40.000"); // row 1000: null text
  });

  test("sorted and filtered pages keep their order, streamed or not", async () => {
    const http = api(svc.url, svc.apiKey);
    const query = "sort_by=half%20desc&filters=even%20%3D%20true";
    const big = await http.get<Envelope>(`/v1/execution/${id}/results?${query}&limit=60000&${UNCAPPED}`);
    const small = await http.get<Envelope>(`/v1/execution/${id}/results?${query}&limit=100&offset=100`);
    const expected = pagedRows.filter((r) => r.even === true).sort((a, b) => Number(b.half) - Number(a.half));
    expect(big.body.result.rows).toEqual(expected.slice(0, 60_000));
    expect(small.body.result.rows).toEqual(expected.slice(100, 200));
  });
});

test("a caller leaving in the middle of a streamed page frees its engine connection", async () => {
  for (let i = 0; i < 10; i++) {
    const controller = new AbortController();
    const res = await fetch(`${svc.url}/v1/execution/${id}/results?limit=${ROWS}&${UNCAPPED}`, {
      headers: { "X-Service-Api-Key": svc.apiKey },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
  }
  // Ten abandoned streams later the service still answers every kind of page.
  const http = api(svc.url, svc.apiKey);
  const pages = await Promise.all(
    [0, 1, 2, 3].map((k) => http.get<Envelope>(`/v1/execution/${id}/results?limit=100&offset=${k * 7}`)),
  );
  expect(pages.map((p) => p.body.result.rows[0]!.id)).toEqual([0, 7, 14, 21]);
  const whole = await http.get<Envelope>(`/v1/execution/${id}/results?limit=${ROWS}&${UNCAPPED}`);
  expect(whole.body.result.rows).toHaveLength(ROWS);
});
