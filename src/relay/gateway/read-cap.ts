import { bytesWithin, type BillingPlan } from "../../billing";
import { ENVELOPE_BYTES, estimateRead, type KnownSize } from "./estimates";

/** The service's per-request guard under its two names: lifted by either (`true`). */
const GUARD_NAMES = ["ignore_max_credits_per_request", "ignore_max_datapoints_per_request"];

/** A read as it goes upstream, and what it is reserved at. */
export interface CappedRead {
  /** The parameters sent upstream. */
  params: Map<string, string>;
  /** What the read holds of the budgets until its cost is known. */
  reserve: number;
  /** Whether the read goes under the team key's per-request cap (the guard kept). */
  capped: boolean;
}

/**
 * A read under the team key's per-request cap at the service (`--max-credits-per-request`, the cap set in the key's
 * settings): the one figure that bounds what a read can cost. The service's own size data bounds a page's rows, never
 * its bytes (a row of long text weighs what it weighs), so no estimate is an upper bound; the service's cap is: it
 * refuses, free, a read that would cost more, unless the request lifts its guard. So, with a cap:
 * - the guard is never lifted upstream (a person's `ignore_max_…=true` is dropped): every read is under the cap;
 * - a read estimated above the cap asks for fewer rows (its `limit` lowered to the rows whose estimate fits; the
 *   add-in asks for the rest from the page's `next_offset`, as for any short page), so that an ordinary page is not
 *   refused by the service for being large;
 * - it is reserved at its estimate, never more than the cap (it cannot cost more).
 * A read's cost then passes its reservation by less than the cap: the estimation error of one read is bounded by it.
 * Without a cap, the read goes as asked, reserved at its estimate.
 */
export function capRead(
  query: ReadonlyMap<string, string>,
  known: KnownSize,
  plan: BillingPlan,
  cap: number | undefined,
): CappedRead {
  const params = new Map(query);
  if (cap === undefined) return { params, reserve: estimateRead(params, known, plan).credits, capped: false };
  for (const name of GUARD_NAMES) params.delete(name);
  let estimate = estimateRead(params, known, plan);
  // A sample cannot be asked for in part (its rows are random): left whole, the service refuses it if it is too dear.
  if (estimate.credits > cap && !params.has("sample_count")) {
    const fitting = Math.floor((bytesWithin(cap, plan) - ENVELOPE_BYTES) / estimate.perRow);
    if (fitting >= 1 && fitting < estimate.rows) {
      params.set("limit", String(fitting));
      estimate = estimateRead(params, known, plan);
    }
  }
  return { params, reserve: Math.min(estimate.credits, cap), capped: true };
}
