/**
 * How values move between refreshes: a smooth multi-scale "random walk" evaluated in O(levels) for any refresh index.
 *
 * A literal random walk would cost O(index) per value (the index counts refreshes since 2024, tens of thousands) and
 * would wander to absurd values over years. Instead the log of a value is a sum of interpolated noise at time scales of
 * 1, 4, 16, ... refreshes (value noise, as in fractal terrain): every refresh moves every value a little (the finest
 * level changes each step, so snapshot k+1 always differs from k), slower levels add trends over hours and weeks, and the
 * whole stays around its base level, so a snapshot a year from now is still plausible.
 */
import { gaussianAt } from "./prng";

const LEVELS = 7; // scales 1 .. 4^6 = 4096 refreshes (~43 days at 15 min, ~85 days at 30 min)

/** Weight of level l: coarser levels move further, as a Brownian path does over longer spans (sqrt of the scale). */
const WEIGHTS = (() => {
  const raw = Array.from({ length: LEVELS }, (_, l) => Math.pow(2, l));
  const norm = Math.sqrt(raw.reduce((s, w) => s + w * w, 0));
  return raw.map((w) => w / norm);
})();

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
    const scale = Math.pow(4, l);
    const i = Math.floor(index / scale);
    const f = smoothstep((index - i * scale) / scale);
    const a = gaussianAt(key, l, i);
    const b = gaussianAt(key, l, i + 1);
    total += WEIGHTS[l] * (a + (b - a) * f);
  }
  return sigma * total;
}

/** `base` moved by the drift: multiplicative, so a positive value stays positive. */
export function drifted(base: number, key: number, index: number, sigma: number): number {
  return base * Math.exp(driftAt(key, index, sigma));
}
