import {
  AUTO_TIER_ESTIMATE,
  PERFORMANCE_CHOICES,
  type PerformanceChoice,
  estimateExecutionCredits,
  formatCredits,
  isPerformanceChoice,
} from "../billing";

/**
 * The performance tiers a run may ask for, in the words cells and the pane use, with their costs from the cost model
 * (src/billing owns every price). `auto` sends no tier and lets the service choose by plan, as its own command-line
 * client does since 2026; it is the default, and priced as the tier it is estimated at.
 */
export const TIER_CHOICES: readonly PerformanceChoice[] = PERFORMANCE_CHOICES;

export const DEFAULT_TIER: PerformanceChoice = "auto";

/** What a run on this tier is expected to cost, in credits. */
export function tierCredits(choice: PerformanceChoice): number {
  return estimateExecutionCredits({ performance: choice });
}

/** "10 credits", or for auto "an estimated 10 credits": what a message says a run will cost. */
export function tierCostText(choice: PerformanceChoice): string {
  const cost = formatCredits(tierCredits(choice));
  return choice === "auto" ? `an estimated ${cost}` : cost;
}

/** "Medium · 10 credits"; "Auto (the service chooses) · estimated as medium, 10 credits": the tier picker's words. */
export function tierLabel(choice: PerformanceChoice): string {
  const cost = formatCredits(tierCredits(choice));
  if (choice === "auto") return `Auto (the service chooses) · estimated as ${AUTO_TIER_ESTIMATE}, ${cost}`;
  return `${choice.charAt(0).toUpperCase()}${choice.slice(1)} · ${cost}`;
}

/** A tier as stored (bindings, history, older workbooks): a known choice, else the default. */
export function tierOf(value: unknown): PerformanceChoice {
  return isPerformanceChoice(value) ? value : DEFAULT_TIER;
}

/** The `performance=` option's value, or an error naming the choices. */
export function parseTier(text: string): PerformanceChoice | undefined {
  const tier = text.trim().toLowerCase();
  return isPerformanceChoice(tier) ? tier : undefined;
}
