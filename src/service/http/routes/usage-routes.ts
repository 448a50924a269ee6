import type { Caller } from "../../auth/keys";
import type { FastifyInstance } from "fastify";
import { badParameter } from "../../errors";
import { MAX_PERIODS, parseDay, periodAt, periodsBetween } from "../../credits/billing-periods";
import type { KeyBilling } from "../../credits/key-billing";
import type { SavedQuery } from "../../queries/saved-query";
import { callerOf } from "../caller";
import { ID_QUERY_SCHEMA, USAGE_BODY_SCHEMA, type IdQuery, type UsageBody } from "../route-schemas";

/** One billing period of the usage answer, as the real service's `models.BillingPeriod` has it. */
interface BillingPeriodBody {
  start_date: string;
  end_date: string;
  credits_used: number;
  credits_included: number;
}

/**
 * `POST /v1/usage` (free): the key's credits used per billing cycle (calendar months, UTC), executions and reads
 * together, in the real endpoint's shape. No body (or `{}`): the cycle in force; `start_date` and `end_date`
 * (`YYYY-MM-DD`, both): every cycle with a day between them. `credits_included` is the key's limit per cycle (0 when
 * it has none); `private_queries` counts the saved queries the key's user owns that are private; `bytes_used` and
 * `bytes_allowed` are the key's namespace's uploaded tables and its storage allowance; there are no dashboards.
 */
export function registerUsageRoutes(
  app: FastifyInstance,
  billing: KeyBilling,
  queries: readonly SavedQuery[],
  now: () => number,
  storage: (caller: Caller) => { used: number; allowed: number },
): void {
  app.post<{ Querystring: IdQuery; Body: UsageBody | null }>(
    "/v1/usage",
    { schema: { querystring: ID_QUERY_SCHEMA, body: USAGE_BODY_SCHEMA } },
    async (request) => {
      const caller = callerOf(request);
      const periods = requestedPeriods(request.body ?? {}, now());
      const stored = storage(caller);
      return {
        private_queries: queries.filter((q) => q.is_private && q.owner === caller.user).length,
        private_dashboards: 0,
        bytes_used: stored.used,
        bytes_allowed: stored.allowed,
        billing_periods: periods.map((period): BillingPeriodBody => ({
          start_date: period.startDate,
          end_date: period.endDate,
          credits_used: billing.spent(caller, period),
          credits_included: caller.credits ?? 0,
        })),
      };
    },
  );
}

function requestedPeriods(body: UsageBody, now: number) {
  const { start_date: startText, end_date: endText } = body;
  if (startText === undefined && endText === undefined) return [periodAt(now)];
  if (startText === undefined || endText === undefined) {
    throw badParameter(
      startText === undefined ? "start_date" : "end_date",
      "is needed with the other date (give both or neither)",
    );
  }
  const start = parseDay(startText);
  if (start === undefined)
    throw badParameter("start_date", `must be a date written YYYY-MM-DD, got "${startText.slice(0, 40)}"`);
  const end = parseDay(endText);
  if (end === undefined)
    throw badParameter("end_date", `must be a date written YYYY-MM-DD, got "${endText.slice(0, 40)}"`);
  if (start > end) throw badParameter("end_date", `${endText} is before start_date ${startText}`);
  const periods = periodsBetween(start, end);
  if (periods.length > MAX_PERIODS) {
    throw badParameter("end_date", `the dates span ${periods.length} billing periods; ask for ${MAX_PERIODS} at most`);
  }
  return periods;
}
