/**
 * The marketplaces the service knows: which project and contract version runs on which chain, since when, and how big
 * it is relative to its peers. E9 (market share) serves one row per entry, chain and day; E8 (DEX pairs) takes its
 * `projects` vocabulary from the dex entries of a chain, so the two datasets name projects the same way.
 * Launch dates are approximate real ones where it matters for the one-year window (uniswap v4, balancer v3); weights are
 * rough orders of magnitude, not market data.
 */
export interface MarketEntry {
  market: "dex" | "nft";
  project: string;
  version: string;
  chains: readonly string[];
  /** Relative size: the share of volume is proportional to weight (times a per-chain factor and daily noise). */
  weight: number;
  /** First day with volume, `YYYY-MM-DD`; absent = long before any window we serve. */
  launched?: string;
}

const L2S = ["arbitrum", "base", "optimism"];

export const MARKET_CATALOG: readonly MarketEntry[] = [
  // dex
  {
    market: "dex",
    project: "uniswap",
    version: "v2",
    chains: ["ethereum", ...L2S, "polygon", "bnb", "avalanche_c", "blast", "zk_sync", "celo"],
    weight: 30,
  },
  {
    market: "dex",
    project: "uniswap",
    version: "v3",
    chains: ["ethereum", ...L2S, "polygon", "bnb", "avalanche_c", "blast", "zk_sync", "celo", "linea", "scroll"],
    weight: 100,
  },
  {
    market: "dex",
    project: "uniswap",
    version: "v4",
    chains: ["ethereum", ...L2S, "polygon", "bnb", "avalanche_c", "blast"],
    weight: 40,
    launched: "2025-01-31",
  },
  {
    market: "dex",
    project: "sushiswap",
    version: "v1",
    chains: ["ethereum", "arbitrum", "polygon", "fantom", "gnosis", "celo", "bnb", "avalanche_c"],
    weight: 6,
  },
  {
    market: "dex",
    project: "sushiswap",
    version: "v2",
    chains: ["ethereum", ...L2S, "polygon", "scroll", "linea", "zk_sync"],
    weight: 4,
  },
  {
    market: "dex",
    project: "curve",
    version: "v1",
    chains: ["ethereum", "arbitrum", "optimism", "polygon", "fantom", "gnosis", "avalanche_c", "base", "celo"],
    weight: 25,
  },
  {
    market: "dex",
    project: "balancer",
    version: "v2",
    chains: ["ethereum", ...L2S, "polygon", "gnosis", "avalanche_c", "zk_sync"],
    weight: 12,
  },
  {
    market: "dex",
    project: "balancer",
    version: "v3",
    chains: ["ethereum", "base", "arbitrum", "gnosis"],
    weight: 5,
    launched: "2024-12-11",
  },
  {
    market: "dex",
    project: "pancakeswap",
    version: "v2",
    chains: ["bnb", "ethereum", "base", "arbitrum", "zk_sync", "linea"],
    weight: 20,
  },
  {
    market: "dex",
    project: "pancakeswap",
    version: "v3",
    chains: ["bnb", "ethereum", "base", "arbitrum", "zk_sync", "linea", "polygon"],
    weight: 45,
  },
  { market: "dex", project: "aerodrome", version: "v1", chains: ["base"], weight: 40 },
  { market: "dex", project: "velodrome", version: "v2", chains: ["optimism"], weight: 15 },
  { market: "dex", project: "camelot", version: "v2", chains: ["arbitrum"], weight: 4 },
  { market: "dex", project: "camelot", version: "v3", chains: ["arbitrum"], weight: 8 },
  { market: "dex", project: "trader_joe", version: "v2", chains: ["avalanche_c", "arbitrum", "bnb"], weight: 10 },
  { market: "dex", project: "quickswap", version: "v2", chains: ["polygon"], weight: 5 },
  { market: "dex", project: "quickswap", version: "v3", chains: ["polygon"], weight: 10 },
  { market: "dex", project: "spookyswap", version: "v2", chains: ["fantom"], weight: 8 },
  { market: "dex", project: "equalizer", version: "v1", chains: ["fantom", "base"], weight: 4 },
  { market: "dex", project: "honeyswap", version: "v1", chains: ["gnosis"], weight: 2 },
  { market: "dex", project: "ubeswap", version: "v2", chains: ["celo"], weight: 3 },
  { market: "dex", project: "syncswap", version: "v1", chains: ["zk_sync", "scroll", "linea"], weight: 6 },
  { market: "dex", project: "syncswap", version: "v2", chains: ["zk_sync", "scroll", "linea"], weight: 4 },
  { market: "dex", project: "nile", version: "v1", chains: ["linea"], weight: 4 },
  { market: "dex", project: "lynex", version: "v1", chains: ["linea"], weight: 3 },
  { market: "dex", project: "thruster", version: "v2", chains: ["blast"], weight: 3 },
  { market: "dex", project: "thruster", version: "v3", chains: ["blast"], weight: 6 },
  { market: "dex", project: "agni", version: "v1", chains: ["mantle"], weight: 5 },
  { market: "dex", project: "merchant_moe", version: "v1", chains: ["mantle"], weight: 4 },
  { market: "dex", project: "fusionx", version: "v3", chains: ["mantle"], weight: 2 },
  { market: "dex", project: "maverick", version: "v1", chains: ["ethereum", "zk_sync", "bnb"], weight: 3 },
  {
    market: "dex",
    project: "maverick",
    version: "v2",
    chains: ["ethereum", "base", "zk_sync", "bnb", "arbitrum", "scroll"],
    weight: 4,
  },
  {
    market: "dex",
    project: "dodo",
    version: "v2",
    chains: ["ethereum", "bnb", "arbitrum", "polygon", "scroll"],
    weight: 3,
  },
  { market: "dex", project: "thena", version: "v1", chains: ["bnb"], weight: 5 },
  { market: "dex", project: "biswap", version: "v1", chains: ["bnb"], weight: 3 },
  { market: "dex", project: "ambient", version: "v1", chains: ["ethereum", "scroll", "blast"], weight: 3 },
  { market: "dex", project: "nuri", version: "v1", chains: ["scroll"], weight: 3 },
  { market: "dex", project: "raydium", version: "v4", chains: ["solana"], weight: 90 },
  { market: "dex", project: "raydium", version: "v3", chains: ["solana"], weight: 30 },
  { market: "dex", project: "orca", version: "v2", chains: ["solana"], weight: 60 },
  { market: "dex", project: "meteora", version: "v1", chains: ["solana"], weight: 35 },
  { market: "dex", project: "phoenix", version: "v1", chains: ["solana"], weight: 15 },
  { market: "dex", project: "lifinity", version: "v2", chains: ["solana"], weight: 8 },
  // nft
  {
    market: "nft",
    project: "opensea",
    version: "v4",
    chains: ["ethereum", ...L2S, "polygon", "avalanche_c", "blast", "zk_sync"],
    weight: 40,
  },
  { market: "nft", project: "blur", version: "v1", chains: ["ethereum"], weight: 25 },
  { market: "nft", project: "blur", version: "v2", chains: ["ethereum", "blast"], weight: 45 },
  { market: "nft", project: "looksrare", version: "v2", chains: ["ethereum"], weight: 4 },
  { market: "nft", project: "x2y2", version: "v1", chains: ["ethereum"], weight: 2 },
  {
    market: "nft",
    project: "magiceden",
    version: "v1",
    chains: ["solana", "ethereum", "polygon", "base", "arbitrum", "bnb", "avalanche_c"],
    weight: 30,
  },
  { market: "nft", project: "magiceden", version: "v2", chains: ["solana"], weight: 10 },
  { market: "nft", project: "tensor", version: "v1", chains: ["solana"], weight: 25 },
  { market: "nft", project: "sudoswap", version: "v2", chains: ["ethereum", "base"], weight: 3 },
  {
    market: "nft",
    project: "element",
    version: "v1",
    chains: [
      "ethereum",
      "bnb",
      "polygon",
      "avalanche_c",
      "arbitrum",
      "base",
      "zk_sync",
      "linea",
      "scroll",
      "mantle",
      "blast",
    ],
    weight: 8,
  },
  { market: "nft", project: "zora", version: "v1", chains: ["ethereum", "base", "optimism"], weight: 5 },
  { market: "nft", project: "rarible", version: "v1", chains: ["ethereum", "polygon", "base"], weight: 3 },
  {
    market: "nft",
    project: "tofunft",
    version: "v1",
    chains: ["bnb", "polygon", "fantom", "celo", "gnosis", "optimism", "arbitrum", "scroll"],
    weight: 2,
  },
  { market: "nft", project: "paintswap", version: "v1", chains: ["fantom"], weight: 4 },
  { market: "nft", project: "joepegs", version: "v1", chains: ["avalanche_c"], weight: 3 },
  {
    market: "nft",
    project: "okx",
    version: "v1",
    chains: ["ethereum", "polygon", "bnb", "arbitrum", "zk_sync", "linea", "mantle"],
    weight: 3,
  },
];

/** Distinct dex project names on a chain, in catalog order: the `projects` vocabulary of E8. */
export function dexProjectsOn(chain: string): string[] {
  const names = MARKET_CATALOG.filter((e) => e.market === "dex" && e.chains.includes(chain)).map((e) => e.project);
  return [...new Set(names)];
}
