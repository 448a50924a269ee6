import { systemClock, type Clock } from "../clock";
import type { PacingClass } from "./gateway-store";
import { DEFAULT_PACING_WINDOW_MS } from "./pacing-rule";

/** What both stores are opened with. */
export interface GatewayStoreOptions {
  clock?: Clock;
  /**
   * How long a reservation may stay open. Past it, a reservation nobody reconciled (its instance crashed, or the
   * person never asked for the status that reports the cost) is counted at its estimate and audited as `expired`;
   * a reconcile that still comes later books the difference. Default: one hour, longer than a typical execution.
   */
  reservationTtlMs?: number;
  /** The team key's limits per window and class; a class left out is not paced. */
  pacing?: Partial<Record<PacingClass, number>> & { windowMs?: number };
}

export const DEFAULT_RESERVATION_TTL_MS = 60 * 60 * 1000;

/** Expired reservations are looked for at most this often by each instance (on reserve and status). */
export const EXPIRY_SWEEP_INTERVAL_MS = 60_000;

export interface ResolvedOptions {
  clock: Clock;
  reservationTtlMs: number;
  pacingLimits: Partial<Record<PacingClass, number>>;
  pacingWindowMs: number;
}

export function resolveOptions(options: GatewayStoreOptions = {}): ResolvedOptions {
  const { windowMs, ...limits } = options.pacing ?? {};
  return {
    clock: options.clock ?? systemClock,
    reservationTtlMs: options.reservationTtlMs ?? DEFAULT_RESERVATION_TTL_MS,
    pacingLimits: limits,
    pacingWindowMs: windowMs ?? DEFAULT_PACING_WINDOW_MS,
  };
}
