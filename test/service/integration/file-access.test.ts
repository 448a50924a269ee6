import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_QUERIES, type SavedQuery } from "../../../src/service";
import { api } from "../../support/http";
import { startTestService, waitFinished, type TestService } from "../../support/service";

/**
 * A saved query's SQL cannot reach a file, whatever it says: it runs in a DuckDB instance with external access off
 * and its configuration locked. Here the SQL itself names the files a placeholder mistake would let a caller name:
 * other executions' results, the service's own database, the data directory. Each attempt fails, shows no server
 * path, and leaves nothing on disk.
 */
let svc: TestService;
let dataDir: string;
const results = () => join(dataDir, "results");

const FILES_OFF = /^Permission Error: Cannot access (file|directory) "\[path\]" - file system operations are disabled/;
const LOCKED = /Cannot change configuration option "\w+" - the configuration has been locked/;

const ATTEMPTS: [string, (dir: string) => string, RegExp][] = [
  ["read_parquet", (d) => `select * from read_parquet('${d}/results/*.parquet')`, FILES_OFF],
  ["a file path as a table", (d) => `select * from '${d}/results/*.parquet'`, FILES_OFF],
  ["read_csv", (d) => `select * from read_csv('${d}/results/*.parquet')`, FILES_OFF],
  ["read_csv_auto", (d) => `select * from read_csv_auto('${d}/results/*.parquet')`, FILES_OFF],
  ["read_json", (d) => `select * from read_json('${d}/results/*.parquet')`, FILES_OFF],
  ["read_json_auto", (d) => `select * from read_json_auto('${d}/results/*.parquet')`, FILES_OFF],
  ["read_text", (d) => `select * from read_text('${d}/results/*.parquet')`, FILES_OFF],
  ["read_blob", (d) => `select * from read_blob('${d}/service.duckdb')`, FILES_OFF],
  ["glob", (d) => `select * from glob('${d}/results/*')`, FILES_OFF],
  ["sniff_csv", (d) => `select * from sniff_csv('${d}/service.duckdb')`, FILES_OFF],
  ["parquet_metadata", (d) => `select * from parquet_metadata('${d}/results/*.parquet')`, FILES_OFF],
  ["parquet_schema", (d) => `select * from parquet_schema('${d}/results/*.parquet')`, FILES_OFF],
  ["COPY … TO", (d) => `copy (select 1 as a) to '${d}/written.csv'`, FILES_OFF],
  ["COPY … FROM", (d) => `create table t (a varchar); copy t from '${d}/service.duckdb'; select * from t`, FILES_OFF],
  ["ATTACH", (d) => `attach '${d}/service.duckdb' as svc; select * from svc.executions`, FILES_OFF],
  ["INSTALL", () => "install httpfs", FILES_OFF],
  ["LOAD", () => "load parquet; load httpfs", /Loading external extensions is disabled/],
  ["EXPORT DATABASE", (d) => `export database '${d}/exported'`, FILES_OFF],
  ["turning external access back on", (d) => `set enable_external_access = true; select * from glob('${d}/*')`, LOCKED],
  ["unlocking the configuration", () => "set lock_configuration = false", LOCKED],
];

const queries: SavedQuery[] = ATTEMPTS.map(([name], i) => ({
  query_id: 7100 + i,
  name: `File access: ${name}`,
  owner: "demo",
  team: null,
  is_private: false,
  parameters: [],
  sql: "select 1", // replaced below, once the data directory is known
}));

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "service-files-"));
  ATTEMPTS.forEach(([, sql], i) => (queries[i].sql = sql(dataDir)));
  svc = await startTestService({ dataDir, queries: [...DEMO_QUERIES, ...queries] });
  // Another execution's result on disk: the thing an injected read_parquet went after.
  const http = api(svc.url, svc.apiKey);
  const ack = await http.post("/v1/query/1002/execute", {});
  await waitFinished(svc.url, svc.apiKey, ack.body.execution_id as string);
}, 60_000);
afterAll(() => svc.close());

test.each(ATTEMPTS.map(([name, , reason], i) => [name, 7100 + i, reason] as const))(
  "%s from a saved query fails, shows no path and writes nothing",
  async (_name, queryId, reason) => {
    const http = api(svc.url, svc.apiKey);
    const ack = await http.post(`/v1/query/${queryId}/execute`, {});
    expect(ack.status).toBe(200);
    const status = await waitFinished(svc.url, svc.apiKey, ack.body.execution_id as string);
    expect(status.state).toBe("QUERY_STATE_FAILED");
    const message = (status.error as { message: string }).message;
    expect(message).toMatch(reason);
    expect(message).not.toContain(dataDir);
    expect(message).not.toMatch(/(^|[\s"'(=])\/[^\s"']/);
    expect(existsSync(join(dataDir, "written.csv"))).toBe(false);
    expect(existsSync(join(dataDir, "exported"))).toBe(false);
    expect(existsSync(results())).toBe(true);
  },
);
