import { createHash, timingSafeEqual } from "node:crypto";
import { billingPlan, PLANS, type BillingPlan, type Plan } from "../../billing";

/**
 * One entry of the keys file:
 * `[{"key": "...", "user": "alice", "teams": ["desk"], "plan": "free", "credits": 500, "max_credits_per_request": 5}]`.
 */
export interface ApiKeyRecord {
  key: string;
  user: string;
  teams: string[];
  /** The plan that prices the key's reads (credits per MB exported); Free when absent. */
  plan?: Plan;
  /** Enterprise only: the contract's credits per MB exported. */
  credits_per_mb?: number;
  /** Credits this key may spend per billing cycle (a calendar month, UTC); unlimited when absent. */
  credits?: number;
  /** The most one read may cost unless the request lifts the guard; no cap when absent. */
  max_credits_per_request?: number;
}

/** Who a request acts as. `keyId` is a digest prefix: enough to count credits per key, useless to an attacker. */
export interface Caller {
  user: string;
  teams: readonly string[];
  keyId: string;
  plan: BillingPlan;
  /** The key's credit limit per billing cycle; unlimited when absent. */
  credits?: number;
  /** The key's cap on one read; none when absent. */
  maxCreditsPerRequest?: number;
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/**
 * Looks keys up in constant time: every candidate is compared (as a fixed-length digest, so length leaks nothing)
 * and the loop never exits early.
 */
export class KeyRing {
  private readonly entries: { digest: Buffer; caller: Caller }[];

  constructor(records: readonly ApiKeyRecord[]) {
    this.entries = records.map((r) => {
      const d = digest(r.key);
      const caller: Caller = {
        user: r.user,
        teams: [...r.teams],
        keyId: d.subarray(0, 8).toString("hex"),
        plan: billingPlan(r.plan ?? "free", r.credits_per_mb),
      };
      if (r.credits !== undefined) caller.credits = r.credits;
      if (r.max_credits_per_request !== undefined) caller.maxCreditsPerRequest = r.max_credits_per_request;
      return { digest: d, caller };
    });
  }

  authenticate(presented: string | undefined): Caller | undefined {
    if (typeof presented !== "string" || presented.length === 0) return undefined;
    const candidate = digest(presented);
    let found: Caller | undefined;
    for (const entry of this.entries) {
      if (timingSafeEqual(entry.digest, candidate)) found = entry.caller;
    }
    return found;
  }
}

const SHAPE = "{key, user, teams, plan?, credits_per_mb?, credits?, max_credits_per_request?}";

/** Credits in a keys file: a finite number, 0 or more, kept to hundredths as every credit is. */
function isCredits(value: unknown): value is number {
  return (
    typeof value === "number" &&
    Number.isFinite(value) &&
    value >= 0 &&
    Math.abs(value * 100 - Math.round(value * 100)) < 1e-9
  );
}

export function parseKeysFile(json: unknown, source: string): ApiKeyRecord[] {
  if (!Array.isArray(json)) throw new Error(`${source}: expected a JSON array of ${SHAPE}`);
  return json.map((entry: unknown, i) => {
    const e = entry as Partial<Record<keyof ApiKeyRecord, unknown>> | null;
    const at = `${source}: entry ${i}`;
    if (!e || typeof e.key !== "string" || e.key.length < 8) {
      throw new Error(`${at} needs a "key" string of at least 8 characters`);
    }
    if (typeof e.user !== "string" || e.user === "") throw new Error(`${at} needs a "user" string`);
    const teams = e.teams ?? [];
    if (!Array.isArray(teams) || teams.some((t) => typeof t !== "string")) {
      throw new Error(`${at} "teams" must be an array of strings`);
    }
    const record: ApiKeyRecord = { key: e.key, user: e.user, teams: teams as string[] };
    if (e.plan !== undefined) {
      if (!(PLANS as readonly unknown[]).includes(e.plan)) {
        throw new Error(`${at} "plan" must be one of ${PLANS.join(", ")}`);
      }
      record.plan = e.plan as Plan;
    }
    if (record.plan === "enterprise") {
      if (!isCredits(e.credits_per_mb)) {
        throw new Error(`${at} is on the enterprise plan and needs "credits_per_mb" (credits, 0 or more)`);
      }
      record.credits_per_mb = e.credits_per_mb;
    } else if (e.credits_per_mb !== undefined) {
      throw new Error(`${at} "credits_per_mb" belongs to the enterprise plan only (the others have published rates)`);
    }
    for (const name of ["credits", "max_credits_per_request"] as const) {
      const value = e[name];
      if (value === undefined) continue;
      if (!isCredits(value)) throw new Error(`${at} "${name}" must be a number of credits (0 or more, to hundredths)`);
      record[name] = value;
    }
    return record;
  });
}
