import { type BillingPlan, describePlan, formatBytes, formatCredits } from "../billing";
import { ServiceError, serviceErrorGuard, shorten } from "../client";

/** What a read was estimated at when it was stopped: size, rows, credits on the user's plan. */
export interface ReadCostFacts {
  bytes: number;
  rows?: number;
  credits: number;
  plan: BillingPlan;
  /** Credits already spent on it (its first pages) when it was stopped; 0 when nothing was fetched. */
  spent: number;
}

function sizeText(facts: ReadCostFacts): string {
  const rows = facts.rows === undefined ? "" : ` (${facts.rows.toLocaleString("en-US")} rows)`;
  return `about ${formatBytes(facts.bytes)}${rows}: ${formatCredits(facts.credits)} on ${describePlan(facts.plan)}`;
}

function spentText(spent: number): string {
  return spent > 0 ? ` Its first rows cost ${formatCredits(spent)}.` : " Nothing was fetched.";
}

/** A whole credit above the estimate, for the message's suggested cap. */
function suggestedCap(credits: number): number {
  return Math.max(1, Math.ceil(credits));
}

type OverCapInit = { cap: number; facts?: ReadCostFacts; where: "cell" | "pane" | "agreed" };

function overCapMessage(init: OverCapInit): string {
  const facts = (lead: string) =>
    init.facts === undefined ? "" : ` This read is ${lead}${sizeText(init.facts)}.${spentText(init.facts.spent)}`;
  // Held to the figure the user agreed to before the rest was read: not the cap per request, and not raised there.
  if (init.where === "agreed")
    return `Stopped: the rest proved dearer than the ${formatCredits(init.cap)} agreed to before it was read.${facts("now ")} Insert again to be asked at the new size.`;
  const raise =
    init.where === "cell"
      ? `raise it with "max_credits=${suggestedCap(init.facts?.credits ?? 1)}" (or the default in the Service pane's Account tab)`
      : "raise it in the Service pane's Account tab";
  if (init.cap <= 0)
    return `The cap per request is 0 credits: nothing may be spent on this read. To read it, ${raise}.`;
  return `Over the cap of ${formatCredits(init.cap)} per request: ${raise}, or narrow it with columns, filters or limit.${facts("")}`;
}

/**
 * A formula or an insert whose estimated cost is over its cap per request (`max_credits=`, or the user's default in
 * Account), or an insert whose rest proved dearer than the figure the user agreed to: it does not fetch (or stops
 * once a page shows the rest would pass it), and says how to raise the cap or narrow the read, then the size and the
 * credits on the user's plan. The remedy comes first: a cell's message is cut at 255 characters (after a prefix such
 * as `Column "chain". Not refreshed: `), and the pane's line too, so the facts, not the remedy, are what a cut loses.
 */
export class OverCapError extends ServiceError {
  static override readonly kind: string = "OverCapError";
  readonly facts: ReadCostFacts | undefined;
  readonly cap: number;
  constructor(init: OverCapInit) {
    const message = overCapMessage(init);
    super({ code: "OVER_CAP", message, userMessage: shorten(message, 255) });
    this.cap = init.cap;
    this.facts = init.facts;
  }
}

export const isOverCapError = serviceErrorGuard(OverCapError);

/**
 * An automatic read stopped after its first page, because the rest proved dearer than today's budget has room for:
 * the cells keep the values they had, and say why.
 */
export class BudgetHeldError extends ServiceError {
  static override readonly kind: string = "BudgetHeldError";
  readonly facts: ReadCostFacts;
  constructor(facts: ReadCostFacts) {
    const message =
      `Not refreshed: it has grown to ${sizeText(facts)}, more than today's automatic budget has room for.` +
      spentText(facts.spent);
    super({ code: "BUDGET_HELD", message, userMessage: shorten(message, 255) });
    this.facts = facts;
  }
}

export const isBudgetHeldError = serviceErrorGuard(BudgetHeldError);
