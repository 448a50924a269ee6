/**
 * Seeded pseudo-randomness for the curated datasets.
 *
 * Why our own PRNG instead of DuckDB's random()/setseed(): DuckDB's generator is per thread, so the same seed does not
 * give the same rows once a query runs in parallel, and its hash() may change between DuckDB releases. Everything
 * here is plain 32-bit integer arithmetic, so a (seed, refresh index) pair yields the same snapshot on every machine
 * and every engine version.
 *
 * Randomness is addressed, not sequential: `hash32(seed, TAG, row, ...)` names one independent stream, so adding a
 * column or a draw in one place never shifts the values drawn anywhere else (identities stay stable when value
 * generation changes, and vice versa).
 */

/** murmur3's 32-bit finaliser: a cheap full-avalanche mix. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Mixes integers (any sign; fractions are truncated) into one unsigned 32-bit hash. */
export function hash32(...parts: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    // Split into 32-bit halves so indices beyond 2^32 (not expected, but cheap to support) still differ.
    const lo = p | 0;
    const hi = Math.floor(p / 4294967296) | 0;
    h = fmix32((h ^ Math.imul(lo, 0xcc9e2d51)) + 0x6b43a9b5);
    if (hi !== 0 && hi !== -1) h = fmix32(h ^ Math.imul(hi, 0x1b873593));
  }
  return fmix32(h);
}

/** A stable number for a string: names the stream of one dataset column or purpose (FNV-1a). */
export function tag(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Uniform in [0, 1) from one hash: 32 bits are plenty for synthetic data. */
export function unit(h: number): number {
  return (h >>> 0) / 4294967296;
}

/** A standard normal variate addressed by `parts` (Box–Muller over two derived hashes). */
export function gaussianAt(...parts: readonly number[]): number {
  const h = hash32(...parts);
  const u1 = (fmix32(h ^ 0x68e31da4) + 1) / 4294967297; // (0, 1): log(0) is excluded
  const u2 = unit(fmix32(h ^ 0xb5297a4d));
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/**
 * A sequential generator (mulberry32) for the many draws of one row. Create it with `rngAt(...)` so each row has its own
 * stream: rows can be generated in any order and a row's values do not depend on how many draws earlier rows made.
 */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** Next unsigned 32-bit value. */
  nextU32(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** Uniform in [0, 1). */
  float(): number {
    return this.nextU32() / 4294967296;
  }
  /** Integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.float() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)];
  }
  normal(): number {
    const u1 = 1 - this.float(); // (0, 1]
    const u2 = this.float();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }
  /** Log-normal: exp(N(mu, sigma)). Volumes, liquidity and TVL are roughly log-normal across assets. */
  logNormal(mu: number, sigma: number): number {
    return Math.exp(mu + sigma * this.normal());
  }
  /** Pareto with scale xm and shape alpha: the heavy tail of followers and of the biggest pools. */
  pareto(xm: number, alpha: number): number {
    return xm / Math.pow(1 - this.float(), 1 / alpha);
  }
  /** `count` distinct items, in drawn order (count is clipped to the list length). */
  sample<T>(items: readonly T[], count: number): T[] {
    const n = Math.min(count, items.length);
    const chosen = new Set<number>();
    const out: T[] = [];
    while (out.length < n) {
      const i = Math.floor(this.float() * items.length);
      if (!chosen.has(i)) {
        chosen.add(i);
        out.push(items[i]);
      }
    }
    return out;
  }
}

/** A generator whose stream is named by `parts`, e.g. `rngAt(seed, tag("dex:identity"), chainIndex, row)`. */
export function rngAt(...parts: readonly number[]): Rng {
  return new Rng(hash32(...parts));
}
