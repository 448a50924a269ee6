/** The shape every curated dataset (E6–E11) implements; the HTTP layer only sees these. */
import type { DuckDBConnection } from "@duckdb/node-api";

/** A result column as the API reports it: `type` is the API's type name (`varchar`, `bigint`, `array(varchar)`, ...). */
export interface DatasetColumn {
  name: string;
  type: ApiColumnType;
}

/** The API type names the datasets use; `duckdbTypeOf` gives the matching DuckDB type. */
export type ApiColumnType = "varchar" | "bigint" | "integer" | "double" | "array(varchar)" | "date";

export type RefreshSchedule =
  { kind: "every"; minutes: number } | { kind: "daily"; hourUtc: number; minuteUtc: number };

export type DatasetName =
  "avs-stats" | "operator-metadata" | "dex-pairs" | "marketshare" | "social-channels" | "social-users";

/** A path segment of the route that selects rows: `/v1/dex/pairs/:chain` serves the rows whose `chain` is the segment. */
export interface PathParam {
  name: string;
  column: string;
  allowed: readonly string[];
}

export interface SnapshotArgs {
  seed: number;
  refreshIndex: number;
  /**
   * When the refresh happened. Informational only: the content is a function of (seed, refreshIndex) alone, and dates
   * inside the data (days of market share, account ages) come from the start of slot `refreshIndex` of the dataset's
   * schedule, so rewriting a snapshot later gives the same file.
   */
  refreshedAt: Date;
  parquetPath: string;
}

export interface DatasetDefinition {
  name: DatasetName;
  /** Fixed id reported as `query_id` in the envelope (9000001..9000006, in E6..E11 order). */
  queryId: number;
  /** fastify-style route, e.g. `/v1/dex/pairs/:chain`. */
  routePath: string;
  pathParams: readonly PathParam[];
  schedule: RefreshSchedule;
  /** Exactly the spec's columns, in the spec's order. */
  columns: readonly DatasetColumn[];
  /** Writes snapshot `refreshIndex` as Parquet with exactly `columns`. Deterministic for (seed, refreshIndex). */
  writeSnapshot(conn: DuckDBConnection, args: SnapshotArgs): Promise<void>;
}
