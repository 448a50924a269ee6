import { createHash, randomBytes } from "node:crypto";

/**
 * Personal tokens: a recognisable prefix (the relay tells a personal token from a team key by it, and secret
 * scanners can find one pasted where it should not be) and 32 random bytes in base64url.
 *
 * Only a SHA-256 digest is stored. A slow password hash (scrypt, bcrypt, Argon2) exists to make guessing a
 * low-entropy password from a stolen digest expensive; a 256-bit random token cannot be guessed at any speed, so it
 * would add nothing but ~100 ms of CPU to every request. A plain digest also lets the store find the token's owner
 * by an indexed equality lookup, without a per-person salt to try in turn.
 */
export const TOKEN_PREFIX = "sgw_";
const TOKEN_BYTES = 32;

export function newToken(): string {
  return TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString("base64url");
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether a credential looks like a personal token (the relay's first test, before any lookup). */
export function isPersonalToken(credential: string): boolean {
  return credential.startsWith(TOKEN_PREFIX) && /^[A-Za-z0-9_-]{43}$/.test(credential.slice(TOKEN_PREFIX.length));
}
