/** The building blocks: seeded hashing, addresses, the drift that moves values between refreshes. */
import {
  EVM_ADDRESS,
  SOLANA_ADDRESS,
  addressFor,
  evmAddress,
  solanaAddress,
} from "../../../src/service/datasets/addresses";
import { driftAt } from "../../../src/service/datasets/drift";
import { Rng, hash32, rngAt, tag } from "../../../src/service/datasets/prng";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Reference decoder: base58 back to bytes with BigInt, independent of the encoder's long division. */
function decodeBase58(text: string): number[] {
  let n = 0n;
  for (const ch of text) n = n * 58n + BigInt(BASE58.indexOf(ch));
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 255n));
    n >>= 8n;
  }
  return bytes;
}

describe("hashing and the row generator", () => {
  test("hash32 depends on its parts and their order", () => {
    expect(hash32(1, 2, 3)).not.toBe(hash32(3, 2, 1));
    expect(hash32(1, 2)).not.toBe(hash32(1, 2, 0));
    expect(hash32(-1)).not.toBe(hash32(1));
  });

  test("pinned values: a change here changes every dataset (bump only on purpose)", () => {
    expect([hash32(0), hash32(42, tag("x")), tag("dex:liquidity")]).toEqual([343770492, 1269287792, 1984840928]);
  });

  test("rngAt streams are reproducible and independent", () => {
    const a = rngAt(7, 1);
    const b = rngAt(7, 1);
    const seqA = Array.from({ length: 20 }, () => a.nextU32());
    expect(Array.from({ length: 20 }, () => b.nextU32())).toEqual(seqA);
    const c = rngAt(7, 2);
    expect(Array.from({ length: 20 }, () => c.nextU32())).not.toEqual(seqA);
  });

  test("draws stay in their ranges", () => {
    const rng = new Rng(123);
    const bad: unknown[] = [];
    const ints = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      const f = rng.float();
      const n = rng.int(3, 7);
      const p = rng.pareto(10, 1.2);
      const l = rng.logNormal(0, 1);
      ints.add(n);
      if (!(f >= 0 && f < 1) || !(Number.isInteger(n) && n >= 3 && n <= 7) || !(p >= 10) || !(l > 0))
        bad.push([f, n, p, l]);
    }
    expect(bad).toEqual([]);
    expect([...ints].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  test("log-normal and Pareto draws are heavy-tailed (mean well above median)", () => {
    const rng = new Rng(9);
    const xs = Array.from({ length: 20000 }, () => rng.pareto(1, 1.2)).sort((p, q) => p - q);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean / xs[xs.length >> 1]).toBeGreaterThan(2);
  });
});

describe("addresses", () => {
  test("EVM: 0x + 40 lower-case hex, deterministic, distinct", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) seen.add(evmAddress(5, i));
    expect([...seen].filter((a) => !EVM_ADDRESS.test(a))).toEqual([]);
    expect(seen.size).toBe(2000);
    expect(evmAddress(5, 1)).toBe(evmAddress(5, 1));
  });

  test("Solana: base58 of 32 bytes, 43–44 characters, round-trips", () => {
    const all = Array.from({ length: 300 }, (_, i) => solanaAddress(5, i));
    expect(all.filter((a) => !SOLANA_ADDRESS.test(a) || a.length < 43 || decodeBase58(a).length !== 32)).toEqual([]);
  });

  test("addressFor picks the form of the chain", () => {
    expect(addressFor("solana", 1)).toMatch(SOLANA_ADDRESS);
    expect(addressFor("solana", 1)).not.toMatch(/^0x/);
    for (const chain of ["ethereum", "base", "zk_sync"]) expect(addressFor(chain, 1)).toMatch(EVM_ADDRESS);
  });
});

describe("drift", () => {
  test("deterministic, and every refresh moves the value", () => {
    const ks = Array.from({ length: 200 }, (_, i) => 30000 + i);
    expect(ks.filter((k) => driftAt(77, k, 0.3) !== driftAt(77, k, 0.3))).toEqual([]);
    expect(ks.filter((k) => driftAt(77, k + 1, 0.3) === driftAt(77, k, 0.3))).toEqual([]);
  });

  test("stays around its level over years of refreshes (about sigma, never runaway)", () => {
    const xs: number[] = [];
    for (let key = 0; key < 200; key++) for (let k = 0; k < 70000; k += 997) xs.push(driftAt(key, k, 0.3));
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(sd).toBeGreaterThan(0.1);
    expect(sd).toBeLessThan(0.4);
    expect(Math.max(...xs.map(Math.abs))).toBeLessThan(2);
  });

  test("consecutive refreshes move less than distant ones (it is a walk, not white noise)", () => {
    let near = 0;
    let far = 0;
    for (let key = 0; key < 300; key++) {
      near += Math.abs(driftAt(key, 5001, 1) - driftAt(key, 5000, 1));
      far += Math.abs(driftAt(key, 9000, 1) - driftAt(key, 5000, 1));
    }
    expect(near * 5).toBeLessThan(far);
  });
});
