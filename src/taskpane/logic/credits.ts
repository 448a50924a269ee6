import type { Performance } from "../../client";
import { CREDITS_PER_EXECUTION } from "../../session";

export const PERFORMANCE_TIERS: readonly Performance[] = ["medium", "large"];

/** Credits a run costs on a tier (spec, Limits: 10 medium, 20 large). */
export function creditsFor(performance: Performance): number {
  return CREDITS_PER_EXECUTION[performance];
}

/** "Medium · 10 credits", for the tier picker and confirmations. */
export function tierLabel(performance: Performance): string {
  const name = performance.charAt(0).toUpperCase() + performance.slice(1);
  return `${name} · ${creditsFor(performance)} credits`;
}
