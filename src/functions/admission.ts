import { type BillingPlan, GROWTH_ALLOWANCE, roundUpCredits } from "../billing";
import type { ReadBudget } from "../session";
import type { AutomaticBudget } from "./automatic-budget";
import {
  type CanonicalRequest,
  type DocumentSettings,
  estimateRead,
  NotLoadedError,
  OPENED_WITHOUT_DATA,
} from "../service-cells";
import { holdMessage } from "./held-refreshes";
import { readOpenBehaviour } from "./open-phase";
import { readBudget } from "./reservation";
import type { InvokeContext } from "./result-cache";
import type { WorkbookRefreshTimes } from "./workbook-refresh-times";

/** A fetch an invoked cell may make now: an automatic one within its share of today's automatic budget. */
export interface Admission {
  /** The share of the automatic budget reserved for it (absent: a cell the user entered, priced by its cap alone). */
  budget?: ReadBudget;
  /** Gives back what the reservation held and did not spend. */
  close?(): void;
}

export interface AdmissionDeps {
  settings: () => DocumentSettings | undefined;
  times: Pick<WorkbookRefreshTimes, "bytesOf">;
  /** The workbook's daily budget for everything automatic (the same one scheduled refreshes spend from). */
  budget: Pick<AutomaticBudget, "reserve" | "room" | "state">;
  /** What the request cost when last read here (undefined: never read here). */
  estimate: (request: CanonicalRequest) => { credits: number } | undefined;
  plan: () => BillingPlan;
  now: () => number;
  /** The most a cell may show, in bytes: the estimate when no earlier read of the request was measured. */
  limitBytes: number;
}

/**
 * Decides, for an invoked cell with nothing current kept, between fetching now and saying it is not loaded. A cell
 * the user entered fetches (its cap prices it). A cell Excel runs again as the workbook opens is automatic work:
 * with "do nothing" on open it is not loaded; with "refresh" it fetches only within the workbook's daily automatic
 * budget, reserved at its estimate and reconciled as its pages come, the same rule as every scheduled refresh; a
 * request whose size is not known yet is not loaded (its cost could not be held to the budget). Explicit refreshes
 * (Refresh All, the pane's Load) do not come here.
 */
export function admission(
  deps: AdmissionDeps,
): (request: CanonicalRequest, context: InvokeContext) => Admission | Error {
  const notLoaded = (request: CanonicalRequest, reason: string): NotLoadedError =>
    new NotLoadedError(request, reason, estimateRead(deps.times.bytesOf(request.key), deps.limitBytes, deps.plan()));
  return (request, context) => {
    if (!context.opening) return {};
    if (readOpenBehaviour(deps.settings()) === "nothing") return notLoaded(request, OPENED_WITHOUT_DATA);
    const known = deps.estimate(request);
    const bytes = deps.times.bytesOf(request.key);
    const credits = known?.credits ?? (bytes === undefined ? undefined : estimateRead(bytes, 0, deps.plan()).credits);
    const held = (reason: "budget-off" | "budget-spent" | "size-unknown") =>
      notLoaded(request, heldReason(reason, deps, credits));
    if (credits === undefined) return held("size-unknown");
    const reservation = deps.budget.reserve("reads", credits, roundUpCredits(credits * GROWTH_ALLOWANCE));
    if (typeof reservation === "string") return held(reservation);
    return { budget: readBudget(deps.budget, reservation), close: () => reservation.close() };
  };
}

/** The held refresh's reason as the not-loaded cell's sentence (without the "Not refreshed at …" head). */
function heldReason(reason: "budget-off" | "budget-spent" | "size-unknown", deps: AdmissionDeps, credits?: number) {
  const now = deps.now();
  const message = holdMessage(reason, { heldAt: now, budget: deps.budget.state(), estimate: credits });
  return message.slice(message.indexOf(": ") + 2).replace(/(,? or|;) use Refresh All( once)?\.$/, ".");
}
