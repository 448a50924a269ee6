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

/** Rows of one INSERT: 11 parameters each, well within PostgreSQL's 65,535 a statement. */
const AUDIT_ROWS_PER_INSERT = 1000;

/**
 * Appends audit entries within the caller's transaction, each at its own time (`now` unless it has one): one
 * statement per thousand entries, so a batch costs one round trip rather than one per entry.
 */
export async function insertAudit(
  client: ClientBase,
  entries: readonly AuditInput[],
  now: number,
  dayOf: (at: number) => string,
): Promise<void> {
  for (let from = 0; from < entries.length; from += AUDIT_ROWS_PER_INSERT) {
    const chunk = entries.slice(from, from + AUDIT_ROWS_PER_INSERT);
    const values: unknown[] = [];
    const rows = chunk.map((e) => {
      const at = e.at ?? now;
      const row = [at, dayOf(at), e.person, e.action, e.outcome, e.queryId ?? null, e.executionId ?? null];
      values.push(...row, e.rows ?? null, e.bytes ?? null, e.estimate ?? null, e.credits ?? 0);
      const base = values.length - 11;
      return `(${Array.from({ length: 11 }, (_, i) => `$${base + i + 1}`).join(", ")})`;
    });
    await client.query(
      `INSERT INTO gateway_audit (at_ms, day, person, action, outcome, query_id, execution_id, rows, bytes, estimate, credits)
       VALUES ${rows.join(", ")}`,
      values,
    );
  }
}
