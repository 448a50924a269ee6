/**
 * The identities behind E6 and E7: 80 actively validated services and 300 operators. Seed-only, so names and contract
 * addresses never change between refreshes.
 */
import { evmAddress } from "./addresses";
import { memoBySeed } from "./memo";
import { slug, titleCase, uniqueName, word } from "./names";
import { rngAt, tag } from "./prng";
import {
  AVS_SUFFIXES,
  KNOWN_AVS,
  KNOWN_OPERATORS,
  OPERATOR_SUFFIXES,
  STRATEGIES,
  WEB_TLDS,
} from "./restaking-vocabulary";

// Module-local bindings, not `Math.x` in loops: see prng.ts.
const { exp, max, min } = Math;

export const AVS_COUNT = 80;
export const OPERATOR_COUNT = 300;

export interface Avs {
  name: string;
  address: string;
  /** Typical total TVL in USD (log-normal across services: a few hold billions, most a few million). */
  tvl: number;
  /** Typical share of all operators that opted in. */
  operatorShare: number;
  /** Typical stakers per operator. */
  stakersPerOperator: number;
  /** Relative weight of each strategy (STRATEGIES order); 0 = the service does not accept it. */
  strategyWeights: number[];
}

export interface Operator {
  name: string;
  address: string;
  /** Domain stem and handle, e.g. `chorusone`. */
  handle: string;
  tld: string;
  hasWebsite: boolean;
  hasMicroblog: boolean;
  /** Indices into the description vocabulary. */
  opening: number;
  claims: [number, number];
  /** The operator edits its metadata about every `editEvery` refreshes (at a per-operator phase). */
  editEvery: number;
  editPhase: number;
}

function buildAvs(seed: number): Avs[] {
  const rng = rngAt(seed, tag("restaking:avs"));
  const taken = new Set<string>(KNOWN_AVS);
  return Array.from({ length: AVS_COUNT }, (_, i) => {
    const name =
      i < KNOWN_AVS.length
        ? KNOWN_AVS[i]
        : uniqueName(rng, taken, (r) => `${titleCase(word(r, r.int(2, 3)))} ${r.pick(AVS_SUFFIXES)}`);
    // Every service accepts beacon chain ETH (the last strategy); each LST with some probability.
    const strategyWeights = STRATEGIES.map((s, k) =>
      k === STRATEGIES.length - 1 || rng.chance(0.65) ? s.weight * exp(0.7 * rng.normal()) : 0,
    );
    return {
      name,
      address: evmAddress(seed, tag("restaking:avs-address"), i),
      tvl: min(1.5e10, rng.logNormal(17.5, 1.8)), // median ~$40M
      operatorShare: min(0.95, max(0.01, rng.logNormal(-1.8, 0.9))),
      stakersPerOperator: rng.logNormal(5, 1),
      strategyWeights,
    };
  });
}

function buildOperators(seed: number): Operator[] {
  const rng = rngAt(seed, tag("restaking:operators"));
  const taken = new Set<string>(KNOWN_OPERATORS);
  const handles = new Set<string>();
  return Array.from({ length: OPERATOR_COUNT }, (_, i) => {
    const name =
      i < KNOWN_OPERATORS.length
        ? KNOWN_OPERATORS[i]
        : uniqueName(rng, taken, (r) =>
            r.chance(0.15) ? `${word(r, 2)}.eth` : `${titleCase(word(r, r.int(1, 2)))} ${r.pick(OPERATOR_SUFFIXES)}`,
          );
    let handle = slug(name).slice(0, 15);
    while (handles.has(handle)) handle = handle.slice(0, 12) + rng.int(10, 99);
    handles.add(handle);
    return {
      name,
      address: evmAddress(seed, tag("restaking:operator-address"), i),
      handle,
      tld: rng.pick(WEB_TLDS),
      hasWebsite: rng.chance(0.93),
      hasMicroblog: rng.chance(0.85),
      opening: rng.int(0, 1e6),
      claims: [rng.int(0, 1e6), rng.int(0, 1e6)],
      editEvery: rng.int(500, 3000), // about one to four weeks of 15-minute refreshes
      editPhase: rng.int(0, 2999),
    };
  });
}

export const avsPopulation = memoBySeed(buildAvs);
export const operatorPopulation = memoBySeed(buildOperators);
