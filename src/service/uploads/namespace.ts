import { createHash } from "node:crypto";
import type { Caller } from "../auth/keys";
import { MAX_NAME_LENGTH, TABLE_NAME_PATTERN } from "./upload-rules";

/**
 * The namespace a key uploads into. The real service names it after the key's user or team ("only the name of your
 * associated API key is allowed"); keys here belong to a user (and teams), so the namespace is the user's name when
 * that is already a valid name (`demo`, `alice`), and otherwise the name made valid (lower case, other characters as
 * `_`, a leading `u_` if it does not begin with a letter) followed by `_` and 8 hex digits of the name's SHA-256, so
 * two users whose names differ never share one ("Alice" → `alice_3bc51062`). Deterministic: the same user always
 * gets the same namespace, across keys and restarts.
 */
export function namespaceOf(caller: Pick<Caller, "user">): string {
  const user = caller.user;
  if (TABLE_NAME_PATTERN.test(user) && user.length <= MAX_NAME_LENGTH) return user;
  let base = user.toLowerCase().replace(/[^a-z0-9_]/g, "_");
  if (!/^[a-z]/.test(base)) base = `u_${base}`;
  const suffix = createHash("sha256").update(user, "utf8").digest("hex").slice(0, 8);
  return `${base.slice(0, MAX_NAME_LENGTH - 9)}_${suffix}`;
}
