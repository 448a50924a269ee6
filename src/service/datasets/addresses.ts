/**
 * Synthetic on-chain addresses. EVM chains get `0x` + 40 lower-case hex digits (the form the query engine stores;
 * no EIP-55 checksum casing, so filters compare them as plain strings). Solana gets base58 of 32 bytes (43–44 characters,
 * like a real mint or pool account), because a hex address on Solana would look wrong to anyone who knows the chain.
 */
import { hash32, rehash } from "./prng";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Scratch space for one EVM address; addresses are built one at a time, synchronously. */
const evmBytes = Buffer.alloc(20);

/** 20 bytes addressed by `parts` (five 32-bit words derived from one hash). */
export function evmAddress(...parts: readonly number[]): string {
  const base = hash32(...parts);
  // Bytes then one hex conversion: identities create ~100k addresses per seed, and per-digit string building
  // (or toString(16) per word) was most of their cost.
  for (let w = 0; w < 5; w++) evmBytes.writeUInt32BE(rehash(base, w), w * 4);
  return "0x" + evmBytes.toString("hex");
}

const SOLANA_DIGITS = 44; // ceil(32 bytes × log(256) / log(58))

/** 32 bytes addressed by `parts`, base58-encoded the way Solana public keys are. */
export function solanaAddress(...parts: readonly number[]): string {
  const base = hash32(...parts);
  // Base58 digits, least significant first, built by multiply-and-add of each byte (no big integers: BigInt is slow
  // under jest's sandbox, and this allocates one small buffer).
  const digits = new Uint8Array(SOLANA_DIGITS);
  let used = 0;
  for (let i = 0; i < 32; i++) {
    const word = rehash(base, i >> 2);
    // Keys with a leading zero byte would encode to '1…' and be shorter; real keys are overwhelmingly 43–44 chars.
    let carry = i === 0 ? (word >>> 24) & 255 || 1 : (word >>> (24 - 8 * (i & 3))) & 255;
    for (let j = 0; j < used; j++) {
      carry += digits[j] * 256;
      digits[j] = carry % 58;
      carry = (carry / 58) | 0;
    }
    while (carry > 0) {
      digits[used++] = carry % 58;
      carry = (carry / 58) | 0;
    }
  }
  let out = "";
  for (let j = used - 1; j >= 0; j--) out += BASE58[digits[j]];
  return out;
}

export const EVM_ADDRESS = /^0x[0-9a-f]{40}$/;
export const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** The address form of a chain: Solana is the one non-EVM chain the service knows. */
export function addressFor(chain: string, ...parts: readonly number[]): string {
  return chain === "solana" ? solanaAddress(...parts) : evmAddress(...parts);
}
