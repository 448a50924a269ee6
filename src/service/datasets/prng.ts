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

/*
 * Hot loops use module-local bindings, never `Math.x` or a function imported from another module:
 * - under jest, every global lookup (`Math`) goes through the test sandbox's global object, ~100x slower;
 * - under tsx/esbuild (how the service runs), an imported binding is a getter call on every use.
 * Both turned a 100 ms snapshot into seconds. Other files copy this pattern.
 */
const { PI, cos, exp, floor, imul, log, pow, sqrt } = Math;

/** murmur3's 32-bit finaliser: a cheap full-avalanche bijection. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const HASH_INIT = 0x9e3779b9;

/** One step of hash32: folds `x` into the running hash `h` (for hot loops that cannot afford a rest array). */
function mix(h: number, x: number): number {
  // Split into 32-bit halves so values beyond 2^32 (not expected, but cheap to support) still differ.
  const lo = x | 0;
  const hi = (x / 4294967296) | 0;
  h = fmix32((h ^ imul(lo, 0xcc9e2d51)) + 0x6b43a9b5);
  if (hi !== 0 && hi !== -1) h = fmix32(h ^ imul(hi, 0x1b873593));
  return h;
}

/** Mixes integers (any sign; fractions are truncated) into one unsigned 32-bit hash. */
export function hash32(...parts: readonly number[]): number {
  let h = HASH_INIT;
  for (let i = 0; i < parts.length; i++) h = mix(h, parts[i]);
  return fmix32(h);
}

/** hash32 of (key, a, b) without the rest array: the drift's inner loop. */
export function hash3(key: number, a: number, b: number): number {
  return fmix32(mix(mix(mix(HASH_INIT, key), a), b));
}

/** A word derived from a hash, for when one hash must yield several independent words. */
export function rehash(h: number, salt: number): number {
  return fmix32(h ^ imul(salt + 1, 0x27d4eb2f));
}

/** A stable number for a string: names the stream of one dataset column or purpose (FNV-1a). */
export function tag(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Uniform in [0, 1) from one hash: 32 bits are plenty for synthetic data. */
export function unit(h: number): number {
  return (h >>> 0) / 4294967296;
}

/** A standard normal variate from one hash (Box–Muller over two words derived from it). */
export function gaussianOf(h: number): number {
  const u1 = (fmix32(h ^ 0x68e31da4) + 1) / 4294967297; // (0, 1): log(0) is excluded
  const u2 = unit(fmix32(h ^ 0xb5297a4d));
  return sqrt(-2 * log(u1)) * cos(2 * PI * u2);
}

/** A standard normal variate addressed by `parts`. */
export function gaussianAt(...parts: readonly number[]): number {
  return gaussianOf(hash32(...parts));
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
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** Uniform in [0, 1). */
  float(): number {
    return this.nextU32() / 4294967296;
  }
  /** Integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + floor(this.float() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.float() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[floor(this.float() * items.length)];
  }
  normal(): number {
    const u1 = 1 - this.float(); // (0, 1]
    const u2 = this.float();
    return sqrt(-2 * log(u1)) * cos(2 * PI * u2);
  }
  /** Log-normal: exp(N(mu, sigma)). Volumes, liquidity and TVL are roughly log-normal across assets. */
  logNormal(mu: number, sigma: number): number {
    return exp(mu + sigma * this.normal());
  }
  /** Pareto with scale xm and shape alpha: the heavy tail of followers and of the biggest pools. */
  pareto(xm: number, alpha: number): number {
    return xm / pow(1 - this.float(), 1 / alpha);
  }
}

/** A generator whose stream is named by `parts`, e.g. `rngAt(seed, tag("dex:identity"), chainIndex, row)`. */
export function rngAt(...parts: readonly number[]): Rng {
  return new Rng(hash32(...parts));
}
