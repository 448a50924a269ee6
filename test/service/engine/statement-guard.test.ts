import type { DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSandbox } from "../../../src/service/engine/sandbox";
import { checkStatements, ONE_QUERY_MESSAGE } from "../../../src/service/engine/statement-guard";

let dir: string;
let db: DuckDBInstance;
let conn: DuckDBConnection;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "guard-"));
  db = await openSandbox(1, join(dir, "spill"));
  conn = await db.connect();
});
afterAll(async () => {
  conn.closeSync();
  db.closeSync();
  await rm(dir, { recursive: true, force: true });
});

test.each([
  "select 1",
  "select 1;",
  "with a as (select 1 as x) select * from a -- a comment",
  "values (1), (2)",
  "from range(3)",
  'select * from (select 1 as "query") q',
  "describe select 1",
  "summarize select 1",
  "select upper($$it's$$), e'\\n'",
])("%j is a query", async (sql) => {
  await expect(checkStatements(conn, sql)).resolves.toBeUndefined();
});

test.each([
  ["call enable_logging()", ONE_QUERY_MESSAGE],
  ["set threads = 4", ONE_QUERY_MESSAGE],
  ["pragma version", ONE_QUERY_MESSAGE],
  ["create table t (a int)", ONE_QUERY_MESSAGE],
  ["select 1; select 2", ONE_QUERY_MESSAGE],
  ["select 1; copy (select 1) to 'x.csv'", ONE_QUERY_MESSAGE],
  ["select * from enable_logging(storage = 'file', storage_path = 'logs')", "may not call enable_logging"],
  ['with l as (select * from "ENABLE_LOGGING"()) select 1', "may not call"],
  ["select * from enable_profiling()", "may not call enable_profiling"],
  ["select 1 where 1 in (select * from query('select 1'))", "may not call query"],
  ["select * from query_table('t')", "may not call query_table"],
  ["select * from json_execute_serialized_sql('{}')", "may not call json_execute_serialized_sql"],
  ["selec 1", 'Parser Error: syntax error at or near "selec"'],
])("%j is refused", async (sql, message) => {
  await expect(checkStatements(conn, sql)).rejects.toThrow(message);
});
