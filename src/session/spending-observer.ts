import { addCredits, estimateExecutionCredits, readCredits, reportedExecutionCredits } from "../billing";
import { type ClientObserver, isTerminal } from "../client";
import type { PerformanceChoice } from "../billing";
import type { CostMemory } from "./cost-memory";
import { type SpendingLedger, localDay } from "./spending-ledger";
import type { UsageTracker } from "./usage-tracker";
import type { UserBilling } from "./user-billing";

export interface SpendingDeps {
  usage: UsageTracker;
  ledger: SpendingLedger;
  costs: CostMemory;
  billing: UserBilling;
  now(): number;
  baseUrl(): string;
  /** The open workbook's id (its document settings), where spending is booked; none outside a workbook. */
  workbookId(): string | undefined;
}

/**
 * Counts what the session's client spends, as it happens: each billed result page at its exact size on the user's
 * plan; each execution the service accepted at its estimate (the last reported cost of the same query and tier, else
 * the tier's price), corrected when a status reports its `execution_cost_credits`. Into the session's counters and
 * the user's ledger under the workbook's id and the local day. Only executions this session started are counted:
 * a STATUS cell watching someone else's run is not our spending.
 */
export function spendingObserver(deps: SpendingDeps): ClientObserver {
  const started = new Map<string, { queryId?: number; performance: PerformanceChoice; counted: number }>();
  const book = (kind: "reads" | "executions", credits: number): void => {
    const id = deps.workbookId();
    const now = deps.now();
    if (id !== undefined) deps.ledger.book(id, localDay(now), kind, credits, now);
  };
  return {
    read(record) {
      if (!record.billed) return;
      const credits = readCredits(record.bytes, deps.billing.settings.plan);
      deps.usage.recordRead(record.bytes, credits);
      book("reads", credits);
    },
    executed(record) {
      // SQL text has no query whose last cost could price it: its tier's price.
      const lastCost =
        record.queryId === undefined
          ? undefined
          : deps.costs.execution(deps.baseUrl(), record.queryId, record.performance);
      const estimate = estimateExecutionCredits({ performance: record.performance, lastCost });
      started.set(record.executionId, { queryId: record.queryId, performance: record.performance, counted: estimate });
      deps.usage.recordExecution(estimate);
      book("executions", estimate);
    },
    status(status) {
      const run = started.get(status.execution_id);
      if (!run) return;
      const cost = reportedExecutionCredits(status);
      const ended = isTerminal(status);
      // A run not started yet reports 0: that is no news until it has ended (a run cancelled in the queue costs 0).
      if (cost === undefined || (cost === 0 && !ended)) return;
      const delta = addCredits(cost, -run.counted);
      if (delta !== 0) {
        deps.usage.adjustExecutionCredits(delta);
        book("executions", delta);
        run.counted = cost;
      }
      if (ended) {
        started.delete(status.execution_id);
        if (run.queryId !== undefined)
          deps.costs.rememberExecution(deps.baseUrl(), run.queryId, run.performance, cost, deps.now());
      }
    },
  };
}
