import { randomBytes } from "node:crypto";

// Crockford base32, as ULIDs use: sortable by creation time, 26 characters, no I L O U.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const FORMAT = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function newExecutionId(nowMs: number): string {
  let time = "";
  let t = nowMs;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const random = randomBytes(16);
  let rest = "";
  for (let i = 0; i < 16; i++) rest += ALPHABET[random[i] % 32];
  return time + rest;
}

export function isValidExecutionId(id: string): boolean {
  return FORMAT.test(id);
}
