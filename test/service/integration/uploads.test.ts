import { api } from "../../support/http";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../../support/service";

/** Uploaded tables end to end: created, filled, read back in SQL, listed, cleared, deleted, kept across a restart. */

type Who = keyof typeof TEST_KEYS;
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ rateLimitPerMinute: 0 });
});
afterAll(() => svc.close());

const as = (who: Who) => api(svc.url, TEST_KEYS[who]);

async function send(who: Who, method: string, path: string, body?: string, type?: string) {
  const res = await fetch(svc.url + path, {
    method,
    headers: { "X-Service-Api-Key": TEST_KEYS[who], ...(type ? { "Content-Type": type } : {}) },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function sqlRows(
  who: Who,
  sql: string,
  url = svc.url,
): Promise<{ state: string; rows?: unknown[]; error?: string }> {
  const started = await api(url, TEST_KEYS[who]).post("/v1/sql/execute", { sql });
  expect(started.status).toBe(200);
  const status = await waitFinished(url, TEST_KEYS[who], started.body.execution_id as string);
  if (status.state !== "QUERY_STATE_COMPLETED") {
    return { state: status.state as string, error: (status.error as { message?: string } | undefined)?.message };
  }
  const result = await api(url, TEST_KEYS[who]).get(`/v1/execution/${started.body.execution_id as string}/results`);
  return { state: status.state as string, rows: (result.body.result as { rows: unknown[] }).rows };
}

const RATES = [
  { name: "day", type: "timestamp" },
  { name: "rate", type: "double", nullable: true },
  { name: "big", type: "uint256" },
  { name: "raw", type: "varbinary" },
];

test("a table is created, filled from CSV and NDJSON, and read back in SQL by its full name", async () => {
  const created = await as("alice").post("/v1/uploads", {
    namespace: "alice",
    table_name: "rates",
    description: "ten-year rates",
    is_private: true,
    schema: RATES,
  });
  expect(created.status).toBe(200);
  expect(created.body).toEqual({
    namespace: "alice",
    table_name: "rates",
    full_name: "dune.alice.rates",
    example_query: "select * from dune.alice.rates",
    already_existed: false,
    message: "Table created successfully",
  });
  const csv = "day,rate,big,raw\n2023-12-04T00:00:00Z,4.28,123456789012345678901234567890,0xdead\n";
  expect(await send("alice", "POST", "/v1/uploads/alice/rates/insert", csv, "text/csv")).toEqual({
    status: 200,
    body: { rows_written: 1, bytes_written: Buffer.byteLength(csv), name: "dune.alice.rates" },
  });
  const ndjson =
    '{"day":"2023-12-05","rate":null,"big":"1","raw":"SGVsbG8="}\n{"day":"2023-12-06","big":2,"raw":"0x00"}\n';
  const inserted = await send("alice", "POST", "/v1/uploads/alice/rates/insert", ndjson, "application/x-ndjson");
  expect(inserted.body.rows_written).toBe(2);
  const read = await sqlRows(
    "alice",
    "select day, rate, big, octet_length(raw) as n from dune.alice.rates order by day",
  );
  expect(read.rows).toEqual([
    { day: "2023-12-04 00:00:00.000", rate: 4.28, big: "123456789012345678901234567890", n: 2 },
    { day: "2023-12-05 00:00:00.000", rate: null, big: 1, n: 5 },
    { day: "2023-12-06 00:00:00.000", rate: null, big: 2, n: 1 },
  ]);
  // The two-part name reaches the same table.
  expect((await sqlRows("alice", "select count(*) as c from alice.rates")).rows).toEqual([{ c: 3 }]);
});

test("the listing shows the key's own tables in the real service's fields", async () => {
  const list = await as("alice").get("/v1/uploads");
  const tables = list.body.tables as Record<string, unknown>[];
  const rates = tables.find((t) => t.full_name === "dune.alice.rates") as Record<string, unknown>;
  expect(Object.keys(rates).sort()).toEqual(
    ["columns", "created_at", "full_name", "is_private", "owner", "purged_at", "table_size_bytes", "updated_at"].sort(),
  );
  expect(rates).toMatchObject({ is_private: true, owner: { handle: "alice", type: "user" }, purged_at: null });
  expect(rates.table_size_bytes).toMatch(/^[1-9]\d*$/);
  expect(rates.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(rates.columns).toEqual(RATES.map((c) => ({ nullable: true, ...c })));
  // Bob lists his own (none), not Alice's.
  expect((await as("bob").get("/v1/uploads")).body).toEqual({ tables: [] });
});

test("an insert is all or nothing: a value that does not fit, a missing column, a NULL where none may be", async () => {
  await as("bob").post("/v1/uploads", {
    table_name: "strict",
    is_private: true,
    schema: [
      { name: "id", type: "integer", nullable: false },
      { name: "note", type: "varchar" },
    ],
  });
  const bad = [
    ["id,note\n1,a\nx,b\n", "text/csv"],
    ["note\nonly\n", "text/csv"],
    ['{"note":"no id"}\n', "application/x-ndjson"],
    ['{"id":1,"extra":2}\n', "application/x-ndjson"],
  ];
  for (const [body, type] of bad) {
    const res = await send("bob", "POST", "/v1/uploads/bob/strict/insert", body, type);
    expect(res.status).toBe(400);
    expect(String(res.body.error)).toMatch(/^The data does not fit the table, nothing was inserted: /);
  }
  expect((await sqlRows("bob", "select count(*) as c from dune.bob.strict")).rows).toEqual([{ c: 0 }]);
});

test("a CSV upload makes a table in one call, its types read from the data (the documented example)", async () => {
  const data = "DATE,DGS10,\n2023-12-04,4.28,\n2023-12-05,4.18,\n2023-12-06,4.12,\n";
  const res = await as("carol").post("/v1/uploads/csv", { data, table_name: "ten_year", is_private: false });
  expect(res.body).toEqual({ success: true, table_name: "ten_year" });
  const list = (await as("carol").get("/v1/uploads")).body.tables as { columns: unknown }[];
  expect(list[0]?.columns).toEqual([
    { name: "date", type: "date", nullable: true },
    { name: "dgs10", type: "double", nullable: true },
  ]);
  // Public: another key reads it in SQL.
  expect((await sqlRows("bob", "select round(sum(dgs10), 2) as s from dune.carol.ten_year")).rows).toEqual([
    { s: 12.58 },
  ]);
});

test("clear empties a table and keeps it; delete removes it; both only in the key's own namespace", async () => {
  await as("carol").post("/v1/uploads/csv", { data: "a\n1\n2\n", table_name: "scratch", is_private: true });
  expect((await send("alice", "POST", "/v1/uploads/carol/scratch/clear")).status).toBe(401);
  expect((await send("alice", "DELETE", "/v1/uploads/carol/scratch")).status).toBe(401);
  expect(await send("carol", "POST", "/v1/uploads/carol/scratch/clear")).toEqual({
    status: 200,
    body: { message: "Table carol.scratch successfully cleared" },
  });
  expect((await sqlRows("carol", "select count(*) as c from dune.carol.scratch")).rows).toEqual([{ c: 0 }]);
  expect(await send("carol", "DELETE", "/v1/uploads/carol/scratch")).toEqual({
    status: 200,
    body: { message: "Table carol.scratch successfully deleted" },
  });
  expect((await sqlRows("carol", "select * from dune.carol.scratch")).state).toBe("QUERY_STATE_FAILED");
  expect(await send("carol", "DELETE", "/v1/uploads/carol/scratch")).toEqual({
    status: 404,
    body: { error: "Table carol.scratch not found" },
  });
});

test("an insert refused before its body is read still answers, whatever the body's size", async () => {
  const body = `a\n${"1\n".repeat(1_500_000)}`;
  const res = await send("alice", "POST", "/v1/uploads/carol/anything/insert", body, "text/csv");
  expect(res.status).toBe(401);
  expect(String(res.body.error)).toMatch(/not authorized to write to namespace 'carol'/);
});

test("names, types and bodies are checked before anything is stored", async () => {
  const cases: [unknown, RegExp][] = [
    [{ table_name: "Bad", schema: [{ name: "a", type: "integer" }] }, /table_name: must begin with a lowercase/],
    [{ table_name: "t1", schema: [] }, /schema: is required/],
    [{ table_name: "t1", schema: [{ name: "1a", type: "integer" }] }, /schema\[0\]\.name: may contain letters/],
    [{ table_name: "t1", schema: [{ name: "a", type: "money" }] }, /schema\[0\]\.type: must be one of varchar/],
    [{ table_name: "t1", schema: [{ name: "a", type: "integer" }], extra: 1 }, /unknown fields \(extra\)/],
    [{ table_name: "t1", schema: [{ name: "a", type: "integer" }], is_private: "yes" }, /is_private: must be true/],
  ];
  for (const [body, error] of cases) {
    const res = await as("demo").post("/v1/uploads", body);
    expect(res.status).toBe(400);
    expect(String(res.body.error)).toMatch(error);
  }
  expect((await as("demo").get("/v1/uploads")).body).toEqual({ tables: [] });
});

test("uploads are billed to the key: a creation and an insert cost 1 credit each (the minimum)", async () => {
  const before = (await as("demo").post("/v1/usage", {})).body as { billing_periods: { credits_used: number }[] };
  await as("demo").post("/v1/uploads", { table_name: "billed", schema: [{ name: "a", type: "integer" }] });
  await send("demo", "POST", "/v1/uploads/demo/billed/insert", "a\n1\n", "text/csv");
  const after = (await as("demo").post("/v1/usage", {})).body as { billing_periods: { credits_used: number }[] };
  expect((after.billing_periods[0]?.credits_used ?? 0) - (before.billing_periods[0]?.credits_used ?? 0)).toBe(2);
});

test("the usage report counts the namespace's stored bytes against its plan's storage", async () => {
  const usage = (await as("alice").post("/v1/usage", {})).body;
  const tables = (await as("alice").get("/v1/uploads")).body.tables as { table_size_bytes: string }[];
  const stored = tables.reduce((sum, t) => sum + Number(t.table_size_bytes), 0);
  expect(stored).toBeGreaterThan(0);
  expect(usage).toMatchObject({ bytes_used: stored, bytes_allowed: 100_000_000 });
});

test("tables and their rows survive a restart", async () => {
  const first = await startTestService();
  const client = api(first.url, first.apiKey);
  await client.post("/v1/uploads", { table_name: "kept", schema: [{ name: "a", type: "bigint" }], is_private: true });
  await client.post("/v1/uploads/demo/kept/insert", "a\n41\n1\n", { "Content-Type": "text/csv" });
  await first.close({ keepData: true });
  const second = await startTestService({ dataDir: first.dataDir });
  try {
    expect((await sqlRows("demo", "select sum(a) as s from dune.demo.kept", second.url)).rows).toEqual([{ s: 42 }]);
    const tables = (await api(second.url, second.apiKey).get("/v1/uploads")).body.tables as { full_name: string }[];
    expect(tables.map((t) => t.full_name)).toEqual(["dune.demo.kept"]);
  } finally {
    await second.close();
  }
});
