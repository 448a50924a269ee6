/**
 * Billing cycles: calendar months in UTC. The real service bills per cycle and reports each as `start_date` and
 * `end_date` (`YYYY-MM-DD`, the end being the next cycle's first day, as its usage example has it: 2025-01-01 to
 * 2025-02-01); a key's credit limit applies to the cycle in force.
 */
export interface BillingPeriod {
  /** Epoch ms of the first instant, inclusive. */
  start: number;
  /** Epoch ms of the next period's first instant, exclusive. */
  end: number;
  /** `YYYY-MM` (the ledger's key). */
  id: string;
  startDate: string;
  endDate: string;
}

/** The most periods one usage request may ask for (ten years). */
export const MAX_PERIODS = 120;

function monthAt(year: number, month: number): BillingPeriod {
  const start = Date.UTC(year, month, 1);
  const end = Date.UTC(year, month + 1, 1);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { start, end, id: day(start).slice(0, 7), startDate: day(start), endDate: day(end) };
}

/** The period in force at `ms`. */
export function periodAt(ms: number): BillingPeriod {
  const date = new Date(ms);
  return monthAt(date.getUTCFullYear(), date.getUTCMonth());
}

/** Every period that has a day from `from` to `to` (epoch ms, both days included), oldest first. */
export function periodsBetween(from: number, to: number): BillingPeriod[] {
  const periods: BillingPeriod[] = [];
  for (let period = periodAt(from); period.start <= to; period = periodAt(period.end)) periods.push(period);
  return periods;
}

/** `YYYY-MM-DD` as the epoch ms of that day's start in UTC, or undefined when it is no such day. */
export function parseDay(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === text ? ms : undefined;
}
