import { roundUpCredits } from "../billing";
import { GatewayInputError } from "./errors";
import type { Budgets } from "./gateway-store";

/**
 * A person's name: lower-case letters, digits, `.`, `_` and `-`, starting with a letter or digit, at most 64
 * characters (an e-mail's local part fits). Given in any case, kept in lower case, so "Alice" and "alice" are one.
 */
export function personName(text: string): string {
  const name = text.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9._-]{0,63}$/.test(name)) {
    throw new GatewayInputError(
      "INVALID",
      `"${text}" is not a valid name: use letters, digits, ".", "_" and "-" (up to 64, starting with a letter or digit).`,
    );
  }
  return name;
}

/** The largest budget accepted: a billion credits, far above any plan, well inside the stores' number columns. */
export const MAX_CREDITS = 1_000_000_000;

/** A budget amount in credits (0 or more, two decimals at most), or a GatewayInputError naming what it is for. */
export function budgetAmount(what: string, value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > MAX_CREDITS || roundUpCredits(value) !== value) {
    throw new GatewayInputError(
      "INVALID",
      `${what} must be a number of credits from 0 to ${MAX_CREDITS}, with two decimals at most (got ${value}).`,
    );
  }
  return value;
}

/** Both budgets checked (null stays null: no limit). */
export function checkedBudgets(budgets: Partial<Budgets>, whose: string): Partial<Budgets> {
  const checked: Partial<Budgets> = {};
  if (budgets.perDay !== undefined)
    checked.perDay = budgets.perDay === null ? null : budgetAmount(`${whose} budget per day`, budgets.perDay);
  if (budgets.perMonth !== undefined)
    checked.perMonth = budgets.perMonth === null ? null : budgetAmount(`${whose} budget per month`, budgets.perMonth);
  return checked;
}

/** An estimate or an actual cost: never negative, rounded up to the hundredth (never down). */
export function creditsAmount(what: string, value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > MAX_CREDITS) {
    throw new GatewayInputError(
      "INVALID",
      `${what} must be a number of credits from 0 to ${MAX_CREDITS} (got ${value}).`,
    );
  }
  return roundUpCredits(value);
}
