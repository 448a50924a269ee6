import { DEMO_QUERIES, type SavedQuery } from "../src/service";

/** A saved query of the bench's service only: query 1003's rows cut to 100,000, for a bound table of that size. */
export const TRANSFERS_100K_ID = 1903;

function transfers(rows: number): SavedQuery {
  const base = DEMO_QUERIES.find((q) => q.query_id === 1003)!;
  return {
    ...base,
    query_id: TRANSFERS_100K_ID,
    name: `Transfers (${rows.toLocaleString("en-US")} rows x 10 columns)`,
    sql: base.sql.replace("range(1000000)", `range(${rows})`),
  };
}

/** The demo queries and the bench's own. */
export const BENCH_QUERIES: SavedQuery[] = [...DEMO_QUERIES, transfers(100_000)];
