import { addCredits } from "../../billing";
import {
  auditTotalsOf,
  GatewayInputError,
  periodKeys,
  type AuditEntry,
  type AuditTotals,
  type BudgetStatus,
  type GatewayStore,
  type Person,
} from "../../team-store";
import { gatewayRefusals } from "./gateway-refusals";

/** What the admin's usage page, CSV and JSON show for a range of days (in the team's zone, both ends included). */
export interface UsageReport {
  from: string;
  to: string;
  timeZone: string;
  totals: AuditTotals;
  /** Per person: the estimates reserved and what those requests were charged, and how far costs went above them. */
  estimates: EstimateSums[];
  /** Per person: requests answered from the cache, refused for the budget, cancels refused. */
  refusals: { person: string; cached: number; refusedBudget: number; forbidden: number }[];
  /** Everyone's budgets now (revoked people have none). */
  people: { person: Person; budgets?: BudgetStatus }[];
  entries: AuditEntry[];
}

export interface EstimateSums {
  person: string;
  estimated: number;
  charged: number;
  /** The sum of each request's cost above its estimate: what spending passed a budget by, at most. */
  aboveEstimate: number;
}

const DAY_MS = 24 * 3600 * 1000;
const MAX_DAYS = 366;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayMs(day: string, what: string): number {
  const at = Date.parse(`${day}T00:00:00Z`);
  if (!DATE.test(day) || !Number.isFinite(at) || new Date(at).toISOString().slice(0, 10) !== day) {
    throw gatewayRefusals.badRange(`${what} must be a date (YYYY-MM-DD), got "${day.slice(0, 20)}"`);
  }
  return at;
}

const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The range asked for: `from` and `to` dates, by default the last 30 days up to today in the team's zone. */
export function reportRange(query: ReadonlyMap<string, string>, today: string): { from: string; to: string } {
  const to = query.get("to") || today;
  const toMs = dayMs(to, "to");
  const from = query.get("from") || dayOf(toMs - 29 * DAY_MS);
  const fromMs = dayMs(from, "from");
  if (fromMs > toMs) throw gatewayRefusals.badRange("from must not be after to");
  if ((toMs - fromMs) / DAY_MS >= MAX_DAYS) throw gatewayRefusals.badRange(`at most ${MAX_DAYS} days at a time`);
  return { from, to };
}

/** The report for a range of days, from the audit log and the budgets as they stand. */
export async function usageReport(
  store: GatewayStore,
  query: ReadonlyMap<string, string>,
  now: number,
): Promise<UsageReport> {
  const { timeZone } = await store.teamSettings();
  const { from, to } = reportRange(query, periodKeys(timeZone, now).day);
  // Days are the zone's: fetch a day more on each side of the range in UTC, then keep the entries of its days.
  const fetched = await store.auditEntries({ from: dayMs(from, "from") - DAY_MS, to: dayMs(to, "to") + 2 * DAY_MS });
  const entries = fetched.filter((entry) => entry.day >= from && entry.day <= to);
  const people = [];
  for (const person of await store.listPeople()) {
    // A name the store no longer accepts (its state file edited by hand) is listed without budgets, not a 500.
    const budgets =
      person.revokedAt === null
        ? await store.budgetStatus(person.name).catch((error: unknown) => {
            if (error instanceof GatewayInputError) return undefined;
            throw error;
          })
        : undefined;
    people.push(budgets === undefined ? { person } : { person, budgets });
  }
  return {
    from,
    to,
    timeZone,
    totals: auditTotalsOf(entries),
    estimates: estimateSums(entries),
    refusals: refusalCounts(entries),
    people,
    entries,
  };
}

const SETTLED = new Set(["ok", "failed", "abandoned", "expired"]);

function estimateSums(entries: readonly AuditEntry[]): EstimateSums[] {
  const sums = new Map<string, EstimateSums>();
  for (const entry of entries) {
    let sum = sums.get(entry.person);
    if (!sum) sums.set(entry.person, (sum = { person: entry.person, estimated: 0, charged: 0, aboveEstimate: 0 }));
    if (entry.outcome === "late-reconciled") {
      sum.charged = addCredits(sum.charged, entry.credits);
      if (entry.credits > 0) sum.aboveEstimate = addCredits(sum.aboveEstimate, entry.credits);
    } else if (SETTLED.has(entry.outcome) && entry.estimate !== null) {
      sum.estimated = addCredits(sum.estimated, entry.estimate);
      sum.charged = addCredits(sum.charged, entry.credits);
      if (entry.credits > entry.estimate) {
        sum.aboveEstimate = addCredits(sum.aboveEstimate, entry.credits, -entry.estimate);
      }
    }
  }
  return [...sums.values()].sort((a, b) => (a.person < b.person ? -1 : 1));
}

function refusalCounts(entries: readonly AuditEntry[]): UsageReport["refusals"] {
  const counts = new Map<string, UsageReport["refusals"][number]>();
  for (const entry of entries) {
    let count = counts.get(entry.person);
    if (!count) counts.set(entry.person, (count = { person: entry.person, cached: 0, refusedBudget: 0, forbidden: 0 }));
    if (entry.outcome === "cached") count.cached++;
    if (entry.outcome === "refused-budget") count.refusedBudget++;
    if (entry.outcome === "forbidden") count.forbidden++;
  }
  return [...counts.values()].sort((a, b) => (a.person < b.person ? -1 : 1));
}
