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
  /**
   * Whether this opening clears what has gone stale by its clock: reservations past their time (expired), idle
   * counters, old run owners. The gateway's does (default), by the clock it decides days and windows with; the admin
   * command's does not (`ADMIN_STORE_OPTIONS`), so a skewed clock on the admin's machine never expires, forgets or
   * deletes anything the gateway still counts.
   */
  maintenance?: boolean;
}

/** How the admin command opens a store: it changes people and budgets, and leaves clearing to the gateway. */
export const ADMIN_STORE_OPTIONS: Readonly<GatewayStoreOptions> = { maintenance: false };

export const DEFAULT_RESERVATION_TTL_MS = 60 * 60 * 1000;

/** Expired reservations are looked for at most this often by each instance (on reserve and status). */
export const EXPIRY_SWEEP_INTERVAL_MS = 60_000;

export interface ResolvedOptions {
  clock: Clock;
  reservationTtlMs: number;
  pacingLimits: Partial<Record<PacingClass, number>>;
  pacingWindowMs: number;
  maintenance: boolean;
}

export function resolveOptions(options: GatewayStoreOptions = {}): ResolvedOptions {
  const { windowMs, ...limits } = options.pacing ?? {};
  return {
    clock: options.clock ?? systemClock,
    reservationTtlMs: options.reservationTtlMs ?? DEFAULT_RESERVATION_TTL_MS,
    pacingLimits: limits,
    pacingWindowMs: windowMs ?? DEFAULT_PACING_WINDOW_MS,
    maintenance: options.maintenance ?? true,
  };
}
