import { type BudgetRefusal, automaticBudget, reserveAutomaticRead } from "../../functions";
import { formatCredits } from "../../billing";
import type { RefreshAllResult } from "./refresh-all";
import type { RefreshTablesOptions } from "./refresh-tables";

/** Why today's automatic budget refused a read, in words. */
export function refusalText(refusal: BudgetRefusal): string {
  if (refusal === "budget-off")
    return "the workbook has no daily budget for automatic refreshes (set one in the Report tab)";
  const b = automaticBudget();
  return `today's automatic budget has no room for it (${formatCredits(b.spentToday)} of ${formatCredits(b.creditsPerDay)} spent)`;
}

/** The ribbon's Refresh All reads bound tables only within today's automatic budget (it cannot ask). */
export const automaticTableReads: NonNullable<RefreshTablesOptions["automatic"]> = {
  reserve: reserveAutomaticRead,
  describe: refusalText,
};

// Symbol.for: one set of listeners even if the pane and commands bundles each carry a copy of this module.
const SLOT = Symbol.for("service-addin.ribbon-refresh-listeners");

function listeners(): Set<(result: RefreshAllResult) => void> {
  const scope = globalThis as { [SLOT]?: Set<(result: RefreshAllResult) => void> };
  scope[SLOT] ??= new Set();
  return scope[SLOT];
}

/** The ribbon's Refresh All tells its outcome (what it refreshed, what it skipped and why) to the pane, if open. */
export function announceRibbonRefresh(result: RefreshAllResult): void {
  for (const listener of [...listeners()]) {
    try {
      listener(result);
    } catch {
      // A closed pane must not stop the others.
    }
  }
}

export function onRibbonRefresh(listener: (result: RefreshAllResult) => void): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}
