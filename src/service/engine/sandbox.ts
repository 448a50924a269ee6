import { DuckDBInstance } from "@duckdb/node-api";

/**
 * A DuckDB instance for one saved query's SQL, which must never reach a file: no read_* or glob, no COPY, ATTACH,
 * EXPORT, INSTALL or LOAD, whatever the SQL says (a placeholder mistake included). `enable_external_access = false`
 * is what DuckDB offers for that, but it is database-wide and one-way, so the instance that writes result files
 * cannot have it: the SQL runs here and its rows go to the writer as data chunks (see result-writer.ts).
 * `lock_configuration` then refuses every SET and PRAGMA that would change a setting (external access, the temp
 * directory). One instance per run: nothing a run creates (tables, macros, types) outlives it, and closing it frees
 * all its memory.
 *
 * The options are applied in this order, and it matters: DuckDB refuses to set a temp directory once external access
 * is off, and anything at all once the configuration is locked. The temp directory (an internal spill area no SQL
 * function can read) is the run's own: instances sharing one would overwrite each other's spill files.
 */
export function openSandbox(threads: number, spillDir: string): Promise<DuckDBInstance> {
  return DuckDBInstance.create(":memory:", {
    threads: String(threads),
    temp_directory: spillDir,
    autoinstall_known_extensions: "false",
    autoload_known_extensions: "false",
    enable_external_access: "false",
    lock_configuration: "true",
  });
}
