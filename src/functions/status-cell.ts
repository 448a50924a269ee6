import { InvalidArgumentError } from "../client";
import { booleanValue, formatStatus } from "../service-cells";
import type { StatusWatchers } from "./status-watchers";

export interface StatusCellDeps {
  watchers: StatusWatchers;
  now: () => number;
  toError: (error: unknown) => CustomFunctions.Error;
}

/**
 * STATUS(execution_id, [detail]): a streaming cell fed by the shared poller of that execution until it ends.
 * Returns what stops it (the caller calls it from the invocation's onCanceled).
 */
export function serveStatus(
  deps: StatusCellDeps,
  executionId: unknown,
  detail: unknown,
  invocation: CustomFunctions.StreamingInvocation<string>,
): () => void {
  let id: string;
  let showDetail: boolean;
  try {
    id = typeof executionId === "string" ? executionId.trim() : "";
    if (id === "")
      throw new InvalidArgumentError("SERVICE.STATUS needs an execution id (the text the Run button gives)");
    showDetail = detail === null || detail === undefined || detail === "" ? true : booleanValue("detail", detail);
  } catch (error) {
    invocation.setResult(deps.toError(error));
    return () => undefined;
  }
  let active = true;
  const unwatch = deps.watchers.watch(id, (update) => {
    if (!active) return;
    if ("error" in update) invocation.setResult(deps.toError(update.error));
    else invocation.setResult(formatStatus(update.status, deps.now(), showDetail));
  });
  return () => {
    active = false;
    unwatch();
  };
}
