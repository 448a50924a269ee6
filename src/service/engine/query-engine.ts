import type { ResultColumn } from "../executions/execution-record";
import type { TableResolver } from "./sql-sandbox";

export interface StoredResult {
  rowCount: number;
  columns: ResultColumn[];
  /** Size of the stored result file. */
  bytes: number;
  /** True when the result was cut to fit the maximum stored size. */
  truncated: boolean;
}

export interface RunningQuery {
  done: Promise<StoredResult>;
  /** Stops the statement; `done` then rejects with QueryCancelledError. */
  cancel(): void;
}

export class QueryCancelledError extends Error {
  constructor() {
    super("cancelled");
    this.name = "QueryCancelledError";
  }
}

/**
 * What the executor needs from an engine. DuckDB implements it here; a distributed engine writing to an object
 * store could implement the same without the HTTP layer noticing.
 */
export interface RunOptions {
  tier: "medium" | "large";
  file: string;
  maxBytes: number;
  /** SQL text sent by a caller: the tables it may read (absent for a saved query's SQL, which reads none). */
  tables?: TableResolver;
  /** Past this the run is stopped and fails, saying so. */
  timeLimitMs?: number;
}

export interface QueryEngine {
  runToFile(sql: string, options: RunOptions): RunningQuery;
  close(): Promise<void>;
}
