/**
 * Synthetic on-chain addresses. EVM chains get `0x` + 40 lower-case hex digits (the form the query engine stores;
 * no EIP-55 checksum casing, so filters compare them as plain strings). Solana gets base58 of 32 bytes (43–44 characters,
 * like a real mint or pool account), because a hex address on Solana would look wrong to anyone who knows the chain.
 */
import { hash32 } from "./prng";

const HEX = "0123456789abcdef";
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** 20 bytes addressed by `parts` (five 32-bit hashes). */
export function evmAddress(...parts: readonly number[]): string {
  let out = "0x";
  for (let w = 0; w < 5; w++) {
    const h = hash32(...parts, w);
    for (let s = 28; s >= 0; s -= 4) out += HEX[(h >>> s) & 15];
  }
  return out;
}

/** 32 bytes addressed by `parts`, base58-encoded the way Solana public keys are. */
export function solanaAddress(...parts: readonly number[]): string {
  const bytes: number[] = [];
  for (let w = 0; w < 8; w++) {
    const h = hash32(...parts, w);
    bytes.push((h >>> 24) & 255, (h >>> 16) & 255, (h >>> 8) & 255, h & 255);
  }
  // Keys with a leading zero byte would encode to '1…' and be shorter; real keys are overwhelmingly 43–44 chars.
  if (bytes[0] === 0) bytes[0] = 1;
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = "";
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  return out;
}

export const EVM_ADDRESS = /^0x[0-9a-f]{40}$/;
export const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** The address form of a chain: Solana is the one non-EVM chain the service knows. */
export function addressFor(chain: string, ...parts: readonly number[]): string {
  return chain === "solana" ? solanaAddress(...parts) : evmAddress(...parts);
}
