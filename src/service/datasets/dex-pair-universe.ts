/**
 * The identities of E8: per chain, the tokens (symbol + address) and the pairs with their projects and pools. They depend
 * only on the seed, never on the refresh, so a pair keeps its addresses, projects and pools across snapshots and only
 * its volumes and liquidity move.
 */
import { addressFor } from "./addresses";
import { DEX_CHAINS } from "./chains";
import { MARKET_CATALOG, dexProjectsOn } from "./market-catalog";
import { memoBySeed } from "./memo";
import { uniqueName, word } from "./names";
import { type Rng, rngAt, tag } from "./prng";
import { CHAIN_DEPTH, CHAIN_TOKENS, KNOWN_TOKEN_ADDRESSES, PAIRS_PER_CHAIN, QUOTE_RANK } from "./token-vocabulary";

// Module-local bindings, not `Math.x` in loops: see prng.ts.
const { floor, log, max, min } = Math;

interface Token {
  symbol: string;
  address: string;
}

export interface DexPair {
  chain: string;
  /** Index of the pair within its chain: the row's identity for the value streams. */
  ordinal: number;
  tokenA: Token;
  tokenB: Token;
  projects: string[];
  poolIds: string[];
  /** ln of the pair's typical USD liquidity: quote/quote pairs are deep, long-tail tokens shallow. */
  liquidityMu: number;
  /** ln of the pair's typical weekly volume / liquidity. */
  turnoverMu: number;
  /** Whether the pair has mostly gone quiet (days without a trade are common). */
  dormant: boolean;
  /** Day number (days since 1970-01-01) of the first trade: all-time volume accrues from there. */
  createdDay: number;
}

const EARLIEST_DAY = 17167; // 2017-01-01
const LATEST_CREATED_DAY = 20000; // 2024-10-04
const T_TOKEN = tag("dex:token");
const T_POOL = tag("dex:pool");
const T_PAIR = tag("dex:pair");

/** Long-tail tickers: plain made-up words plus the meme-coin patterns that dominate new listings. */
function tailSymbol(rng: Rng): string {
  const w = word(rng, rng.int(1, 2)).toUpperCase().slice(0, 6);
  const r = rng.float();
  if (r < 0.08) return `${w}AI`;
  if (r < 0.14) return `BABY${w}`.slice(0, 9);
  if (r < 0.19) return `${w}INU`;
  if (r < 0.22) return `${w}2.0`;
  return w.length < 3 ? w + "X" : w;
}

function orient(x: Token, y: Token): [Token, Token] {
  const rx = QUOTE_RANK[x.symbol] ?? 0;
  const ry = QUOTE_RANK[y.symbol] ?? 0;
  if (rx !== ry) return rx < ry ? [x, y] : [y, x];
  return x.symbol <= y.symbol ? [x, y] : [y, x];
}

/** A chain's dex projects with their summed catalog weights (all versions). */
const projectWeightCache = new Map<string, { names: string[]; weights: number[]; total: number }>();
function projectWeights(chain: string): { names: string[]; weights: number[]; total: number } {
  let entry = projectWeightCache.get(chain);
  if (!entry) {
    const names = dexProjectsOn(chain);
    const weights = names.map((p) =>
      MARKET_CATALOG.filter((e) => e.project === p && e.market === "dex").reduce((s, e) => s + e.weight, 0),
    );
    entry = { names, weights, total: weights.reduce((s, w) => s + w, 0) };
    projectWeightCache.set(chain, entry);
  }
  return entry;
}

/** Picks 1–4 projects, the chain's big DEXes more often, and 1–3 pools per project. */
function venues(
  rng: Rng,
  seed: number,
  chain: string,
  ci: number,
  ordinal: number,
): { projects: string[]; poolIds: string[] } {
  const { names, weights, total } = projectWeights(chain);
  const r = rng.float();
  const want = min(names.length, r < 0.6 ? 1 : r < 0.85 ? 2 : r < 0.95 ? 3 : 4);
  const chosen = new Set<string>();
  while (chosen.size < want) {
    let x = rng.float() * total;
    let i = 0;
    while (x >= weights[i] && i < names.length - 1) x -= weights[i++];
    chosen.add(names[i]);
  }
  const projects = [...chosen].sort();
  const poolIds: string[] = [];
  for (let p = 0; p < projects.length; p++) {
    const pools = rng.chance(0.7) ? 1 : rng.int(2, 3);
    for (let j = 0; j < pools; j++) poolIds.push(addressFor(chain, seed, T_POOL, ci, ordinal, poolIds.length));
  }
  return { projects, poolIds };
}

function buildChain(seed: number, chain: string, ci: number): DexPair[] {
  const rng = rngAt(seed, T_PAIR, ci);
  const { quotes, majors } = CHAIN_TOKENS[chain];
  const known = KNOWN_TOKEN_ADDRESSES[chain] ?? {};
  let tokenCount = 0;
  const token = (symbol: string): Token => ({
    symbol,
    address: known[symbol] ?? addressFor(chain, seed, T_TOKEN, ci, tokenCount++),
  });
  const quoteTokens = quotes.map(token);
  const target = PAIRS_PER_CHAIN[chain];
  const pairs: DexPair[] = [];
  const seen = new Set<string>();
  const add = (x: Token, y: Token, mu: number): void => {
    const [a, b] = orient(x, y);
    const key = `${a.address}/${b.address}`;
    if (pairs.length >= target || a.address === b.address || seen.has(key)) return;
    seen.add(key);
    const ordinal = pairs.length;
    const dormant = mu < 0 && rng.chance(0.25);
    pairs.push({
      chain,
      ordinal,
      tokenA: a,
      tokenB: b,
      ...venues(rng, seed, chain, ci, ordinal),
      liquidityMu: CHAIN_DEPTH[chain] + mu + 1.6 * rng.normal(),
      turnoverMu: log(dormant ? 0.01 : 0.9) + 0.9 * rng.normal(),
      dormant,
      // Most pairs are young (launch waves of 2024), a heavy tail goes back to 2017.
      createdDay: max(EARLIEST_DAY, LATEST_CREATED_DAY - floor(rng.pareto(20, 0.8))),
    });
  };
  // Blue chips first, so the first rows of a chain are the pairs everyone looks for (WETH-USDC, WBTC-WETH, ...).
  for (let i = 0; i < quoteTokens.length; i++)
    for (let j = i + 1; j < quoteTokens.length; j++) add(quoteTokens[i], quoteTokens[j], 4.5);
  for (const m of majors.map(token)) {
    quoteTokens.forEach((q, qi) => {
      if (qi === 0 || rng.chance(0.55 / qi)) add(m, q, qi === 0 ? 2.2 : 1.2);
    });
  }
  const taken = new Set<string>([...quotes, ...majors]);
  while (pairs.length < target) {
    const t = token(uniqueName(rng, taken, tailSymbol));
    add(t, quoteTokens[rng.chance(0.8) ? 0 : 1], -1.5);
    if (rng.chance(0.2)) add(t, rng.pick(quoteTokens), -2.5);
  }
  return pairs;
}

/** All pairs of all DEX chains, in DEX_CHAINS order. */
export const dexPairUniverse = memoBySeed((seed: number): DexPair[] =>
  DEX_CHAINS.flatMap((c, ci) => buildChain(seed, c, ci)),
);
