/** Allowed values of the curated datasets' path arguments (spec E8, E9). */
/** Chains of `/v1/dex/pairs/{chain}` (spec E8). */
export const DEX_CHAINS = [
  "arbitrum",
  "base",
  "bnb",
  "celo",
  "ethereum",
  "fantom",
  "gnosis",
  "optimism",
  "polygon",
  "scroll",
  "zk_sync",
  "solana",
] as const;

/** Chains of `/v1/marketshare/{market}/{chain}`: the service's list, kept here because the client never imports the service. */
export const MARKETSHARE_CHAINS = [
  "arbitrum",
  "avalanche_c",
  "base",
  "blast",
  "bnb",
  "celo",
  "ethereum",
  "fantom",
  "gnosis",
  "linea",
  "mantle",
  "optimism",
  "polygon",
  "scroll",
  "solana",
  "zk_sync",
] as const;

export const MARKETS = ["dex", "nft"] as const;

export type DexChain = (typeof DEX_CHAINS)[number];
export type MarketshareChain = (typeof MARKETSHARE_CHAINS)[number];
export type Market = (typeof MARKETS)[number];
