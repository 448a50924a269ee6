import { api } from "../../support/http";
import { startTestService, TEST_KEYS, waitFinished, type TestService } from "../../support/service";

/**
 * `POST /v1/sql/execute`: SQL text runs as an execution without a query id, against the curated datasets and the
 * uploaded tables the key may see, in a sandbox that reaches nothing else.
 */

type Who = keyof typeof TEST_KEYS;
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ datasets: true, sqlTimeLimitMs: 1500 });
  // The snapshots are made before the runs, so that making one does not count against a run's short time limit.
  await svc.service.warmDatasets();
  const alice = api(svc.url, TEST_KEYS.alice);
  await alice.post("/v1/uploads/csv", { data: "secret\nalice-only\n", table_name: "private_notes", is_private: true });
  await alice.post("/v1/uploads/csv", { data: "shared\nfor-all\n", table_name: "public_notes", is_private: false });
});
afterAll(() => svc.close());

async function run(who: Who, sql: string): Promise<{ state: string; rows?: unknown[]; error: string }> {
  const started = await api(svc.url, TEST_KEYS[who]).post("/v1/sql/execute", { sql, performance: "medium" });
  expect(started.body).toEqual({ execution_id: expect.any(String) as string, state: "QUERY_STATE_PENDING" });
  const id = started.body.execution_id as string;
  const status = await waitFinished(svc.url, TEST_KEYS[who], id);
  const error = (status.error as { message?: string } | undefined)?.message ?? "";
  if (status.state !== "QUERY_STATE_COMPLETED") return { state: status.state as string, error };
  const result = await api(svc.url, TEST_KEYS[who]).get(`/v1/execution/${id}/results`);
  return { state: status.state as string, rows: (result.body.result as { rows: unknown[] }).rows, error };
}

test("a run of SQL text has no query_id, is priced by its tier, and only its runner sees it", async () => {
  const started = await api(svc.url, TEST_KEYS.bob).post("/v1/sql/execute", { sql: "select 42 as answer" });
  const id = started.body.execution_id as string;
  const status = await waitFinished(svc.url, TEST_KEYS.bob, id);
  expect(status).not.toHaveProperty("query_id");
  expect(status).toMatchObject({ state: "QUERY_STATE_COMPLETED", execution_cost_credits: 10 });
  const result = await api(svc.url, TEST_KEYS.bob).get(`/v1/execution/${id}/results`);
  expect(result.body).not.toHaveProperty("query_id");
  expect((result.body.result as { rows: unknown[] }).rows).toEqual([{ answer: 42 }]);
  expect((await api(svc.url, TEST_KEYS.bob).get(`/v1/execution/${id}/results/csv`)).text).toBe("answer\n42\n");
  expect((await api(svc.url, TEST_KEYS.alice).get(`/v1/execution/${id}/status`)).status).toBe(404);
});

test("SQL with {{placeholders}} is refused: parameters belong to saved queries", async () => {
  const res = await api(svc.url, TEST_KEYS.bob).post("/v1/sql/execute", {
    sql: "select * from t where d > '{{since}}'",
  });
  expect(res.status).toBe(400);
  expect(String(res.body.error)).toMatch(/\{\{since\}\}.*save it as a query to parameterise it/);
});

test("the body is {sql, performance}: anything else is a 400 naming it", async () => {
  const bob = api(svc.url, TEST_KEYS.bob);
  expect((await bob.post("/v1/sql/execute", {})).body).toEqual({ error: "sql: must be the SQL text to run" });
  expect((await bob.post("/v1/sql/execute", { sql: "select 1", query_parameters: {} })).status).toBe(400);
  expect((await bob.post("/v1/sql/execute", { sql: "select 1", performance: "huge" })).status).toBe(400);
});

test("the curated datasets are tables named as the real service names a query's result: query_<id>", async () => {
  const res = await run("carol", "select count(*) > 0 as has_rows from query_9000003");
  expect(res.rows).toEqual([{ has_rows: true }]);
});

test("a run longer than the time limit is stopped and fails, saying so", async () => {
  const res = await run("bob", "select count(*) from range(100000000000) a");
  expect(res.state).toBe("QUERY_STATE_FAILED");
  expect(res.error).toMatch(/ran longer than 2 seconds/);
});

test("a run can be cancelled like any other", async () => {
  const bob = api(svc.url, TEST_KEYS.bob);
  const id = (await bob.post("/v1/sql/execute", { sql: "select count(*) from range(100000000000) a" })).body
    .execution_id as string;
  expect((await bob.post(`/v1/execution/${id}/cancel`)).body).toEqual({ success: true });
  expect((await waitFinished(svc.url, TEST_KEYS.bob, id)).state).toBe("QUERY_STATE_CANCELLED");
});

test("the sandbox's switches are off and locked when the SQL runs", async () => {
  const res = await run(
    "bob",
    "select current_setting('enable_external_access') as ext, current_setting('lock_configuration') as locked",
  );
  expect(res.rows).toEqual([{ ext: false, locked: true }]);
});

/** Who reads what: a private upload exists for its own namespace's key only, in SQL as in the listing. */
const VISIBILITY: [Who, string, "rows" | "missing"][] = [
  ["alice", "select * from dune.alice.private_notes", "rows"],
  ["alice", "select * from alice.private_notes", "rows"],
  ["bob", "select * from dune.alice.private_notes", "missing"],
  ["bob", "select * from alice.private_notes", "missing"],
  ["bob", 'select * from "dune"."alice"."PRIVATE_NOTES"', "missing"],
  ["carol", "with x as (select * from dune.alice.private_notes) select * from x", "missing"],
  ["carol", "select * from dune.alice.public_notes union all select * from dune.alice.private_notes", "missing"],
  ["bob", "select * from dune.alice.public_notes", "rows"],
  ["bob", "select table_name from duckdb_tables() where table_name = 'private_notes'", "rows"],
];

test.each(VISIBILITY)("%s: %s → %s", async (who, sql, outcome) => {
  const res = await run(who, sql);
  if (outcome === "rows") {
    expect(res.state).toBe("QUERY_STATE_COMPLETED");
    // duckdb_tables() lists only what the run loaded: for Bob, never Alice's private table.
    if (sql.includes("duckdb_tables")) expect(res.rows).toEqual([]);
    else expect(res.rows?.length).toBe(1);
  } else {
    expect(res.state).toBe("QUERY_STATE_FAILED");
    expect(res.error).toMatch(/does not exist/i);
    expect(res.error).not.toMatch(/alice-only/);
  }
});

/** Escapes: nothing but one query, and no file, extension, setting or other database. */
const ESCAPES: [string, RegExp][] = [
  ["select * from read_csv('/etc/passwd')", /file system operations are disabled|Permission Error/i],
  [
    "select * from read_parquet('uploads/alice/private_notes.parquet')",
    /file system operations are disabled|Permission/i,
  ],
  ["select * from glob('*')", /file system operations are disabled|Permission/i],
  ["copy (select 1) to 'out.csv'", /must be a single query/],
  ["attach 'x.db' as x", /must be a single query/],
  ["install httpfs", /must be a single query/],
  ["load httpfs", /must be a single query/],
  ["set threads = 64", /must be a single query/],
  ["pragma database_list", /must be a single query/],
  ["select 1; select 2", /must be a single query/],
  ["create table t as select 1", /must be a single query/],
  ["select * from query_table('dune.alice.private_notes')", /may not call query_table/],
  ["select * from query('select * from dune.alice.private_notes')", /may not call query/],
];

test.each(ESCAPES)("refused: %s", async (sql, error) => {
  const res = await run("bob", sql);
  expect(res.state).toBe("QUERY_STATE_FAILED");
  expect(res.error).toMatch(error);
});
