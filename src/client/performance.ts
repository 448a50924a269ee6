import { PERFORMANCE_CHOICES, type PerformanceChoice, type PerformanceTier, isPerformanceChoice } from "../billing";
import { InvalidArgumentError } from "./errors/local-errors";

/**
 * Each tier's name in the execute body. The service's API description lists `medium` and `large`; its docs call the
 * smallest engine "small", but its official command-line client (2026) accepts `free`, `medium` and `large` and
 * refuses `small`, so the smallest tier is sent as `free`.
 */
export const TIER_WIRE_NAMES: Readonly<Record<PerformanceTier, string>> = {
  small: "free",
  medium: "medium",
  large: "large",
};

/**
 * The `performance` field an execute sends for a choice: none for `auto` (or no choice), so the service picks the
 * tier by plan as its own command-line client lets it since 2026. An unknown choice is refused before any request.
 */
export function wirePerformance(choice: unknown): string | undefined {
  if (choice === undefined || choice === "auto") return undefined;
  if (!isPerformanceChoice(choice)) {
    const names = PERFORMANCE_CHOICES.join(", ").replace(/, (\w+)$/, " or $1");
    throw new InvalidArgumentError(`performance must be ${names}; got "${String(choice)}"`);
  }
  return TIER_WIRE_NAMES[choice as Exclude<PerformanceChoice, "auto">];
}
