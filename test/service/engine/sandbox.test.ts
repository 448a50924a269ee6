import type { DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSandbox } from "../../../src/service/engine/sandbox";
import packageJson from "../../../package.json";

/**
 * The sandbox's guarantees come from DuckDB settings whose behaviour was checked on one version: the dependency is
 * pinned exactly, and this test names the engine version the checks ran on, so an upgrade is a deliberate step that
 * re-runs them (this file and test/service/integration/file-access.test.ts).
 */
let dir: string;
let db: DuckDBInstance;
let conn: DuckDBConnection;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sandbox-"));
  db = await openSandbox(1, join(dir, "spill"));
  conn = await db.connect();
});
afterAll(async () => {
  conn.closeSync();
  db.closeSync();
  await rm(dir, { recursive: true, force: true });
});

const run = async (sql: string) => (await conn.runAndReadAll(sql)).getRowsJson();

test("the engine is the pinned DuckDB v1.5.5 (package @duckdb/node-api 1.5.5-r.5)", async () => {
  expect(packageJson.dependencies["@duckdb/node-api"]).toBe("1.5.5-r.5");
  expect(await run("select version()")).toEqual([["v1.5.5"]]);
});

test("external access is off and the configuration locked", async () => {
  expect(await run("select current_setting('enable_external_access'), current_setting('lock_configuration')")).toEqual([
    [false, true],
  ]);
});

test.each([
  ["set enable_external_access = true", /configuration has been locked/],
  ["reset enable_external_access", /configuration has been locked/],
  ["set lock_configuration = false", /configuration has been locked/],
  ["set temp_directory = '/tmp'", /configuration has been locked/],
  ["set profiling_output = '/tmp/profile.json'", /configuration has been locked/],
  [`select * from read_csv('${__filename}')`, /file system operations are disabled/],
  [`copy (select 1) to '${tmpdir()}/sandbox-written.csv'`, /file system operations are disabled/],
  [`create table t (a varchar); copy t from '${__filename}'`, /file system operations are disabled/],
  [`attach '${__filename}' as f`, /file system operations are disabled/],
  [`export database '${tmpdir()}/sandbox-export'`, /file system operations are disabled/],
  ["install httpfs", /file system operations are disabled/],
  ["load httpfs", /Loading external extensions is disabled/],
])("%s is refused", async (sql, reason) => {
  await expect(run(sql)).rejects.toThrow(reason);
});
