import { randomUUID } from "node:crypto";
import { addCredits, subtractCredits } from "../../billing";
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
import { counterId, type FileState, type StoredCounter, type StoredReservation } from "./file-state";

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
    record({ ...request, outcome: "refused-budget", estimate: request.estimate, credits: 0 });
    return { ok: false, refusal };
  }
  for (const c of new Set(Object.values(counters))) c.reserved = addCredits(c.reserved, request.estimate);
  const reservation: StoredReservation = {
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
  state.reservations[reservation.id] = reservation;
  const { periods: _p, state: _s, ...shown } = reservation;
  return { ok: true, reservation: shown };
}

/** Moves the estimate out of the reservation's counters and books `credits` (for an expired one, the difference). */
function settle(state: FileState, reservation: StoredReservation, credits: number, now: number): void {
  for (const c of new Set(Object.values(countersFor(state, reservation.person, reservation.periods, now)))) {
    if (reservation.state === "open") {
      c.reserved = subtractCredits(c.reserved, reservation.estimate);
      c.spent = addCredits(c.spent, credits);
    } else {
      c.spent = Math.max(0, addCredits(c.spent, credits, -reservation.estimate));
    }
  }
}

export function reconcileIn(state: FileState, id: string, settlement: Settlement, now: number, record: Record_): void {
  const reservation = state.reservations[id];
  if (!reservation) throw unknownReservation(id);
  settle(state, reservation, settlement.credits, now);
  delete state.reservations[id];
  const late = reservation.state === "expired";
  record({
    person: reservation.person,
    action: reservation.action,
    outcome: late ? "late-reconciled" : (settlement.outcome ?? "ok"),
    queryId: settlement.queryId ?? reservation.queryId,
    executionId: settlement.executionId ?? reservation.executionId,
    rows: settlement.rows ?? null,
    bytes: settlement.bytes ?? null,
    estimate: reservation.estimate,
    credits: late ? addCredits(settlement.credits, -reservation.estimate) : settlement.credits,
  });
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
    settle(state, reservation, reservation.estimate, now);
    reservation.state = "expired";
    expired++;
    record({
      person: reservation.person,
      action: reservation.action,
      outcome: "expired",
      queryId: reservation.queryId,
      executionId: reservation.executionId,
      estimate: reservation.estimate,
      credits: reservation.estimate,
    });
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
