import type { Pool } from "pg";
import type { AuditSums, AuditTotals, TimeRange } from "../gateway-store";
import { count, num } from "./pg-rows";

interface TotalsRow {
  by_person: boolean;
  by_query: boolean;
  by_day: boolean;
  person: string | null;
  query_id: string | null;
  day: string | null;
  requests: string;
  credits: string | null;
  rows: string | null;
  bytes: string | null;
}

/**
 * The audit's sums over a range in one pass (grouping sets: all, per person, per query, per day), with the same
 * rules as the file store's (`auditTotalsOf`): a `late-reconciled` correction is not a request of its own.
 */
export async function auditTotalsSql(pool: Pool, range: TimeRange): Promise<AuditTotals> {
  const { rows } = await pool.query<TotalsRow>(
    `SELECT GROUPING(person) = 0 AS by_person, GROUPING(query_id) = 0 AS by_query, GROUPING(day) = 0 AS by_day,
            person, query_id, day,
            count(*) FILTER (WHERE outcome <> 'late-reconciled') AS requests,
            sum(credits) AS credits, sum(rows) AS rows, sum(bytes) AS bytes
     FROM gateway_audit WHERE at_ms >= $1 AND at_ms < $2
     GROUP BY GROUPING SETS ((), (person), (query_id), (day))`,
    [range.from, range.to],
  );
  const sums = (row: TotalsRow): AuditSums => ({
    requests: count(row.requests),
    credits: count(row.credits),
    rows: count(row.rows),
    bytes: count(row.bytes),
  });
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const all = rows.find((r) => !r.by_person && !r.by_query && !r.by_day);
  return {
    total: all ? sums(all) : { requests: 0, credits: 0, rows: 0, bytes: 0 },
    perPerson: rows
      .filter((r) => r.by_person)
      .map((r) => ({ person: r.person!, ...sums(r) }))
      .sort((a, b) => byText(a.person, b.person)),
    perQuery: rows
      .filter((r) => r.by_query)
      .map((r) => ({ queryId: num(r.query_id), ...sums(r) }))
      .sort((a, b) =>
        a.queryId === b.queryId ? 0 : a.queryId === null ? -1 : b.queryId === null ? 1 : a.queryId - b.queryId,
      ),
    perDay: rows
      .filter((r) => r.by_day)
      .map((r) => ({ day: r.day!, ...sums(r) }))
      .sort((a, b) => byText(a.day, b.day)),
  };
}
