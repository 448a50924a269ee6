import { createHash, timingSafeEqual } from "node:crypto";

/** One entry of the keys file: `[{"key": "...", "user": "alice", "teams": ["desk"], "credits": 500}]`. */
export interface ApiKeyRecord {
  key: string;
  user: string;
  teams: string[];
  /** Credits this key may spend in all (the billing cycle's limit); unlimited when absent. */
  credits?: number;
}

/** Who a request acts as. `keyId` is a digest prefix: enough to count credits per key, useless to an attacker. */
export interface Caller {
  user: string;
  teams: readonly string[];
  keyId: string;
  /** The key's credit limit; unlimited when absent. */
  credits?: number;
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
      const caller: Caller = { user: r.user, teams: [...r.teams], keyId: d.subarray(0, 8).toString("hex") };
      if (r.credits !== undefined) caller.credits = r.credits;
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

export function parseKeysFile(json: unknown, source: string): ApiKeyRecord[] {
  if (!Array.isArray(json)) throw new Error(`${source}: expected a JSON array of {key, user, teams, credits?}`);
  return json.map((entry: unknown, i) => {
    const e = entry as Partial<ApiKeyRecord> | null;
    if (!e || typeof e.key !== "string" || e.key.length < 8) {
      throw new Error(`${source}: entry ${i} needs a "key" string of at least 8 characters`);
    }
    if (typeof e.user !== "string" || e.user === "") throw new Error(`${source}: entry ${i} needs a "user" string`);
    const teams = e.teams ?? [];
    if (!Array.isArray(teams) || teams.some((t) => typeof t !== "string")) {
      throw new Error(`${source}: entry ${i} "teams" must be an array of strings`);
    }
    if (e.credits !== undefined && !(Number.isSafeInteger(e.credits) && e.credits >= 0)) {
      throw new Error(`${source}: entry ${i} "credits" must be a whole number of credits (0 or more)`);
    }
    return e.credits === undefined
      ? { key: e.key, user: e.user, teams }
      : { key: e.key, user: e.user, teams, credits: e.credits };
  });
}
