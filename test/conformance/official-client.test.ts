import { ColumnType, ContentType, DuneClient, QueryEngine } from "@duneanalytics/client-sdk";
import { startTestService, TEST_KEYS, type TestService } from "../support/service";

/**
 * A peer as the judge: the real service's official TypeScript client, from npm and unmodified, drives the local
 * service's SQL and uploads routes. It builds every URL on its fixed base address and sends its own key header, so
 * the test wraps `fetch`: its base address is mapped to the local service's, and its header to ours. Nothing else
 * of a request is touched, so a request or an answer it could not make sense of fails here.
 */

const OFFICIAL_BASE = "https://api.dune.com/api";
const OFFICIAL_KEY_HEADER = "x-dune-api-key";

let svc: TestService;
const realFetch = globalThis.fetch;
const seen: string[] = [];

beforeAll(async () => {
  svc = await startTestService();
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (!url.startsWith(OFFICIAL_BASE)) throw new Error(`the official client asked for ${url}`);
    const headers = new Headers(init?.headers);
    const key = headers.get(OFFICIAL_KEY_HEADER);
    headers.delete(OFFICIAL_KEY_HEADER);
    if (key !== null) headers.set("X-Service-Api-Key", key);
    const local = svc.url + url.slice(OFFICIAL_BASE.length);
    seen.push(`${init?.method ?? "GET"} ${url.slice(OFFICIAL_BASE.length).split("?")[0]}`);
    return realFetch(local, { ...init, headers });
  }) as typeof fetch;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await svc.close();
});

const client = () => new DuneClient(TEST_KEYS.alice);

async function finished(executionId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await client().exec.getExecutionStatus(executionId);
    if ("is_execution_finished" in status && status.is_execution_finished === true) return status;
    if (Date.now() > deadline) throw new Error(`not finished: ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("executeSql: the acknowledgement, the status and the results parse in the official client", async () => {
  const ack = await client().exec.executeSql({
    sql: "select 1 as one, 'a' as letter",
    performance: QueryEngine.Medium,
  });
  expect(ack.state).toBe("QUERY_STATE_PENDING");
  const status = await finished(ack.execution_id);
  expect(status.state).toBe("QUERY_STATE_COMPLETED");
  expect(status.query_id).toBeUndefined();
  const results = await client().exec.getExecutionResults(ack.execution_id);
  expect(results.result?.rows).toEqual([{ one: 1, letter: "a" }]);
  expect(seen).toContain("POST /v1/sql/execute");
});

test("the uploads calls: create, insert CSV and NDJSON, list, clear, delete", async () => {
  const uploads = client().uploads;
  const created = await uploads.create({
    namespace: "alice",
    table_name: "peer_rates",
    is_private: true,
    schema: [
      { name: "day", type: ColumnType.Date },
      { name: "rate", type: ColumnType.Double, nullable: true },
    ],
  });
  expect(created).toMatchObject({ full_name: "dune.alice.peer_rates", namespace: "alice", table_name: "peer_rates" });
  const csv = await uploads.insert({
    namespace: "alice",
    table_name: "peer_rates",
    data: Buffer.from("day,rate\n2023-12-04,4.28\n"),
    content_type: ContentType.Csv,
  });
  expect(csv.rows_written).toBe(1);
  const ndjson = await uploads.insert({
    namespace: "alice",
    table_name: "peer_rates",
    data: Buffer.from('{"day":"2023-12-05","rate":4.18}\n'),
    content_type: ContentType.NDJson,
  });
  expect(ndjson.rows_written).toBe(1);
  const list = await uploads.list({ limit: 10, offset: 0 });
  const table = list.tables.find((t) => t.full_name === "dune.alice.peer_rates");
  expect(table).toMatchObject({ is_private: true, owner: { handle: "alice", type: "user" } });
  expect(table?.columns.map((c) => c.name)).toEqual(["day", "rate"]);

  const ack = await client().exec.executeSql({ sql: "select count(*) as n from dune.alice.peer_rates" });
  await finished(ack.execution_id);
  expect((await client().exec.getExecutionResults(ack.execution_id)).result?.rows).toEqual([{ n: 2 }]);

  expect(await uploads.clear({ namespace: "alice", table_name: "peer_rates" })).toEqual({
    message: "Table alice.peer_rates successfully cleared",
  });
  expect(await uploads.delete({ namespace: "alice", table_name: "peer_rates" })).toEqual({
    message: "Table alice.peer_rates successfully deleted",
  });
});

test("uploadCsv: one call makes a table; the official client reads success", async () => {
  const ok = await client().uploads.uploadCsv({
    table_name: "peer_csv",
    data: "DATE,DGS10,\n2023-12-04,4.28,\n2023-12-05,4.18,\n",
    description: "10 year daily interest rates",
    is_private: true,
  });
  expect(ok).toBe(true);
});

test("a refusal reaches the official client as its error, with the service's words", async () => {
  const refused = await client()
    .uploads.clear({ namespace: "bob", table_name: "anything" })
    .catch((e: unknown) => e);
  expect(String(refused)).toMatch(/Status: 401.*not authorized to write to namespace 'bob'/);
});

test("query creation: the local service serves saved queries from its queries file, so the official client is told so", async () => {
  const refused = await client()
    .query.createQuery({ name: "peer", query_sql: "select 1" })
    .catch((e: unknown) => e);
  // It posts to `query/` (a trailing slash); the local service has no such route and says which it was asked for.
  expect(String(refused)).toMatch(/Status: 404, Message: \{"error":"No endpoint POST \/v1\/query\/"\}/);
});
