import { shorten } from "../client";
import { type QueryCell, tierCostText } from "../service-cells";
import type { QueryActivity } from "./query-activity";
import type { BudgetState } from "./automatic-budget";
import { creditsNumber } from "../billing";

/** Excel shows at most this much of a custom error's message (see src/service-cells/cell-error.ts). */
const MAX_MESSAGE = 255;

/** "symbol=WETH, days=14": the inputs as the service receives them, in the cell's order. */
export function inputsText(parameters: QueryCell["parameters"]): string {
  return Object.entries(parameters)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(", ");
}

export interface WaitingState {
  /** The remembered run expired (the service keeps results 90 days). */
  expired: boolean;
  activity?: QueryActivity;
  budget: BudgetState;
}

/**
 * What a SERVICE.QUERY cell with no result to show says (#N/A): why, with its inputs, and what to do — with the
 * cost, since acting on it spends credits. Budget messages only for `run=on_change` cells (others never run alone).
 */
export function waitingMessage(cell: QueryCell, state: WaitingState): string {
  const inputs = inputsText(cell.parameters);
  const within = inputs ? ` (${inputs})` : "";
  const cost = tierCostText(cell.performance);
  const activity = state.activity;
  let message: string;
  if (activity?.phase === "running") {
    message = `Running with these inputs now${within}: the result appears here when it completes`;
  } else if (activity?.phase === "failed") {
    message = `The last run with these inputs failed: ${activity.message.replace(/\.?$/, ".")} Run it again from the Service pane (${cost})`;
  } else if (activity?.phase === "refused" && cell.runOnChange) {
    const { creditsPerDay, spentToday } = state.budget;
    message =
      activity.reason === "budget-off"
        ? `Not run${within}: automatic runs need a daily credit budget; set one in the Service pane's Report tab, or run it from there (${cost})`
        : `Not run${within}: today's budget for automatic runs and refreshes has no room for it (${creditsNumber(spentToday)} of ${creditsNumber(creditsPerDay)} credits spent); raise it in the Service pane's Report tab, or run it from there (${cost})`;
  } else if (cell.runOnChange && cell.noAddress) {
    message = `Not run${within}: run=on_change needs the cell's address, which this Excel build does not give add-ins; run it from the Service pane's Report (${cost})`;
  } else if (state.expired) {
    message = `The last run with these inputs has expired (results are kept 90 days): run it again from the Service pane (${cost})`;
  } else {
    message = `Not run with these inputs yet${within}: run it from the Service pane (${cost})`;
  }
  return shorten(message, MAX_MESSAGE);
}
