import { addCredits, formatCredits, subtractCredits } from "../billing";
import type { BudgetName, BudgetRefusal, BudgetStatus, BudgetUse, Budgets } from "./gateway-store";
import { formatLocal, periodEnd, type PeriodKeys } from "./periods";

/**
 * The one budget rule both stores apply: a reservation fits when, for each of the person's and the team's day and
 * month budgets that has a limit, what is spent, plus what is reserved by requests in flight, plus this estimate
 * stays within the limit. Spending can still pass a limit by the estimation error of the requests in flight (an
 * actual cost above its estimate is booked as it is): that is the guarantee, and the audit shows both.
 */
export const BUDGET_NAMES: readonly BudgetName[] = ["person-day", "person-month", "team-day", "team-month"];

export interface Counter {
  spent: number;
  reserved: number;
}

export type Counters = Record<BudgetName, Counter>;

export type Limits = Record<BudgetName, number | null>;

export function limitsOf(person: Budgets, team: Budgets): Limits {
  return {
    "person-day": person.perDay,
    "person-month": person.perMonth,
    "team-day": team.perDay,
    "team-month": team.perMonth,
  };
}

/** Where each budget's counter lives: a scope (the person, or the team) and a period key. */
export interface CounterKey {
  scope: string;
  period: string;
}

export const TEAM_SCOPE = "team";

/** Each distinct counter once, in the order every store locks them (scope, then period), so two never deadlock. */
export function lockOrder(keys: readonly CounterKey[]): CounterKey[] {
  const unique = new Map(keys.map((key) => [`${key.scope}\u0000${key.period}`, key]));
  return [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, key]) => key);
}

export function counterKeys(person: string, periods: PeriodKeys): Record<BudgetName, CounterKey> {
  const { day, month } = periods;
  const scope = `person:${person}`;
  return {
    "person-day": { scope, period: `day:${day}` },
    "person-month": { scope, period: `month:${month}` },
    "team-day": { scope: TEAM_SCOPE, period: `day:${day}` },
    "team-month": { scope: TEAM_SCOPE, period: `month:${month}` },
  };
}

const resetPeriod = (budget: BudgetName) => (budget.endsWith("day") ? "day" : "month");

/** The first budget the estimate does not fit in, with its message; undefined when it fits them all. */
export function budgetRefusal(input: {
  person: string;
  limits: Limits;
  counters: Counters;
  estimate: number;
  zone: string;
  now: number;
}): BudgetRefusal | undefined {
  for (const budget of BUDGET_NAMES) {
    const limit = input.limits[budget];
    if (limit === null) continue;
    const { spent, reserved } = input.counters[budget];
    if (addCredits(spent, reserved, input.estimate) <= limit) continue;
    const resetsAt = periodEnd(input.zone, input.now, resetPeriod(budget));
    const whose = budget.startsWith("person") ? `${input.person}'s` : "The team's";
    const which = budget.endsWith("day") ? "daily" : "monthly";
    const inFlight = reserved > 0 ? `, ${formatCredits(reserved)} in flight` : "";
    const message =
      `${whose} ${which} budget of ${formatCredits(limit)} would be exceeded: ${formatCredits(spent)} spent` +
      `${inFlight}, and this request is estimated at ${formatCredits(input.estimate)}. ` +
      `It resets at ${formatLocal(input.zone, resetsAt)}.`;
    return { budget, limit, spent, reserved, estimate: input.estimate, resetsAt, message };
  }
  return undefined;
}

function use(limit: number | null, counter: Counter, resetsAt: number): BudgetUse {
  const left = limit === null ? null : subtractCredits(limit, addCredits(counter.spent, counter.reserved));
  return { limit, spent: counter.spent, reserved: counter.reserved, left, resetsAt };
}

export function budgetStatusOf(limits: Limits, counters: Counters, zone: string, now: number): BudgetStatus {
  const dayEnd = periodEnd(zone, now, "day");
  const monthEnd = periodEnd(zone, now, "month");
  return {
    person: {
      day: use(limits["person-day"], counters["person-day"], dayEnd),
      month: use(limits["person-month"], counters["person-month"], monthEnd),
    },
    team: {
      day: use(limits["team-day"], counters["team-day"], dayEnd),
      month: use(limits["team-month"], counters["team-month"], monthEnd),
    },
    timeZone: zone,
  };
}
