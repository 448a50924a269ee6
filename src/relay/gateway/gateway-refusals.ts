import type { BudgetRefusal, PacingClass } from "../../team-store";
import { RelayRefusal } from "../relay-errors";

/** How long a caller is told to wait when the gateway's store cannot be reached. */
export const STORE_RETRY_AFTER_S = 5;

/** What the person refused by a budget can do: wait for it to reset, or ask the admin (who sets budgets) for more. */
function budgetAdvice(refusal: BudgetRefusal): string {
  const whose = refusal.budget.startsWith("person") ? "your budget" : "the team's budget";
  return `Until then: ask your team's admin to raise ${whose}, or narrow the read.`;
}

/**
 * The gateway's own answers, in the API's `{"error": …}` shape, with the status that says what to do. None carries
 * a token, the team's key, or a database address.
 */
export const gatewayRefusals = {
  // A revoked token is told apart from no token at all by nobody (the store keeps no lookup by a revoked hash), so
  // the one answer says what helps in both cases: the token the admin gave, or a new one from them.
  notAPersonalToken: () =>
    new RelayRefusal(
      401,
      "invalid API key: this address is a team gateway, and it does not take this key (or the token was revoked): " +
        "sign in with the personal token your team's admin gave you, or ask them for a new one",
    ),
  budget: (refusal: BudgetRefusal) => new RelayRefusal(402, `${refusal.message} ${budgetAdvice(refusal)}`),
  notYourRun: () => new RelayRefusal(403, "only the person who started this execution, or an admin, may cancel it"),
  paced: (pacingClass: PacingClass, limit: number, retryAfterMs: number) => {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const what = pacingClass === "write" ? "executions" : "requests";
    return new RelayRefusal(
      429,
      `your share of the team's ${limit} ${what} a minute is used for now: try again in ${seconds} s`,
      { "Retry-After": String(seconds) },
    );
  },
  storeUnavailable: () =>
    new RelayRefusal(
      503,
      `the gateway cannot reach its store, so it cannot check your budget: nothing was sent or spent; try again in ${STORE_RETRY_AFTER_S} s`,
      { "Retry-After": String(STORE_RETRY_AFTER_S) },
    ),
  adminOnly: () => new RelayRefusal(403, "the usage page is for the gateway's admins"),
  adminSignIn: () =>
    new RelayRefusal(401, "sign in with an admin's personal token (as the password; any user name)", {
      "WWW-Authenticate": 'Basic realm="Service gateway usage", charset="UTF-8"',
    }),
  badRange: (detail: string) => new RelayRefusal(400, `bad request: ${detail}`),
};
