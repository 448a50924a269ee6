import { addCredits } from "../../billing";
import { BUDGET_NAMES, budgetRefusal, budgetStatusOf, counterKeys, limitsOf, type Counters } from "../budget-rule";
import { unknownPerson, unknownReservation } from "../errors";
import type {
  AuditInput,
  BudgetStatus,
  Release,
  ReservationRequest,
  ReserveResult,
  Settlement,
} from "../gateway-store";
import { periodKeys, type PeriodKeys } from "../periods";
import {
  expiredChange,
  expiredEntry,
  newReservation,
  refusedEntry,
  settledChange,
  settledEntry,
  shownReservation,
  type CounterChange,
  type ReservationRecord,
} from "../reservation-record";
import { counterId, type FileState, type StoredCounter } from "./file-state";

/**
 * The budget operations on the file store's state, each synchronous from check to change (one process, one event
 * loop: nothing can come between), leaving the audit entries it makes to `record`.
 */
type Record_ = (entry: AuditInput) => void;

function counter(state: FileState, scope: string, period: string, now: number): StoredCounter {
  const id = counterId(scope, period);
  let found = state.counters[id];
  if (!found) state.counters[id] = found = { spent: 0, reserved: 0, touchedAt: now };
  found.touchedAt = now;
  return found;
}

function countersFor(state: FileState, person: string, periods: PeriodKeys, now: number) {
  const keys = counterKeys(person, periods);
  return Object.fromEntries(
    BUDGET_NAMES.map((name) => [name, counter(state, keys[name].scope, keys[name].period, now)]),
  ) as Record<keyof Counters, StoredCounter>;
}

function activePerson(state: FileState, name: string) {
  const person = state.people[name];
  if (!person || person.revokedAt !== null) throw unknownPerson(name);
  return person;
}

export function reserveIn(
  state: FileState,
  request: ReservationRequest,
  now: number,
  ttlMs: number,
  record: Record_,
): ReserveResult {
  const person = activePerson(state, request.person);
  const periods = periodKeys(state.team.timeZone, now);
  const counters = countersFor(state, request.person, periods, now);
  const refusal = budgetRefusal({
    person: request.person,
    limits: limitsOf(person.budgets, state.team),
    counters,
    estimate: request.estimate,
    zone: state.team.timeZone,
    now,
  });
  if (refusal) {
    record(refusedEntry(request));
    return { ok: false, refusal };
  }
  for (const c of new Set(Object.values(counters))) c.reserved = addCredits(c.reserved, request.estimate);
  const reservation = newReservation(request, periods, now, ttlMs);
  state.reservations[reservation.id] = reservation;
  return { ok: true, reservation: shownReservation(reservation) };
}

/** Applies the change to each of the reservation's counters (as PostgreSQL does, neither goes below 0). */
function change(state: FileState, reservation: ReservationRecord, by: CounterChange, now: number): void {
  for (const c of new Set(Object.values(countersFor(state, reservation.person, reservation.periods, now)))) {
    c.spent = Math.max(0, addCredits(c.spent, by.spent));
    c.reserved = Math.max(0, addCredits(c.reserved, by.reserved));
  }
}

export function reconcileIn(state: FileState, id: string, settlement: Settlement, now: number, record: Record_): void {
  const reservation = state.reservations[id];
  if (!reservation) throw unknownReservation(id);
  change(state, reservation, settledChange(reservation, settlement.credits), now);
  delete state.reservations[id];
  record(settledEntry(reservation, settlement));
}

export function releaseIn(state: FileState, id: string, release: Release, now: number, record: Record_): void {
  reconcileIn(
    state,
    id,
    { credits: 0, executionId: release.executionId, outcome: release.outcome ?? "failed" },
    now,
    record,
  );
}

export function expireIn(state: FileState, now: number, record: Record_): number {
  let expired = 0;
  for (const reservation of Object.values(state.reservations)) {
    if (reservation.state !== "open" || reservation.expiresAt > now) continue;
    change(state, reservation, expiredChange(reservation), now);
    reservation.state = "expired";
    expired++;
    record(expiredEntry(reservation));
  }
  return expired;
}

export function statusIn(state: FileState, name: string, now: number): BudgetStatus {
  const person = state.people[name];
  if (!person) throw unknownPerson(name);
  const periods = periodKeys(state.team.timeZone, now);
  const keys = counterKeys(name, periods);
  const counters = Object.fromEntries(
    BUDGET_NAMES.map((budget) => {
      const found = state.counters[counterId(keys[budget].scope, keys[budget].period)];
      return [budget, { spent: found?.spent ?? 0, reserved: found?.reserved ?? 0 }];
    }),
  ) as Counters;
  return budgetStatusOf(limitsOf(person.budgets, state.team), counters, state.team.timeZone, now);
}
