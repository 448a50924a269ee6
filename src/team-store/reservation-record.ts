import { randomUUID } from "node:crypto";
import { addCredits } from "../billing";
import type { AuditInput, Reservation, ReservationRequest, Settlement } from "./gateway-store";
import type { PeriodKeys } from "./periods";

/**
 * A reservation as both stores keep it: what the caller was given, the periods whose counters hold its estimate
 * (the day and month it was made in, whatever the time when it is settled), and whether it is still open or was
 * already counted at its estimate when it expired. The file store keeps it as it is in its state document; the
 * PostgreSQL store in a row of `gateway_reservations` (`day`, `month`, `state`).
 */
export interface ReservationRecord extends Reservation {
  periods: PeriodKeys;
  state: "open" | "expired";
}

/** A change to a counter: credits added to what is spent and to what is reserved (either may be negative). */
export interface CounterChange {
  spent: number;
  reserved: number;
}

/** A new open reservation of the request's estimate, expiring `ttlMs` from now. */
export function newReservation(
  request: ReservationRequest,
  periods: PeriodKeys,
  now: number,
  ttlMs: number,
): ReservationRecord {
  return {
    id: randomUUID(),
    person: request.person,
    action: request.action,
    estimate: request.estimate,
    queryId: request.queryId ?? null,
    executionId: request.executionId ?? null,
    createdAt: now,
    expiresAt: now + ttlMs,
    periods,
    state: "open",
  };
}

/** What the caller is given of a record. */
export function shownReservation(record: ReservationRecord): Reservation {
  const { periods: _periods, state: _state, ...shown } = record;
  return shown;
}

/** The audit entry of a request whose estimate did not fit a budget (nothing reserved, nothing spent). */
export function refusedEntry(request: ReservationRequest): AuditInput {
  return { ...request, outcome: "refused-budget", estimate: request.estimate, credits: 0 };
}

/** Whether a settlement comes after the reservation expired (its estimate already counted as spent). */
const isLate = (record: ReservationRecord) => record.state === "expired";

/**
 * The change to each of a reservation's counters when it is settled at `credits`: an open one's estimate moves out
 * of what is reserved and the credits are spent; an expired one was counted at its estimate, so only the
 * difference is booked.
 */
export function settledChange(record: ReservationRecord, credits: number): CounterChange {
  return isLate(record)
    ? { spent: addCredits(credits, -record.estimate), reserved: 0 }
    : { spent: credits, reserved: -record.estimate };
}

/** The change to each of a reservation's counters when it expires: counted at its estimate. */
export function expiredChange(record: ReservationRecord): CounterChange {
  return { spent: record.estimate, reserved: -record.estimate };
}

/** The audit entry of a reservation settled (reconciled, or released at 0 credits). */
export function settledEntry(record: ReservationRecord, settlement: Settlement): AuditInput {
  const late = isLate(record);
  return {
    person: record.person,
    action: record.action,
    outcome: late ? "late-reconciled" : (settlement.outcome ?? "ok"),
    queryId: settlement.queryId ?? record.queryId,
    executionId: settlement.executionId ?? record.executionId,
    rows: settlement.rows ?? null,
    bytes: settlement.bytes ?? null,
    estimate: record.estimate,
    credits: late ? addCredits(settlement.credits, -record.estimate) : settlement.credits,
  };
}

/** The audit entry of a reservation that expired unsettled, counted at its estimate. */
export function expiredEntry(record: ReservationRecord): AuditInput {
  return {
    person: record.person,
    action: record.action,
    outcome: "expired",
    queryId: record.queryId,
    executionId: record.executionId,
    estimate: record.estimate,
    credits: record.estimate,
  };
}
