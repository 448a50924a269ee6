import type { AuditEntry, AuditInput, AuditAction, AuditOutcome, Person, SpendingAction } from "../gateway-store";
import type { ClientBase } from "pg";
import type { ReservationRecord } from "../reservation-record";

/** Row shapes as pg returns them: numeric and bigint columns arrive as text, to keep every digit. */
export const num = (value: string | number | null): number | null => (value === null ? null : Number(value));
export const count = (value: string | number | null): number => (value === null ? 0 : Number(value));

export interface PersonRow {
  name: string;
  admin: boolean;
  created_at_ms: string;
  revoked_at_ms: string | null;
  budget_per_day: string | null;
  budget_per_month: string | null;
}

export const PERSON_COLUMNS = "name, admin, created_at_ms, revoked_at_ms, budget_per_day, budget_per_month";

export function personOf(row: PersonRow): Person {
  return {
    name: row.name,
    admin: row.admin,
    createdAt: Number(row.created_at_ms),
    revokedAt: num(row.revoked_at_ms),
    budgets: { perDay: num(row.budget_per_day), perMonth: num(row.budget_per_month) },
  };
}

export interface ReservationRow {
  id: string;
  person: string;
  action: SpendingAction;
  estimate: string;
  query_id: string | null;
  execution_id: string | null;
  day: string;
  month: string;
  created_at_ms: string;
  expires_at_ms: string;
  state: ReservationRecord["state"];
}

export function reservationOf(row: ReservationRow): ReservationRecord {
  return {
    id: row.id,
    person: row.person,
    action: row.action,
    estimate: Number(row.estimate),
    queryId: num(row.query_id),
    executionId: row.execution_id,
    createdAt: Number(row.created_at_ms),
    expiresAt: Number(row.expires_at_ms),
    periods: { day: row.day, month: row.month },
    state: row.state,
  };
}

export interface AuditRow {
  id: string;
  at_ms: string;
  day: string;
  person: string;
  action: string;
  outcome: string;
  query_id: string | null;
  execution_id: string | null;
  rows: string | null;
  bytes: string | null;
  estimate: string | null;
  credits: string;
}

export function auditOf(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: Number(row.at_ms),
    day: row.day,
    person: row.person,
    action: row.action as AuditAction,
    outcome: row.outcome as AuditOutcome,
    queryId: num(row.query_id),
    executionId: row.execution_id,
    rows: num(row.rows),
    bytes: num(row.bytes),
    estimate: num(row.estimate),
    credits: Number(row.credits),
  };
}

/** Appends audit entries within the caller's transaction. */
export async function insertAudit(
  client: ClientBase,
  entries: readonly AuditInput[],
  at: number,
  day: string,
): Promise<void> {
  for (const e of entries) {
    await client.query(
      `INSERT INTO gateway_audit (at_ms, day, person, action, outcome, query_id, execution_id, rows, bytes, estimate, credits)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        at,
        day,
        e.person,
        e.action,
        e.outcome,
        e.queryId ?? null,
        e.executionId ?? null,
        e.rows ?? null,
        e.bytes ?? null,
        e.estimate ?? null,
        e.credits ?? 0,
      ],
    );
  }
}
