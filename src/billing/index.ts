/**
 * The cost model: one place that prices everything (plans, credits per MB exported, executions), shared by the
 * add-in, the local service, the relay and the command-line tools. A leaf module: it imports nothing of ours.
 */
export {
  PLANS,
  PLAN_LABELS,
  CREDITS_PER_MB,
  DEFAULT_PLAN,
  DEFAULT_MAX_CREDITS,
  billingPlan,
  describePlan,
  isPlan,
  type Plan,
  type BillingPlan,
} from "./plans";
export { addCredits, creditsNumber, subtractCredits, roundUpCredits, formatCredits } from "./credits";
export { BYTES_PER_MB, readCredits, bytesWithin } from "./reads";
export {
  GROWTH_ALLOWANCE,
  MAX_KEPT_PAGES,
  PROBE_ROWS,
  bytesPerRow,
  estimateAgain,
  estimateRows,
  formatBytes,
  readSizeOf,
  type ReadEstimate,
  type ReadSize,
} from "./read-estimate";
export {
  PERFORMANCE_TIERS,
  PERFORMANCE_CHOICES,
  TIER_CREDITS,
  AUTO_TIER_ESTIMATE,
  isPerformanceChoice,
  pricedTier,
  estimateExecutionCredits,
  reportedExecutionCredits,
  type PerformanceTier,
  type PerformanceChoice,
  type ExecutionEstimateInput,
} from "./executions";
export { UPLOAD_CREDITS_PER_GB, UPLOAD_MINIMUM_CREDITS, MAX_INSERT_BYTES, uploadCredits } from "./uploads";
