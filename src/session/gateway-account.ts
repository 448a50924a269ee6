import { apiRootPath, type FetchLike } from "../client";

/** One of a gateway's budgets as `GET /gateway/me` reports it (credits; null: no limit). */
export interface GatewayBudget {
  limit: number | null;
  spent: number;
  left: number | null;
}

/** Who the key is at a team gateway, and what is left of their budgets and the team's. */
export interface GatewayAccount {
  name: string;
  admin: boolean;
  person: { day: GatewayBudget; month: GatewayBudget };
  team: { day: GatewayBudget; month: GatewayBudget };
}

const budgetOf = (value: unknown): GatewayBudget | undefined => {
  const b = value as { limit?: unknown; spent?: unknown; left?: unknown } | null;
  const credits = (n: unknown) => typeof n === "number" && Number.isFinite(n);
  if (!b || !credits(b.spent) || !(b.limit === null || credits(b.limit)) || !(b.left === null || credits(b.left))) {
    return undefined;
  }
  return { limit: b.limit as number | null, spent: b.spent as number, left: b.left as number | null };
};

/**
 * How a team gateway's personal tokens begin (the relay issues them; test/session/gateway-token-prefix.test.ts holds
 * this copy to the gateway's). A gateway accepts nothing else, so a key without it is never asked about: no
 * `/gateway/me` request, and no 404 in the console of everyone signed in to the service itself.
 */
export const GATEWAY_TOKEN_PREFIX = "sgw_";

/**
 * Asks the address whether it is a team gateway and who the key is there: `GET /gateway/me` with the key in its
 * header, when the key is a personal token. Undefined for anything else (another key; the service itself, a plain
 * relay: 404; no answer): the address is then not a gateway, or cannot say. Reads only; spends nothing.
 */
export async function fetchGatewayAccount(
  fetchImpl: FetchLike,
  baseUrl: string,
  key: string,
  signal?: AbortSignal,
): Promise<GatewayAccount | undefined> {
  if (!key.startsWith(GATEWAY_TOKEN_PREFIX)) return undefined;
  const url = new URL(baseUrl);
  const target = `${url.origin}${apiRootPath(url.pathname)}/gateway/me`;
  let body: unknown;
  try {
    const response = await fetchImpl(target, { headers: { "X-Service-Api-Key": key }, redirect: "error", signal });
    if (response.status !== 200) return undefined;
    body = await response.json();
  } catch {
    return undefined;
  }
  const me = body as { name?: unknown; admin?: unknown; budgets?: Record<string, Record<string, unknown>> } | null;
  const pair = (whose: string) => {
    const [day, month] = [budgetOf(me?.budgets?.[whose]?.day), budgetOf(me?.budgets?.[whose]?.month)];
    return day && month ? { day, month } : undefined;
  };
  const [person, team] = [pair("person"), pair("team")];
  if (typeof me?.name !== "string" || !person || !team) return undefined;
  return { name: me.name, admin: me.admin === true, person, team };
}
