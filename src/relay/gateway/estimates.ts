import {
  MAX_INSERT_BYTES,
  estimateExecutionCredits,
  readCredits,
  uploadCredits,
  type BillingPlan,
  type PerformanceChoice,
} from "../../billing";

/**
 * What the gateway reserves before a request reaches the service, priced by the cost model. The reservation is
 * reconciled with the real cost afterwards, so an estimate only decides whether a request may start; the error of
 * the estimates in flight is what spending can pass a budget by.
 *
 * A read's bytes: its rows × the bytes of a row.
 * - Rows: `sample_count`, else `limit`, else what is left of a result whose size is known (the gateway learns it
 *   first when it is not: see `learnSize`), else a page at the service's per-request guard (250,000 datapoints);
 *   never more than what is left of a result of known size.
 * - A row's bytes: the most a row weighed in pages of the same source (an execution's results, a dataset, a query's
 *   latest result, with the same `columns`) this instance has forwarded, plus a tenth; before any, every value
 *   counted at 100 bytes (JSON pages of the service's own data weigh 20 to 75 bytes a value, CSV 9 to 17), over the
 *   columns asked for, else the columns known (a status, a one-row read, the dataset's catalog), else 32.
 * - Plus 4 kB for the envelope.
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
  /** The heaviest row seen in pages of this source, in bytes. */
  bytesPerRow?: number;
}

export interface ReadEstimate {
  bytes: number;
  credits: number;
}

const whole = (text: string | undefined): number | undefined =>
  text !== undefined && /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : undefined;

/** The read's estimated bytes and credits, from its parameters and what is known of its result. */
export function estimateRead(params: ReadonlyMap<string, string>, known: KnownSize, plan: BillingPlan): ReadEstimate {
  const asked = (params.get("columns") ?? "").split(",").filter((name) => name.trim() !== "").length;
  const columns = asked > 0 ? asked : (known.columns ?? ASSUMED_COLUMNS);
  const offset = whole(params.get("offset")) ?? 0;
  const left = known.totalRows === undefined ? undefined : Math.max(0, known.totalRows - offset);
  let rows =
    whole(params.get("sample_count")) ??
    whole(params.get("limit")) ??
    left ??
    Math.floor(GUARD_DATAPOINTS / Math.max(1, columns));
  if (left !== undefined) rows = Math.min(rows, left);
  const perRow =
    known.bytesPerRow !== undefined ? known.bytesPerRow * LEARNED_MARGIN : columns * DEFAULT_BYTES_PER_VALUE;
  // Rounded to a thousandth first, so float noise (200 × 1.1 = 220.00000000000003) never adds a byte.
  const bytes = Math.ceil(Math.round(rows * perRow * 1000) / 1000) + ENVELOPE_BYTES;
  return { bytes, credits: readCredits(bytes, plan) };
}

/** The tier an execute body names (`free` is the small tier's name on the wire); absent: the service chooses. */
export function requestedTier(body: Buffer | undefined): PerformanceChoice {
  let performance: unknown;
  try {
    performance = (JSON.parse(body?.toString("utf8") || "{}") as { performance?: unknown }).performance;
  } catch {
    return "auto"; // the service will refuse the body; nothing is spent
  }
  if (performance === undefined || performance === null) return "auto";
  if (performance === "free" || performance === "small") return "small";
  if (performance === "medium" || performance === "large") return performance;
  return "large"; // a name the service may know and we do not: the dearest
}

/**
 * An execute's estimate: the larger of its tier's price and what the same query's last run cost (from the audit).
 * The larger, so that a query last run on a cheaper tier is not estimated low on a dearer one.
 */
export function estimateExecution(tier: PerformanceChoice, lastCost: number | undefined): number {
  const byTier = estimateExecutionCredits({ performance: tier });
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
