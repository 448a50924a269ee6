import type { GatewayAccount, GatewayBudget } from "../../session";

const amount = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });

function left(budget: GatewayBudget, period: string): string | undefined {
  if (budget.limit === null || budget.left === null) return undefined;
  return `${amount(budget.left)} of ${amount(budget.limit)} credits left ${period}`;
}

/**
 * What the Account tab says at a team gateway: who the key is, and what is left of their budgets (and the team's,
 * when it has one); "no budget" when neither has a limit.
 */
export function gatewayLine(account: GatewayAccount): string {
  const mine = [left(account.person.day, "today"), left(account.person.month, "this month")].filter(Boolean);
  const team = [left(account.team.day, "today"), left(account.team.month, "this month")].filter(Boolean);
  const who = `Signed in as ${account.name}${account.admin ? " (admin)" : ""} through your team's gateway.`;
  const yours = mine.length > 0 ? ` Your budget: ${mine.join(", ")}.` : " No personal budget.";
  const teams = team.length > 0 ? ` Team: ${team.join(", ")}.` : "";
  return who + yours + teams;
}
