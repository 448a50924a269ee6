import { ForbiddenError, ServiceClient, UnauthorizedError, isServiceError } from "../../src/client";
import { scriptedFetch } from "./support/fetch-fakes";

/** The SQL and uploads calls: what they send, and how answers and refusals come back. */

const client = (fetch: ReturnType<typeof scriptedFetch>) =>
  new ServiceClient({ apiKey: "k-123456789", baseUrl: "http://service.test", fetch, retry: false });

test("executeSql sends {sql, performance} and returns the acknowledgement", async () => {
  const fetch = scriptedFetch([{ status: 200, body: { execution_id: "01ABC", state: "QUERY_STATE_PENDING" } }]);
  const ack = await client(fetch).executeSql("select 1", { performance: "large" });
  expect(ack).toEqual({ execution_id: "01ABC", state: "QUERY_STATE_PENDING" });
  expect(fetch.calls[0]).toMatchObject({ url: "http://service.test/v1/sql/execute", method: "POST" });
  expect(JSON.parse(fetch.calls[0]!.body!)).toEqual({ sql: "select 1", performance: "large" });
  expect(fetch.calls[0]!.headers["x-service-api-key"]).toBe("k-123456789");
});

test("createUpload always sends is_private, true unless the caller says false", async () => {
  const created = {
    namespace: "alice",
    table_name: "t",
    full_name: "dune.alice.t",
    example_query: "select * from dune.alice.t",
  };
  const fetch = scriptedFetch([{ status: 200, body: created }]);
  const schema = [{ name: "a", type: "integer" as const }];
  expect(await client(fetch).createUpload({ namespace: "alice", tableName: "t", schema })).toEqual({
    namespace: "alice",
    tableName: "t",
    fullName: "dune.alice.t",
    exampleQuery: "select * from dune.alice.t",
  });
  await client(fetch).createUpload({ namespace: "alice", tableName: "t", schema, isPrivate: false });
  const bodies = fetch.calls.map((c) => JSON.parse(c.body!) as Record<string, unknown>);
  expect(bodies[0]).toEqual({ namespace: "alice", table_name: "t", schema, description: "", is_private: true });
  expect(bodies[1]?.is_private).toBe(false);
});

test("insertRows sends CSV, NDJSON or objects as NDJSON, with their content types, to the table's path", async () => {
  const fetch = scriptedFetch([{ status: 200, body: { rows_written: 2, bytes_written: 10, name: "dune.a.t" } }]);
  const c = client(fetch);
  expect(await c.insertRows("a", "t", { csv: "x\n1\n2\n" })).toEqual({ rowsWritten: 2, bytesWritten: 10 });
  await c.insertRows("a", "t", { ndjson: '{"x":1}\n' });
  await c.insertRows("a", "t", { rows: [{ x: 1 }, { x: "two" }] });
  expect(fetch.calls.map((call) => [call.url, call.headers["content-type"], call.body])).toEqual([
    ["http://service.test/v1/uploads/a/t/insert", "text/csv", "x\n1\n2\n"],
    ["http://service.test/v1/uploads/a/t/insert", "application/x-ndjson", '{"x":1}\n'],
    ["http://service.test/v1/uploads/a/t/insert", "application/x-ndjson", '{"x":1}\n{"x":"two"}\n'],
  ]);
});

test("listUploads reads the listing, its namespace and table from the full name; clear and delete their paths", async () => {
  const listing = {
    tables: [
      {
        full_name: "dune.alice.rates",
        is_private: true,
        table_size_bytes: "1152",
        created_at: "2024-05-15T20:34:58.585Z",
        updated_at: "2024-05-16T21:19:02.459Z",
        purged_at: null,
        owner: { handle: "alice", type: "user" },
        columns: [{ name: "day", type: "timestamp", nullable: false }],
      },
    ],
    next_offset: 1,
  };
  const fetch = scriptedFetch([
    { status: 200, body: listing },
    { status: 200, body: { message: "Table alice.rates successfully cleared" } },
    { status: 200, body: { message: "Table alice.rates successfully deleted" } },
  ]);
  const c = client(fetch);
  const list = await c.listUploads({ limit: 1 });
  expect(list).toEqual({
    tables: [
      {
        fullName: "dune.alice.rates",
        namespace: "alice",
        tableName: "rates",
        isPrivate: true,
        sizeBytes: 1152,
        createdAt: "2024-05-15T20:34:58.585Z",
        updatedAt: "2024-05-16T21:19:02.459Z",
        owner: { handle: "alice", type: "user" },
        columns: [{ name: "day", type: "timestamp", nullable: false }],
      },
    ],
    nextOffset: 1,
  });
  expect(await c.clearUpload("alice", "rates")).toBe("Table alice.rates successfully cleared");
  expect(await c.deleteUpload("alice", "rates")).toBe("Table alice.rates successfully deleted");
  expect(fetch.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
    "GET http://service.test/v1/uploads?limit=1",
    "POST http://service.test/v1/uploads/alice/rates/clear",
    "DELETE http://service.test/v1/uploads/alice/rates",
  ]);
});

test("a 401 refusing a namespace is a refusal shown as sent, not a bad key; a bad key stays a bad key", async () => {
  const refusal =
    "You are not authorized to write to namespace 'bob'. You are allowed to upload into the namespace which is the same as the user or team which your token is associated with.";
  const fetch = scriptedFetch([
    { status: 401, body: { error: refusal } },
    { status: 401, body: { error: "invalid API Key" } },
  ]);
  const c = client(fetch);
  const first = await c.clearUpload("bob", "t").catch((e: unknown) => e);
  expect(first).toBeInstanceOf(ForbiddenError);
  expect(isServiceError(first) && first.userMessage).toMatch(/not authorized to write to namespace 'bob'/);
  expect(await c.clearUpload("bob", "t").catch((e: unknown) => e)).toBeInstanceOf(UnauthorizedError);
});

test("an insert answered 503 is not sent again: it may have been written", async () => {
  const fetch = scriptedFetch([
    { status: 503, body: { error: "busy" } },
    { status: 200, body: { rows_written: 1 } },
  ]);
  const c = new ServiceClient({
    apiKey: "k-123456789",
    baseUrl: "http://service.test",
    fetch,
    retry: { baseDelayMs: 1, maxDelayMs: 1, random: () => 0 },
  });
  await expect(c.insertRows("a", "t", { csv: "x\n1\n" })).rejects.toMatchObject({ status: 503 });
  expect(fetch.calls).toHaveLength(1);
});
