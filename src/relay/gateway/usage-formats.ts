import type { AuditEntry } from "../../team-store";
import type { UsageReport } from "./usage-report";

const CSV_COLUMNS = [
  "time",
  "day",
  "person",
  "action",
  "outcome",
  "query_id",
  "execution_id",
  "rows",
  "bytes",
  "estimate",
  "credits",
] as const;

/**
 * A CSV field: quoted when it holds a comma, a quote or a line break; text that a spreadsheet would take for a
 * formula (it starts with =, +, -, @, a tab or a carriage return) gets a leading apostrophe, since an execution id
 * comes from the upstream.
 */
function field(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function row(entry: AuditEntry): string {
  return [
    new Date(entry.at).toISOString(),
    entry.day,
    entry.person,
    entry.action,
    entry.outcome,
    entry.queryId,
    entry.executionId,
    entry.rows,
    entry.bytes,
    entry.estimate,
    entry.credits,
  ]
    .map(field)
    .join(",");
}

/** Every audited request of the range, one line each (RFC 4180, CRLF line ends). */
export function usageCsv(report: UsageReport): string {
  return [CSV_COLUMNS.join(","), ...report.entries.map(row)].join("\r\n") + "\r\n";
}

/** The report as JSON: the range, the totals, estimates against costs, budgets now, and every entry. */
export function usageJson(report: UsageReport): unknown {
  return {
    from: report.from,
    to: report.to,
    time_zone: report.timeZone,
    totals: report.totals,
    estimates: report.estimates,
    refusals: report.refusals,
    people: report.people.map(({ person, budgets }) => ({
      name: person.name,
      admin: person.admin,
      revoked: person.revokedAt !== null,
      budgets: person.budgets,
      ...(budgets ? { today: budgets.person.day, this_month: budgets.person.month } : {}),
    })),
    team: report.people.find((p) => p.budgets)?.budgets?.team ?? null,
    entries: report.entries.map((entry) => ({ ...entry, time: new Date(entry.at).toISOString() })),
  };
}
