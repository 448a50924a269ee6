import type { BillingPlan } from "../billing";
import type { DocumentSettings } from "./document-value";
import { NotLoadedError, OPENED_WITHOUT_DATA, estimateRead } from "./not-loaded";
import { readOpenBehaviour } from "./open-phase";
import type { RefreshTimes } from "./refresh-times";
import type { CanonicalRequest } from "./request";
import type { InvokeContext } from "./result-cache";

/**
 * The hook for spending on automatic work: whether a cell that has nothing current kept may fetch by itself now.
 * `true` (or a truthy answer) lets it; `false` or `{reason}` holds it, and the cell says it is not loaded, why
 * (`reason`, a sentence) and what loading would cost. `opening` tells a re-invocation as the workbook opens (with
 * the workbook's choice to refresh on open; a workbook that opens doing nothing never asks). Explicit refreshes
 * (Refresh All, the pane's Load) never ask.
 */
export type MayFetchAutomatically = (
  request: CanonicalRequest,
  context: { opening: boolean },
) => boolean | { reason: string };

export interface AdmissionDeps {
  settings: () => DocumentSettings | undefined;
  times: Pick<RefreshTimes, "bytesOf">;
  mayFetchAutomatically: MayFetchAutomatically;
  plan: () => BillingPlan;
  /** The most a cell may show, in bytes: the estimate when no earlier read of the request was measured. */
  limitBytes: number;
}

/** Decides, for an invoked cell with nothing current kept, between fetching now and saying it is not loaded. */
export function admission(deps: AdmissionDeps): (request: CanonicalRequest, context: InvokeContext) => true | Error {
  const notLoaded = (request: CanonicalRequest, reason: string): NotLoadedError =>
    new NotLoadedError(request, reason, estimateRead(deps.times.bytesOf(request.key), deps.limitBytes, deps.plan()));
  return (request, context) => {
    if (context.opening && readOpenBehaviour(deps.settings()) === "nothing")
      return notLoaded(request, OPENED_WITHOUT_DATA);
    const verdict = deps.mayFetchAutomatically(request, { opening: context.opening });
    if (verdict === true) return true;
    if (verdict === false) return notLoaded(request, "loading by itself is held for now.");
    return notLoaded(request, verdict.reason);
  };
}
