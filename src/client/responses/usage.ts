import { InvalidArgumentError, InvalidResponseError } from "../errors/local-errors";
import type { CallOptions } from "../params";

/** The usage request: a period to report on (both dates, `YYYY-MM-DD`), or none for the current one. */
export interface UsageOptions extends CallOptions {
  startDate?: string;
  endDate?: string;
}

/** The request body: `{}` for the current period (the service's own clients send an empty object), or the dates. */
export function usageBody(options: UsageOptions): Record<string, string> {
  const { startDate, endDate } = options;
  if (startDate === undefined && endDate === undefined) return {};
  for (const [name, value] of [
    ["startDate", startDate],
    ["endDate", endDate],
  ] as const) {
    if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
      throw new InvalidArgumentError(
        `${name} must be a date written YYYY-MM-DD (both dates or neither); got ${String(value)}`,
      );
    }
  }
  if (startDate! > endDate!) throw new InvalidArgumentError(`startDate ${startDate} is after endDate ${endDate}`);
  return { start_date: startDate!, end_date: endDate! };
}

/** One billing period of POST /v1/usage: credits used and included, for the whole account. */
export interface BillingPeriod {
  /** `YYYY-MM-DD`. */
  start_date: string;
  end_date: string;
  credits_used: number;
  credits_included: number;
}

/**
 * POST /v1/usage (free: it spends no credits). The storage counts (`bytes_used`, `bytes_allowed`) are about stored
 * tables, not about results read. There is no breakdown per request or per key: credits used per billing period only.
 */
export interface Usage {
  billing_periods: BillingPeriod[];
  private_queries?: number;
  private_dashboards?: number;
  bytes_used?: number;
  bytes_allowed?: number;
}

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * The usage body as the client returns it. The service sends `billing_periods` (its API description, and its
 * TypeScript client's test against the live service); its documentation's example writes `billingPeriods`: either is
 * read. A period without its two dates and two numbers is left out rather than shown wrong.
 */
export function normalizeUsage(raw: unknown, method: string, path: string): Usage {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    throw new InvalidResponseError({ method, path, detail: "the usage is not a JSON object" });
  }
  const u = raw as Record<string, unknown>;
  const periods = u.billing_periods ?? u.billingPeriods;
  if (!Array.isArray(periods)) throw new InvalidResponseError({ method, path, detail: "no billing_periods" });
  const usage: Usage = { billing_periods: [] };
  for (const entry of periods as unknown[]) {
    const p = (entry ?? {}) as Record<string, unknown>;
    const { start_date: startDate, end_date: endDate, credits_used: used, credits_included: included } = p;
    if (typeof startDate !== "string" || typeof endDate !== "string" || !isNumber(used) || !isNumber(included))
      continue;
    usage.billing_periods.push({
      start_date: startDate,
      end_date: endDate,
      credits_used: used,
      credits_included: included,
    });
  }
  for (const key of ["private_queries", "private_dashboards", "bytes_used", "bytes_allowed"] as const) {
    const value = u[key];
    if (isNumber(value)) usage[key] = value;
  }
  return usage;
}
