import type { QueryActivities } from "./query-activity";
import type { AutomaticBudget } from "./automatic-budget";
import { freshness, type QueryCell, type QueryRuns } from "../service-cells";
import { waitingMessage } from "./query-messages";

type Invocation = CustomFunctions.StreamingInvocation<unknown[][]>;

export interface QueryCellDeps {
  runs: QueryRuns;
  activity: QueryActivities;
  budget: AutomaticBudget;
  now(): number;
  /** Shows an execution's result in `sink` as a RESULTS cell would (cached, refreshed); returns the detach. */
  serve(executionId: string, cell: QueryCell, sink: Invocation): () => void;
  /** A #N/A with this message. */
  notAvailable(message: string): CustomFunctions.Error;
}

/**
 * One SERVICE.QUERY cell for as long as Excel keeps it: the result of the remembered run for its inputs (stale
 * ones too: still shown), switched to a newer run as soon as one is recorded, or #N/A saying why there is none
 * (not run, expired, running, failed, budget) and updated as that changes. Returns the stop for `onCanceled`.
 */
export function showQueryCell(deps: QueryCellDeps, key: string, cell: QueryCell, invocation: Invocation): () => void {
  let serving: { executionId: string; detach: () => void } | undefined;
  let shownMessage: string | undefined;
  const render = (): void => {
    const run = deps.runs.get(key);
    const fresh = freshness(run, cell.maxAgeHours, deps.now());
    if (run && fresh !== "expired") {
      if (serving?.executionId === run.executionId) return;
      serving?.detach();
      shownMessage = undefined;
      serving = { executionId: run.executionId, detach: deps.serve(run.executionId, cell, invocation) };
      return;
    }
    serving?.detach();
    serving = undefined;
    const message = waitingMessage(cell, {
      expired: fresh === "expired",
      activity: deps.activity.get(key),
      budget: deps.budget.state(),
    });
    if (message === shownMessage) return;
    shownMessage = message;
    invocation.setResult(deps.notAvailable(message));
  };
  const offRecord = deps.runs.onRecord((recorded) => recorded === key && render());
  const offActivity = deps.activity.onChange((changed) => changed === key && !serving && render());
  render();
  return () => {
    offRecord();
    offActivity();
    serving?.detach();
    serving = undefined;
  };
}
