import type { BillingPlan } from "./plans";
import { roundUpCredits } from "./credits";

/**
 * The billing contract for reads. The service bills results "per MB exported" without defining a megabyte or the
 * rounding, so until it says otherwise: the bytes of each response body as sent, before compression, 1 MB =
 * 1,000,000 bytes, per request, credits kept to two decimals and never rounded down. Change this constant (and
 * only this one) if the service defines a megabyte as 2^20 bytes.
 */
export const BYTES_PER_MB = 1_000_000;

/** What one response body of `bytes` (uncompressed) costs on `plan`. An empty body costs nothing. */
export function readCredits(bytes: number, plan: BillingPlan): number {
  if (!Number.isFinite(bytes) || bytes <= 0) return 0;
  return roundUpCredits((bytes / BYTES_PER_MB) * plan.creditsPerMb);
}

/** The most bytes one request may return within `credits` on `plan` (Infinity on a plan that charges nothing). */
export function bytesWithin(credits: number, plan: BillingPlan): number {
  if (plan.creditsPerMb <= 0) return Infinity;
  if (!Number.isFinite(credits)) return Infinity;
  return Math.max(0, Math.floor((credits / plan.creditsPerMb) * BYTES_PER_MB));
}
