import type { DuckDBConnection } from "@duckdb/node-api";

/**
 * Functions a saved query may not call, though they touch no file themselves: the logging and profiling switches
 * (sent to a file, which the sandbox refuses, they leave log entries DuckDB can neither write nor drop, and closing
 * the instance then aborts the whole process), and the functions that run SQL text made at run time, which this check
 * could not see into.
 */
const FORBIDDEN = new Set([
  "enable_logging",
  "disable_logging",
  "truncate_duckdb_logs",
  "enable_profiling",
  "disable_profiling",
  "query",
  "query_table",
  "json_execute_serialized_sql",
]);

export const ONE_QUERY_MESSAGE = oneQueryMessage("A saved query's SQL");

/** The refusal of anything but one query, naming what was sent (a saved query's SQL, SQL text). */
export function oneQueryMessage(subject: string): string {
  return (
    `${subject} must be a single query (SELECT, WITH, VALUES, FROM, DESCRIBE, SUMMARIZE); ` +
    "other statements (CALL, SET, PRAGMA, COPY, ATTACH, EXPORT, INSTALL, LOAD, CREATE …) are refused."
  );
}

/**
 * Checks a saved query's SQL before it runs, with DuckDB's own parser (`json_serialize_sql`, which gives the syntax
 * tree of SELECT statements and refuses anything else): one query, calling none of the functions above. The sandbox
 * would refuse every file access anyway; this keeps the SQL to what a query is, and away from the one switch that
 * could end the process.
 */
export async function checkStatements(
  connection: DuckDBConnection,
  sql: string,
  subject: { sql: string; caller: string } = { sql: "A saved query's SQL", caller: "A saved query" },
): Promise<void> {
  const reader = await connection.runAndReadAll("SELECT json_serialize_sql($1::VARCHAR)", [sql]);
  const tree = JSON.parse(String(reader.getRows()[0][0])) as {
    error?: boolean;
    error_message?: string;
    statements?: unknown[];
  };
  if (tree.error) {
    if (/only select statements/i.test(tree.error_message ?? "")) throw new Error(oneQueryMessage(subject.sql));
    throw new Error(`Parser Error: ${tree.error_message ?? "the SQL could not be parsed"}`);
  }
  if (tree.statements?.length !== 1) throw new Error(oneQueryMessage(subject.sql));
  for (const name of functionNames(tree.statements)) {
    if (FORBIDDEN.has(name.toLowerCase())) {
      throw new Error(`${subject.caller} may not call ${name} (it changes the engine's logging or runs SQL text).`);
    }
  }
}

function functionNames(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) functionNames(item, found);
  else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "function_name" && typeof value === "string") found.add(value);
      else functionNames(value, found);
    }
  }
  return found;
}
