import { createHash } from "node:crypto";
import { formatCredits, type BillingPlan } from "../../billing";
import type { AuditSums, BudgetUse } from "../../team-store";
import { escapeHtml } from "./html-text";
import { creditsChart } from "./usage-chart";
import type { UsageReport } from "./usage-report";

const STYLE = `
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1b1b1b;max-width:1100px}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 8px}
table{border-collapse:collapse;margin:4px 0}th,td{padding:3px 10px;text-align:right;border-bottom:1px solid #ddd}
th:first-child,td:first-child{text-align:left}th{background:#f3f3f3}.muted{color:#666}
form{margin:12px 0}input{font:inherit}svg{display:block;margin:8px 0}
.bar{fill:#2f6fb0}.axis{stroke:#999}.label{font-size:11px;fill:#444}`;

/**
 * The page's Content-Security-Policy: nothing may load or run; the one style block is allowed by its digest. The
 * chart is inline SVG drawn with attributes, so the page needs no script at all.
 */
export const USAGE_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

const credits = (n: number) => escapeHtml(formatCredits(n));
const num = (n: number) => escapeHtml(n.toLocaleString("en-US"));

function table(headings: string[], rows: string[][]): string {
  const head = `<tr>${headings.map((h) => `<th>${escapeHtml(h)}</th>`).join("")}</tr>`;
  const body = rows.map((cells) => `<tr>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`).join("");
  return `<table>${head}${body || `<tr><td colspan="${headings.length}" class="muted">none</td></tr>`}</table>`;
}

const sums = (s: AuditSums) => [num(s.requests), credits(s.credits), num(s.rows), num(s.bytes)];

function budget(use: BudgetUse | undefined): string {
  if (!use) return "";
  const spent = `${credits(use.spent)}${use.reserved > 0 ? ` + ${credits(use.reserved)} in flight` : ""}`;
  return use.limit === null ? `${spent} (no limit)` : `${spent} of ${credits(use.limit)}`;
}

/** The admin's usage page for the report's range: totals per person and per query, credits per day, budgets. */
export function usagePage(report: UsageReport, plan: BillingPlan, path: string): string {
  const range = `from=${report.from}&amp;to=${report.to}`;
  const estimates = new Map(report.estimates.map((e) => [e.person, e]));
  const refusals = new Map(report.refusals.map((r) => [r.person, r]));
  const perPerson = report.totals.perPerson.map((p) => {
    const e = estimates.get(p.person);
    const r = refusals.get(p.person);
    return [
      escapeHtml(p.person),
      ...sums(p),
      e ? credits(e.estimated) : "",
      e ? credits(e.aboveEstimate) : "",
      num(r?.cached ?? 0),
      num(r?.refusedBudget ?? 0),
    ];
  });
  const perQuery = report.totals.perQuery.map((q) => [
    q.queryId === null ? '<span class="muted">datasets and other reads</span>' : escapeHtml(q.queryId),
    ...sums(q),
  ]);
  const people = report.people.map(({ person, budgets }) => [
    escapeHtml(person.name) + (person.admin ? ' <span class="muted">admin</span>' : ""),
    person.revokedAt === null ? budget(budgets?.person.day) : '<span class="muted">revoked</span>',
    person.revokedAt === null ? budget(budgets?.person.month) : "",
  ]);
  const team = report.people.find((p) => p.budgets)?.budgets?.team;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gateway usage</title>
<meta name="viewport" content="width=device-width"><style>${STYLE}</style></head><body>
<h1>Gateway usage, ${escapeHtml(report.from)} to ${escapeHtml(report.to)}</h1>
<p class="muted">Days in ${escapeHtml(report.timeZone)}. Reads priced on the team's plan: ${escapeHtml(plan.plan)}, ${escapeHtml(plan.creditsPerMb)} credits per MB.
Download: <a href="${escapeHtml(path)}?${range}&amp;format=csv">CSV</a> (every request), <a href="${escapeHtml(path)}?${range}&amp;format=json">JSON</a>.</p>
<form method="get" action="${escapeHtml(path)}"><label>From <input type="date" name="from" value="${escapeHtml(report.from)}"></label>
<label>to <input type="date" name="to" value="${escapeHtml(report.to)}"></label> <button type="submit">Show</button></form>
<h2>Total: ${credits(report.totals.total.credits)} in ${num(report.totals.total.requests)} requests</h2>
<h2>Credits per day</h2>${creditsChart(report.totals.perDay, report.from, report.to)}
<h2>Per person</h2>${table(
    ["Person", "Requests", "Credits", "Rows", "Bytes", "Estimated", "Above estimate", "Cache hits", "Refused (budget)"],
    perPerson,
  )}
<p class="muted">Each request reserves its estimate before it reaches the service and is booked at its cost once known. Spending never passes a budget by more than what requests in flight cost above their estimates ("Above estimate").</p>
<h2>Per query</h2>${table(["Query", "Requests", "Credits", "Rows", "Bytes"], perQuery)}
<h2>Budgets now</h2>${table(["Person", "Today", "This month"], people)}
${team ? `<p>Team: today ${budget(team.day)}; this month ${budget(team.month)}.</p>` : ""}
</body></html>`;
}
