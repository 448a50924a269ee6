import { formatCredits } from "../billing";
import type { BudgetStatus, BudgetUse, Person, TeamSettings } from "./gateway-store";

/** What the admin command prints: plain text tables, never a token except the one just issued. */
const date = (at: number) => new Date(at).toISOString().slice(0, 16).replace("T", " ") + " UTC";

export const limitText = (limit: number | null) => (limit === null ? "no limit" : formatCredits(limit));

export function budgetsLine(budgets: { perDay: number | null; perMonth: number | null }): string {
  return `per day ${limitText(budgets.perDay)}, per month ${limitText(budgets.perMonth)}`;
}

function useText(use: BudgetUse): string {
  const inFlight = use.reserved > 0 ? ` (+${formatCredits(use.reserved)} in flight)` : "";
  return `${formatCredits(use.spent)}${inFlight}`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd(),
  );
}

export function peopleTable(people: readonly { person: Person; status?: BudgetStatus }[]): string[] {
  if (people.length === 0) return ["No people yet: `users add NAME --budget-per-day N` adds one."];
  const header = ["NAME", "ROLE", "STATE", "PER DAY", "PER MONTH", "SPENT TODAY", "SPENT THIS MONTH", "ADDED"];
  const rows = people.map(({ person, status }) => [
    person.name,
    person.admin ? "admin" : "member",
    person.revokedAt === null ? "active" : `revoked ${date(person.revokedAt)}`,
    limitText(person.budgets.perDay),
    limitText(person.budgets.perMonth),
    status ? useText(status.person.day) : "-",
    status ? useText(status.person.month) : "-",
    date(person.createdAt),
  ]);
  return table([header, ...rows]);
}

export function teamLines(team: TeamSettings, status?: BudgetStatus): string[] {
  const lines = [`Team budget: ${budgetsLine(team)}; days and months counted in ${team.timeZone}.`];
  if (status) lines.push(`Team spent today ${useText(status.team.day)}, this month ${useText(status.team.month)}.`);
  return lines;
}

export function tokenLines(name: string, token: string): string[] {
  return [
    `Token for ${name} (shown only now; the gateway keeps only its hash):`,
    "",
    `  ${token}`,
    "",
    `${name} enters it in the add-in's Account pane as the API key, with the relay's address.`,
  ];
}
