/** Chain names in the service's own naming (lower case, `zk_sync`, `avalanche_c`), shared by E8 and E9. */

/** E8's allowed `chain` values, exactly as the spec lists them. */
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

/**
 * E9's chains. The spec leaves the complete list unshown ("all EVM chains known to the service", its examples include
 * solana), so the service documents its own: the twelve DEX chains plus four more EVM chains with real marketplaces.
 */
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
