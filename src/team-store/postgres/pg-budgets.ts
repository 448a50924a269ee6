import type { ClientBase } from "pg";
import {
  BUDGET_NAMES,
  budgetRefusal,
  budgetStatusOf,
  counterKeys,
  limitsOf,
  lockOrder,
  type CounterKey,
  type Counters,
} from "../budget-rule";
import { unknownPerson, unknownReservation } from "../errors";
import type {
  AuditInput,
  BudgetStatus,
  ReservationRequest,
  ReserveResult,
  Settlement,
  TeamSettings,
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
import { count, num, reservationOf, type ReservationRow } from "./pg-rows";

/**
 * Budget operations in SQL, each inside the caller's transaction. Counter rows are locked `FOR UPDATE` in one
 * order (scope, then period, byte-wise) by every operation, so reservations from any number of instances are
 * checked and counted one after another on the rows they share, and never deadlock on them.
 */
interface CounterRow {
  scope: string;
  period: string;
  spent: string;
  reserved: string;
}

const keyOf = (scope: string, period: string) => `${scope}\u0000${period}`;

/** Creates missing counter rows (outside the transaction that locks them, so creating never holds a lock). */
export async function ensureCounters(client: ClientBase, keys: readonly CounterKey[]): Promise<void> {
  const ordered = lockOrder(keys);
  await client.query(
    `INSERT INTO gateway_counters (scope, period)
     SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
    [ordered.map((k) => k.scope), ordered.map((k) => k.period)],
  );
}

/** Locks the counters in the one order and returns them by key. */
async function lockCounters(client: ClientBase, keys: readonly CounterKey[]): Promise<Map<string, CounterRow>> {
  const ordered = lockOrder(keys);
  const { rows } = await client.query<CounterRow>(
    `SELECT scope, period, spent, reserved FROM gateway_counters
     WHERE (scope, period) IN (SELECT * FROM unnest($1::text[], $2::text[]))
     ORDER BY scope COLLATE "C", period COLLATE "C" FOR UPDATE`,
    [ordered.map((k) => k.scope), ordered.map((k) => k.period)],
  );
  return new Map(rows.map((row) => [keyOf(row.scope, row.period), row]));
}

async function addToCounters(client: ClientBase, keys: readonly CounterKey[], { spent, reserved }: CounterChange) {
  const ordered = lockOrder(keys);
  await client.query(
    `UPDATE gateway_counters SET spent = GREATEST(spent + $3::numeric, 0), reserved = GREATEST(reserved + $4::numeric, 0)
     WHERE (scope, period) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    [ordered.map((k) => k.scope), ordered.map((k) => k.period), spent, reserved],
  );
}

interface LimitsRow {
  revoked_at_ms: string | null;
  budget_per_day: string | null;
  budget_per_month: string | null;
}

export async function reserveSql(
  client: ClientBase,
  request: ReservationRequest,
  team: TeamSettings,
  periods: PeriodKeys,
  now: number,
  ttlMs: number,
  audit: AuditInput[],
): Promise<ReserveResult> {
  const person = (
    await client.query<LimitsRow>(
      "SELECT revoked_at_ms, budget_per_day, budget_per_month FROM gateway_people WHERE name = $1",
      [request.person],
    )
  ).rows[0];
  if (!person || person.revoked_at_ms !== null) throw unknownPerson(request.person);
  const keys = counterKeys(request.person, periods);
  const locked = await lockCounters(client, Object.values(keys));
  const counters = Object.fromEntries(
    BUDGET_NAMES.map((budget) => {
      const row = locked.get(keyOf(keys[budget].scope, keys[budget].period));
      return [budget, { spent: count(row?.spent ?? null), reserved: count(row?.reserved ?? null) }];
    }),
  ) as Counters;
  const limits = limitsOf({ perDay: num(person.budget_per_day), perMonth: num(person.budget_per_month) }, team);
  const refusal = budgetRefusal({
    person: request.person,
    limits,
    counters,
    estimate: request.estimate,
    zone: team.timeZone,
    now,
  });
  if (refusal) {
    audit.push(refusedEntry(request));
    return { ok: false, refusal };
  }
  await addToCounters(client, Object.values(keys), { spent: 0, reserved: request.estimate });
  const reservation = newReservation(request, periods, now, ttlMs);
  await client.query(
    `INSERT INTO gateway_reservations (id, person, action, estimate, query_id, execution_id, day, month, created_at_ms, expires_at_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      reservation.id,
      reservation.person,
      reservation.action,
      reservation.estimate,
      reservation.queryId,
      reservation.executionId,
      reservation.periods.day,
      reservation.periods.month,
      reservation.createdAt,
      reservation.expiresAt,
    ],
  );
  return { ok: true, reservation: shownReservation(reservation) };
}

const reservationKeys = (reservation: ReservationRecord) =>
  Object.values(counterKeys(reservation.person, reservation.periods));

export async function reconcileSql(
  client: ClientBase,
  id: string,
  settlement: Settlement,
  audit: AuditInput[],
): Promise<void> {
  const row = (await client.query<ReservationRow>("SELECT * FROM gateway_reservations WHERE id = $1 FOR UPDATE", [id]))
    .rows[0];
  if (!row) throw unknownReservation(id);
  const reservation = reservationOf(row);
  await lockCounters(client, reservationKeys(reservation));
  await addToCounters(client, reservationKeys(reservation), settledChange(reservation, settlement.credits));
  await client.query("DELETE FROM gateway_reservations WHERE id = $1", [id]);
  audit.push(settledEntry(reservation, settlement));
}

/** Counts expired reservations at their estimate; the ones another instance is settling are skipped. */
export async function expireSql(client: ClientBase, now: number, audit: AuditInput[]): Promise<number> {
  const { rows } = await client.query<ReservationRow>(
    `SELECT * FROM gateway_reservations WHERE state = 'open' AND expires_at_ms <= $1
     ORDER BY id LIMIT 500 FOR UPDATE SKIP LOCKED`,
    [now],
  );
  if (rows.length === 0) return 0;
  const reservations = rows.map(reservationOf);
  await lockCounters(client, reservations.flatMap(reservationKeys));
  for (const reservation of reservations) {
    await addToCounters(client, reservationKeys(reservation), expiredChange(reservation));
    audit.push(expiredEntry(reservation));
  }
  await client.query("UPDATE gateway_reservations SET state = 'expired' WHERE id = ANY($1::uuid[])", [
    rows.map((r) => r.id),
  ]);
  return rows.length;
}

export async function statusSql(
  client: ClientBase,
  name: string,
  team: TeamSettings,
  now: number,
): Promise<BudgetStatus> {
  const person = (
    await client.query<LimitsRow>(
      "SELECT revoked_at_ms, budget_per_day, budget_per_month FROM gateway_people WHERE name = $1",
      [name],
    )
  ).rows[0];
  if (!person) throw unknownPerson(name);
  const keys = counterKeys(name, periodKeys(team.timeZone, now));
  const ordered = lockOrder(Object.values(keys));
  const { rows } = await client.query<CounterRow>(
    `SELECT scope, period, spent, reserved FROM gateway_counters
     WHERE (scope, period) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    [ordered.map((k) => k.scope), ordered.map((k) => k.period)],
  );
  const found = new Map(rows.map((row) => [keyOf(row.scope, row.period), row]));
  const counters = Object.fromEntries(
    BUDGET_NAMES.map((budget) => {
      const row = found.get(keyOf(keys[budget].scope, keys[budget].period));
      return [budget, { spent: count(row?.spent ?? null), reserved: count(row?.reserved ?? null) }];
    }),
  ) as Counters;
  const limits = limitsOf({ perDay: num(person.budget_per_day), perMonth: num(person.budget_per_month) }, team);
  return budgetStatusOf(limits, counters, team.timeZone, now);
}
