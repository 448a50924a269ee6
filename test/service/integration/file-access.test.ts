import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_QUERIES, type SavedQuery } from "../../../src/service";
import { api } from "../../support/http";
import { startTestService, waitFinished, type TestService } from "../../support/service";

/**
 * A saved query's SQL cannot reach a file, whatever it says: it must be a single query, and it runs in a DuckDB
 * instance with external access off and its configuration locked (test/service/engine/sandbox.test.ts shows that
 * instance refusing the other statements too). Here the SQL itself names the files a placeholder mistake would let a caller name:
 * other executions' results, the service's own database, the data directory. Each attempt fails, shows no server
 * path, and leaves nothing on disk.
 */
let svc: TestService;
let dataDir: string;
const results = () => join(dataDir, "results");

const FILES_OFF = /^Permission Error: Cannot access (file|directory) "\[path\]" - file system operations are disabled/;
/** Statements other than a query, and the functions that switch logging or run SQL text, are refused before running. */
const ONE_QUERY = /^A saved query's SQL must be a single query/;
const CALLS = /^A saved query may not call (enable_logging|query) /;

const ATTEMPTS: [string, (dir: string) => string, RegExp][] = [
  ["read_parquet", (d) => `select * from read_parquet('${d}/results/*.parquet')`, FILES_OFF],
  ["a file path as a table", (d) => `select * from '${d}/results/*.parquet'`, FILES_OFF],
  ["read_csv", (d) => `select * from read_csv('${d}/results/*.parquet')`, FILES_OFF],
  ["read_csv_auto", (d) => `select * from read_csv_auto('${d}/results/*.parquet')`, FILES_OFF],
  ["read_json", (d) => `select * from read_json('${d}/results/*.parquet')`, FILES_OFF],
  ["read_json_auto", (d) => `select * from read_json_auto('${d}/results/*.parquet')`, FILES_OFF],
  ["read_text", (d) => `select * from read_text('${d}/results/*.parquet')`, FILES_OFF],
  ["read_blob", (d) => `select * from read_blob('${d}/service.duckdb')`, FILES_OFF],
  ["read_ndjson", (d) => `select * from read_ndjson('${d}/results/*.parquet')`, FILES_OFF],
  ["read_ndjson_auto", (d) => `select * from read_ndjson_auto('${d}/results/*.parquet')`, FILES_OFF],
  ["read_json_objects", (d) => `select * from read_json_objects('${d}/results/*.parquet')`, FILES_OFF],
  ["read_json_objects_auto", (d) => `select * from read_json_objects_auto('${d}/results/*.parquet')`, FILES_OFF],
  ["read_ndjson_objects", (d) => `select * from read_ndjson_objects('${d}/results/*.parquet')`, FILES_OFF],
  ["read_duckdb", (d) => `select * from read_duckdb('${d}/service.duckdb')`, FILES_OFF],
  ["parquet_scan", (d) => `select * from parquet_scan('${d}/results/*.parquet')`, FILES_OFF],
  ["glob", (d) => `select * from glob('${d}/results/*')`, FILES_OFF],
  ["sniff_csv", (d) => `select * from sniff_csv('${d}/service.duckdb')`, FILES_OFF],
  ["parquet_metadata", (d) => `select * from parquet_metadata('${d}/results/*.parquet')`, FILES_OFF],
  ["parquet_schema", (d) => `select * from parquet_schema('${d}/results/*.parquet')`, FILES_OFF],
  ["parquet_file_metadata", (d) => `select * from parquet_file_metadata('${d}/results/*.parquet')`, FILES_OFF],
  ["parquet_kv_metadata", (d) => `select * from parquet_kv_metadata('${d}/results/*.parquet')`, FILES_OFF],
  ["parquet_full_metadata", (d) => `select * from parquet_full_metadata('${d}/results/*.parquet')`, FILES_OFF],
  ["parquet_bloom_probe", (d) => `select * from parquet_bloom_probe('${d}/results/*.parquet', 'id', 1)`, FILES_OFF],
  ["duckdb_extensions (lists a folder)", () => "select * from duckdb_extensions()", FILES_OFF],
  ["logging to a file", (d) => `select * from enable_logging(storage = 'file', storage_path = '${d}/logs')`, CALLS],
  ["COPY … TO", (d) => `copy (select 1 as a) to '${d}/written.csv'`, ONE_QUERY],
  ["COPY … FROM", (d) => `create table t (a varchar); copy t from '${d}/service.duckdb'; select * from t`, ONE_QUERY],
  ["ATTACH", (d) => `attach '${d}/service.duckdb' as svc; select * from svc.executions`, ONE_QUERY],
  ["INSTALL", () => "install httpfs", ONE_QUERY],
  ["LOAD", () => "load httpfs", ONE_QUERY],
  ["EXPORT DATABASE", (d) => `export database '${d}/exported'`, ONE_QUERY],
  [
    "turning external access back on",
    (d) => `set enable_external_access = true; select * from glob('${d}/*')`,
    ONE_QUERY,
  ],
  ["unlocking the configuration", () => "set lock_configuration = false", ONE_QUERY],
  ["SQL text run at run time", (d) => `select * from query('select * from glob(''${d}/*'')')`, CALLS],
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
    expect(existsSync(join(dataDir, "logs"))).toBe(false);
    expect(existsSync(results())).toBe(true);
  },
);
