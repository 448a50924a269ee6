import { roundUpCredits } from "./credits";

/**
 * Performance tiers the service names for executions. "auto" sends none and lets the service choose by plan, as
 * its official command-line client does since 2026.
 */
export const PERFORMANCE_TIERS = ["small", "medium", "large"] as const;
export type PerformanceTier = (typeof PERFORMANCE_TIERS)[number];
export type PerformanceChoice = PerformanceTier | "auto";
export const PERFORMANCE_CHOICES: readonly PerformanceChoice[] = ["auto", ...PERFORMANCE_TIERS];

/**
 * Credits per execution by tier: the local service charges these, and the add-in uses them as the estimate of a run
 * that has no better one. The real service bills executions by the compute they used (its status reports
 * `execution_cost_credits`); these are its last published fixed prices (10 medium, 20 large) and its docs' "the
 * Small engine costs 0 credits to run".
 */
export const TIER_CREDITS: Readonly<Record<PerformanceTier, number>> = { small: 0, medium: 10, large: 20 };

/** What "let the service choose" is estimated at: the dearest tier a Free plan may get (small or medium). */
export const AUTO_TIER_ESTIMATE: PerformanceTier = "medium";

export function isPerformanceChoice(value: unknown): value is PerformanceChoice {
  return typeof value === "string" && (PERFORMANCE_CHOICES as readonly string[]).includes(value);
}

/** The tier a choice is priced as. */
export function pricedTier(choice: PerformanceChoice | undefined): PerformanceTier {
  return choice === undefined || choice === "auto" ? AUTO_TIER_ESTIMATE : choice;
}

export interface ExecutionEstimateInput {
  performance?: PerformanceChoice;
  /** What the last run of the same query on the same tier cost, as the service reported it. */
  lastCost?: number;
}

/** An execution's estimated credits before it runs: the last reported cost of the same query, else the tier's price. */
export function estimateExecutionCredits(input: ExecutionEstimateInput): number {
  if (input.lastCost !== undefined && Number.isFinite(input.lastCost) && input.lastCost >= 0) {
    return roundUpCredits(input.lastCost);
  }
  return TIER_CREDITS[pricedTier(input.performance)];
}

/** The status's own `execution_cost_credits` when it carries one (a number, 0 or more); otherwise undefined. */
export function reportedExecutionCredits(status: { execution_cost_credits?: unknown }): number | undefined {
  const cost = status.execution_cost_credits;
  return typeof cost === "number" && Number.isFinite(cost) && cost >= 0 ? roundUpCredits(cost) : undefined;
}
