import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { sqlString } from "./sql-text";

/** A table the SQL names: `catalog.schema.table` with the parts it left out empty. */
export interface TableRef {
  catalog: string;
  schema: string;
  table: string;
}

/** A table to load before the SQL runs: its rows are in a Parquet file; `select` reads them (default `*`). */
export interface LoadedTable {
  schema: string;
  table: string;
  file: string;
  select?: string;
}

/** The tables the caller may read among those named (invisible and unknown ones are left out alike). */
export type TableResolver = (refs: readonly TableRef[]) => Promise<LoadedTable[]>;

/** The catalog user SQL sees as its default: uploads are `dune.<namespace>.<table>`, as on the real service. */
export const SQL_CATALOG = "dune";

/** Memory one SQL run may use before spilling to its own temp directory, and the most it may spill. */
const SQL_MEMORY = "1GB";
const SQL_MAX_SPILL = "8GB";

/**
 * A DuckDB instance for SQL text sent by a caller, which may read the tables it names (curated datasets, uploads it
 * can see) and nothing else. The instance starts with file access, which only the service's own statements below
 * use (ATTACH of an in-memory catalog, one CREATE TABLE … AS SELECT … FROM read_parquet per table the SQL names);
 * then external access goes off and the configuration is locked, both one-way, before the caller's SQL runs. From
 * there it is the sandbox of sandbox.ts: no file, no extension, no setting, and only the tables loaded, so a table
 * the caller may not see does not exist for it. One instance per run, closed after it.
 */
export async function openSqlSandbox(
  threads: number,
  spillDir: string,
): Promise<{ instance: DuckDBInstance; connection: DuckDBConnection }> {
  const instance = await DuckDBInstance.create(":memory:", {
    threads: String(threads),
    temp_directory: spillDir,
    memory_limit: SQL_MEMORY,
    max_temp_directory_size: SQL_MAX_SPILL,
    autoinstall_known_extensions: "false",
    autoload_known_extensions: "false",
  });
  return { instance, connection: await instance.connect() };
}

/** Loads the tables the SQL names and may read, then closes the sandbox (on this connection: `USE` is per connection). */
export async function loadAndLock(connection: DuckDBConnection, sql: string, resolve: TableResolver): Promise<void> {
  const tables = await resolve(await tableRefs(connection, sql));
  await connection.run(`ATTACH ':memory:' AS ${SQL_CATALOG}`);
  await connection.run(`USE ${SQL_CATALOG}`);
  for (const t of tables) {
    await connection.run(`CREATE SCHEMA IF NOT EXISTS ${SQL_CATALOG}.${ident(t.schema)}`);
    await connection.run(
      `CREATE TABLE ${SQL_CATALOG}.${ident(t.schema)}.${ident(t.table)} AS ` +
        `SELECT ${t.select ?? "*"} FROM read_parquet(${sqlString(t.file)})`,
    );
  }
  await connection.run("SET enable_external_access = false");
  await connection.run("SET lock_configuration = true");
}

/** The tables the SQL's syntax tree names (CTE names among them: a resolver finds nothing for those). */
async function tableRefs(connection: DuckDBConnection, sql: string): Promise<TableRef[]> {
  const reader = await connection.runAndReadAll("SELECT json_serialize_sql($1::VARCHAR)", [sql]);
  const found = new Map<string, TableRef>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node !== null && typeof node === "object") {
      const n = node as Record<string, unknown>;
      if (n.type === "BASE_TABLE" && typeof n.table_name === "string") {
        const ref = {
          catalog: String(n.catalog_name ?? "").toLowerCase(),
          schema: String(n.schema_name ?? "").toLowerCase(),
          table: n.table_name.toLowerCase(),
        };
        found.set(`${ref.catalog}.${ref.schema}.${ref.table}`, ref);
      }
      for (const value of Object.values(n)) walk(value);
    }
  };
  walk(JSON.parse(String(reader.getRows()[0]?.[0])));
  return [...found.values()];
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
