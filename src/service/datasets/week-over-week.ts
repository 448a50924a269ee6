/**
 * Weekly figures of the social datasets with their week-over-week change. "Last week" is the same metric evaluated a
 * week of refreshes earlier, so `wow_x = x − x(refresh − one week)` and the last-week tier are consistent with what the
 * service actually served a week before, not independent noise.
 */
import { drifted } from "./drift";

// Module-local bindings, not `Math.x` in loops: see prng.ts.
const { floor, max, round } = Math;

/** Refreshes in a week on a 30-minute schedule. */
export const REFRESHES_PER_WEEK = 7 * 24 * 2;

/** A whole, non-negative weekly count around `base`, at refresh `k`, drifting with `sigma`. */
export function weeklyCount(base: number, key: number, k: number, sigma: number, minimum = 0): number {
  return max(minimum, round(drifted(base, key, k, sigma)));
}

/** A cumulative total that only grows: `base` at the epoch plus `perDay` for every day of refreshes since. */
export function growingTotal(base: number, perDay: number, k: number): number {
  return floor(base + (perDay * max(0, k)) / (REFRESHES_PER_WEEK / 7));
}
