import {
  MAX_INSERT_BYTES,
  estimateExecutionCredits,
  readCredits,
  uploadCredits,
  type BillingPlan,
  type PerformanceChoice,
} from "../../billing";
import { readWholeNumber } from "../../canonical-params";

/**
 * What the gateway reserves before a request reaches the service, priced by the cost model. The reservation is
 * reconciled with the real cost afterwards, so an estimate only decides whether a request may start; the error of
 * the estimates in flight is what spending can pass a budget by.
 *
 * A read's bytes: its rows × the bytes of a row.
 * - Rows: `sample_count`, else `limit`, else what is left of a result whose size is known (the gateway learns it
 *   first when it is not: see `learnSize`), else a page at the service's per-request guard (250,000 datapoints);
 *   never more than what is left of a result of known size, nor, unless the guard is lifted, than the guard lets
 *   one request return.
 * - A row's bytes: the largest of 100 bytes a value (JSON pages of the service's own data weigh 20 to 75 bytes a
 *   value, CSV 9 to 17) over the columns asked for, else the columns known (a status, a one-row read, the dataset's
 *   catalog), else 32; what the service says a row of the result weighs on average (`total_result_set_bytes` over
 *   `total_row_count`, from a free status or the one-row read), plus a tenth; and the heaviest row this person's
 *   full pages of the same rows (path, columns, filters, sort) weighed, plus a tenth. What was learned only ever
 *   raises an estimate: a light page (one person's, another filter's, another offset's) never prices a heavy one
 *   low.
 * - Plus 4 kB for the envelope.
 * A read estimated low is booked at what it cost once its answer has passed, the difference included, and the
 * person's next requests are refused until it fits again.
 */
export const DEFAULT_BYTES_PER_VALUE = 100;
export const ASSUMED_COLUMNS = 32;
export const ENVELOPE_BYTES = 4096;
export const LEARNED_MARGIN = 1.1;
export const GUARD_DATAPOINTS = 250_000;

/** What is known of the result a read pages through. */
export interface KnownSize {
  /** Rows of the whole result. */
  totalRows?: number;
  /** Its columns. */
  columns?: number;
  /** The heaviest row seen in the person's pages of the same rows, in bytes. */
  bytesPerRow?: number;
  /** A row's average bytes in the whole result, as the service reports it. */
  averageRowBytes?: number;
}

export interface ReadEstimate {
  bytes: number;
  credits: number;
  /** The rows it was estimated for, and the bytes of each (without the envelope). */
  rows: number;
  perRow: number;
}

/** Whole-number parameters are read as the service reads them (the gateway let through only canonical ones). */
const whole = readWholeNumber;

/** The read's estimated bytes and credits, from its parameters and what is known of its result. */
export function estimateRead(params: ReadonlyMap<string, string>, known: KnownSize, plan: BillingPlan): ReadEstimate {
  const asked = (params.get("columns") ?? "").split(",").filter((name) => name.trim() !== "").length;
  const columns = asked > 0 ? asked : (known.columns ?? ASSUMED_COLUMNS);
  const offset = whole(params.get("offset")) ?? 0;
  const left = known.totalRows === undefined ? undefined : Math.max(0, known.totalRows - offset);
  // One request returns at most a page at the guard, unless the guard is lifted (under either of its names).
  const lifted = ["ignore_max_credits_per_request", "ignore_max_datapoints_per_request"].some(
    (name) => params.get(name) === "true",
  );
  const guardRows = Math.floor(GUARD_DATAPOINTS / Math.max(1, columns));
  let rows = whole(params.get("sample_count")) ?? whole(params.get("limit")) ?? left ?? guardRows;
  if (left !== undefined) rows = Math.min(rows, left);
  if (!lifted) rows = Math.min(rows, guardRows);
  const perRow = Math.max(
    columns * DEFAULT_BYTES_PER_VALUE,
    (known.averageRowBytes ?? 0) * LEARNED_MARGIN,
    (known.bytesPerRow ?? 0) * LEARNED_MARGIN,
  );
  // Rounded to a thousandth first, so float noise (200 × 1.1 = 220.00000000000003) never adds a byte.
  const bytes = Math.ceil(Math.round(rows * perRow * 1000) / 1000) + ENVELOPE_BYTES;
  return { bytes, credits: readCredits(bytes, plan), rows, perRow };
}

/**
 * An execute's estimate: the larger of its tier's price and what the same query's last run cost (from the audit).
 * The larger, so that a query last run on a cheaper tier is not estimated low on a dearer one.
 */
export function estimateExecution(tier: PerformanceChoice, lastCost: number | undefined): number {
  const byTier = estimateExecutionCredits({ performance: tier });
  // The small tier costs nothing whatever the query (the service's docs); a last cost was another tier's.
  if (tier === "small") return byTier;
  return lastCost === undefined ? byTier : Math.max(byTier, estimateExecutionCredits({ performance: tier, lastCost }));
}

/**
 * An upload's estimate, as the service bills it: its bytes at the upload price (a creation's JSON body is small, so
 * its minimum; an insert or a CSV upload its declared length). A streamed body sent in chunks declares none: it is
 * reserved at the largest insert the service takes, and reconciled with what it wrote.
 */
export function estimateUpload(body: Buffer | undefined, bodyBytes: number | undefined): number {
  return uploadCredits(bodyBytes ?? body?.length ?? MAX_INSERT_BYTES);
}
