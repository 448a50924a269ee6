/**
 * The real service's plans and what a megabyte exported costs on each. Source: the service's billing page
 * (api-reference/overview/billing, rewritten 2026-01-22 from datapoints to bytes): "Credits are consumed when
 * exporting query results via API or CSV", per MB exported: Free 20, Analyst 10, Plus 2, Enterprise custom.
 */
export const PLANS = ["free", "analyst", "plus", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

/** Credits per megabyte exported on the plans with a published rate; Enterprise has its own by contract. */
export const CREDITS_PER_MB: Readonly<Record<Exclude<Plan, "enterprise">, number>> = {
  free: 20,
  analyst: 10,
  plus: 2,
};

/** A plan with its rate: Enterprise carries the contract's credits per MB. */
export interface BillingPlan {
  plan: Plan;
  creditsPerMb: number;
}

/** Names the plan picker shows. */
export const PLAN_LABELS: Readonly<Record<Plan, string>> = {
  free: "Free",
  analyst: "Analyst",
  plus: "Plus",
  enterprise: "Enterprise",
};

/** The dearest published plan: what an unknown or unset plan counts as, so an estimate never comes out low. */
export const DEFAULT_PLAN: BillingPlan = { plan: "free", creditsPerMb: CREDITS_PER_MB.free };

export function isPlan(value: unknown): value is Plan {
  return typeof value === "string" && (PLANS as readonly string[]).includes(value);
}

/**
 * The billing plan from stored or typed values. An unknown plan counts as Free. Enterprise needs its contract's
 * credits per MB (a finite number, 0 or more); without one it counts as Free's rate, the dearest published.
 */
export function billingPlan(plan: unknown, enterpriseCreditsPerMb?: unknown): BillingPlan {
  const name = typeof plan === "string" ? plan.trim().toLowerCase() : plan;
  if (!isPlan(name)) return DEFAULT_PLAN;
  if (name !== "enterprise") return { plan: name, creditsPerMb: CREDITS_PER_MB[name] };
  const rate = typeof enterpriseCreditsPerMb === "string" ? Number(enterpriseCreditsPerMb) : enterpriseCreditsPerMb;
  const valid = typeof rate === "number" && Number.isFinite(rate) && rate >= 0;
  return { plan: "enterprise", creditsPerMb: valid ? rate : CREDITS_PER_MB.free };
}

/** "Free (20 credits per MB)". */
export function describePlan(plan: BillingPlan): string {
  return `${PLAN_LABELS[plan.plan]} (${plan.creditsPerMb} credits per MB)`;
}

/**
 * The most one formula or insert may spend unless it says otherwise (`max_credits=`) or the user sets another default:
 * 100 credits, 5 MB on Free. A cell's spill is refused past 2 MB of values anyway, so on every plan this lets
 * through whatever a cell can show, and stops an insert of a large result until its cost was looked at.
 */
export const DEFAULT_MAX_CREDITS = 100;
