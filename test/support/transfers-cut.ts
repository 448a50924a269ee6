import { DEMO_QUERIES, type SavedQuery } from "../../src/service";

const TRANSFERS = DEMO_QUERIES.find((q) => q.query_id === 1003);
const ROWS = "range(1000000)";

/**
 * The demo's transfers (query 1003: 1,000,000 rows x 10 columns) cut to `rows` rows, saved as `queryId`: the same
 * columns and values, so the same bytes a row, for tests that read far fewer rows than a million and need not run
 * and store them all (running 1003 costs about 2 CPU seconds). Give it to the service with the demo's queries:
 * `startTestService({ queries: [...DEMO_QUERIES, transfersCut(100_000)] })`.
 */
export function transfersCut(rows: number, queryId = 9003): SavedQuery {
  if (!TRANSFERS?.sql.includes(ROWS)) throw new Error(`query 1003 no longer reads ${ROWS}: update transfersCut`);
  return {
    ...TRANSFERS,
    query_id: queryId,
    name: `Transfers (${rows.toLocaleString("en-US")} rows x 10 columns)`,
    sql: TRANSFERS.sql.replace(ROWS, `range(${rows})`),
  };
}
