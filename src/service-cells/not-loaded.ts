import { type BillingPlan, PLAN_LABELS, addCredits, formatCredits, readCredits } from "../billing";
import type { CanonicalRequest } from "./request";

/** What loading a request would cost, as far as can be told before asking. */
export interface ReadEstimate {
  credits: number;
  bytes: number;
  /** True when the size is what an earlier read of it measured; false when it is the most a cell may show. */
  measured: boolean;
  plan: BillingPlan;
}

/**
 * A read's price before it is made: the response size an earlier refresh of the workbook recorded for the request
 * (a refresh outside Excel may record it), else the most a SERVICE cell may show (the spill limit), priced by the cost
 * model on the user's plan (the dearest published when not known).
 */
export function estimateRead(measuredBytes: number | undefined, limitBytes: number, plan: BillingPlan): ReadEstimate {
  const measured = measuredBytes !== undefined && Number.isFinite(measuredBytes) && measuredBytes > 0;
  const bytes = measured ? measuredBytes : limitBytes;
  return { credits: readCredits(bytes, plan), bytes, measured, plan };
}

export function estimateText(estimate: ReadEstimate): string {
  const credits = formatCredits(estimate.credits);
  return `${estimate.measured ? "about" : "up to"} ${credits} on the ${PLAN_LABELS[estimate.plan.plan]} plan`;
}

/** Why a cell shows no data: nothing kept for it here, and nothing may be fetched without the user (yet). */
export class NotLoadedError extends Error {
  constructor(
    readonly request: CanonicalRequest,
    /** Why nothing was fetched, as a sentence. */
    readonly reason: string,
    readonly estimate: ReadEstimate,
  ) {
    super(
      `Not loaded: ${reason} Loading it costs ${estimateText(estimate)}: Load in the Service pane, or Refresh All.`,
    );
    this.name = "NotLoadedError";
  }
}

export function isNotLoadedError(error: unknown): error is NotLoadedError {
  return error instanceof NotLoadedError;
}

/** The reason given when a workbook opened with "do nothing" and this computer keeps no copy of a cell's data. */
export const OPENED_WITHOUT_DATA =
  "this computer keeps no copy of this data, and the workbook opens without refreshing.";

/** One request whose cells say their data is not loaded: what the pane lists. */
export interface NotLoadedRow {
  key: string;
  /** The formula's source in words ("DATASET dex/pairs/ethereum", "RESULTS of query 1001"). */
  label: string;
  /** Its live invocations (Excel may run identical formulas in several cells as one). */
  cells: number;
  reason: string;
  estimate: ReadEstimate;
  /** What loading it costs, in words ("up to 40 credits on the Free plan"). */
  cost: string;
}

/** What loading all of `rows` costs, in words ("up to 80 credits"). */
export function loadCostText(rows: readonly NotLoadedRow[]): string {
  const total = addCredits(...rows.map((r) => r.estimate.credits));
  return `${rows.every((r) => r.estimate.measured) ? "about" : "up to"} ${formatCredits(total)}`;
}

/** A request in words for the pane's list. */
export function requestLabel(request: CanonicalRequest): string {
  const source = request.source;
  const query = request.key.includes("?")
    ? ` (${decodeURIComponent(request.key.slice(request.key.indexOf("?") + 1))})`
    : "";
  if (source.kind === "dataset") return `DATASET ${source.path.replace(/^\/v1\//, "")}${query}`;
  if (source.kind === "execution") return `RESULTS of execution ${source.executionId}${query}`;
  return `RESULTS of query ${source.queryId}${query}`;
}

/** The requests whose cells show "not loaded" now, and who to tell when that changes. */
export class NotLoadedCells {
  readonly #errors = new Map<string, NotLoadedError>();
  readonly #listeners = new Set<() => void>();

  /** What `key`'s cells were last told: not loaded (the error), or anything else (undefined). */
  set(key: string, error: NotLoadedError | undefined): void {
    if (error === undefined ? !this.#errors.delete(key) : this.#errors.get(key) === error) return;
    if (error) this.#errors.set(key, error);
    for (const listener of [...this.#listeners]) listener();
  }

  keys(): string[] {
    return [...this.#errors.keys()];
  }

  rows(cellsOf: (key: string) => number): NotLoadedRow[] {
    return [...this.#errors].map(([key, error]) => ({
      key,
      label: requestLabel(error.request),
      cells: cellsOf(key),
      reason: error.reason,
      estimate: error.estimate,
      cost: estimateText(error.estimate),
    }));
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
