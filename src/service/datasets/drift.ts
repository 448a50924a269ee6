/**
 * How values move between refreshes: a smooth multi-scale "random walk" evaluated in O(levels) for any refresh index.
 *
 * A literal random walk would cost O(index) per value (the index counts refreshes since 2024, tens of thousands) and
 * would wander to absurd values over years. Instead the log of a value is a sum of interpolated noise at time scales of
 * 1, 4, 16, ... refreshes (value noise, as in fractal terrain): every refresh moves every value a little (the finest
 * level changes each step, so snapshot k+1 always differs from k), slower levels add trends over hours and weeks, and the
 * whole stays around its base level, so a snapshot a year from now is still plausible.
 */
import { fmix32 as importedFmix32 } from "./prng";

// Module-local bindings, not `Math.x` in loops: see prng.ts.
const { exp, floor, imul, pow, sqrt } = Math;
const fmix32 = importedFmix32; // captured once: the loop below is the hottest code of every snapshot

const LEVELS = 7; // scales 1 .. 4^6 = 4096 refreshes (~43 days at 15 min, ~85 days at 30 min)

/** Weight of level l: coarser levels move further, as a Brownian path does over longer spans (sqrt of the scale). */
const WEIGHTS = (() => {
  const raw = Array.from({ length: LEVELS }, (_, l) => pow(2, l));
  const norm = sqrt(raw.reduce((s, w) => s + w * w, 0));
  return raw.map((w) => w / norm);
})();

/**
 * A roughly normal value with mean 0 and variance 1 from one hash: Irwin–Hall of three 10-bit uniforms. Cheaper than
 * Box–Muller (no log/sqrt/cos) and the lattice points are the hot loop of every snapshot; the shape only needs to be
 * bell-like, the tails are supplied by the log-normal/Pareto base levels.
 */
function latticeNoise(h: number): number {
  return (((h & 1023) + ((h >>> 10) & 1023) + ((h >>> 20) & 1023)) / 1024 - 1.5) * 2;
}

const SCALES = Array.from({ length: LEVELS }, (_, l) => pow(4, l));

function smoothstep(f: number): number {
  return f * f * (3 - 2 * f);
}

/**
 * The log-multiplier of the entity `key` at refresh `index`, with standard deviation about `sigma`.
 * `key` should already mix seed, dataset, metric and row (e.g. `hash32(seed, tag("dex:liq"), row)`).
 */
export function driftAt(key: number, index: number, sigma: number): number {
  let total = 0;
  for (let l = 0; l < LEVELS; l++) {
    const scale = SCALES[l];
    const i = floor(index / scale);
    const f = smoothstep((index - i * scale) / scale);
    // One level key, then one finaliser per lattice point: imul by an odd constant and fmix32 are both bijections,
    // so distinct points of a level never share a hash.
    const levelKey = fmix32(key ^ imul(l + 1, 0x9e3779b1));
    const a = latticeNoise(fmix32(levelKey ^ imul(i, 0xcc9e2d51)));
    const b = latticeNoise(fmix32(levelKey ^ imul(i + 1, 0xcc9e2d51)));
    total += WEIGHTS[l] * (a + (b - a) * f);
  }
  return sigma * total;
}

/** `base` moved by the drift: multiplicative, so a positive value stays positive. */
export function drifted(base: number, key: number, index: number, sigma: number): number {
  return base * exp(driftAt(key, index, sigma));
}
