import { addCredits } from "../billing";
import type { AuditEntry, AuditSums, AuditTotals } from "./gateway-store";

/**
 * Sums of the audit over a range, as both stores report them: credits, rows and bytes summed, and requests counted
 * (a `late-reconciled` entry corrects an earlier one's credits and is not a request of its own). Lists are sorted by
 * person, by query id (none first) and by day.
 */
export function isRequest(entry: Pick<AuditEntry, "outcome">): boolean {
  return entry.outcome !== "late-reconciled";
}

const zero = (): AuditSums => ({ requests: 0, credits: 0, rows: 0, bytes: 0 });

function add(sums: AuditSums, entry: AuditEntry): void {
  if (isRequest(entry)) sums.requests += 1;
  sums.credits = addCredits(sums.credits, entry.credits);
  sums.rows += entry.rows ?? 0;
  sums.bytes += entry.bytes ?? 0;
}

function grouped<K extends string | number | null>(entries: readonly AuditEntry[], key: (e: AuditEntry) => K) {
  const groups = new Map<K, AuditSums>();
  for (const entry of entries) {
    const k = key(entry);
    let sums = groups.get(k);
    if (!sums) groups.set(k, (sums = zero()));
    add(sums, entry);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1));
}

export function auditTotalsOf(entries: readonly AuditEntry[]): AuditTotals {
  const total = zero();
  for (const entry of entries) add(total, entry);
  return {
    total,
    perPerson: grouped(entries, (e) => e.person).map(([person, sums]) => ({ person, ...sums })),
    perQuery: grouped(entries, (e) => e.queryId).map(([queryId, sums]) => ({ queryId, ...sums })),
    perDay: grouped(entries, (e) => e.day).map(([day, sums]) => ({ day, ...sums })),
  };
}
