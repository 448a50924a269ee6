/**
 * Token symbols per chain for E8. Each chain gets its real quote assets (the tokens pairs are priced in), a set of well
 * known tokens, and a generated long tail; pairs are written `<asset>-<quote>` (`PEPE-WETH`, `WETH-USDC`), the
 * quote being the token with the higher QUOTE_RANK, as DEX screens show them.
 */

/** Quote assets in order of preference: the later one is the quote (`WETH-USDC`, `WBTC-WETH`). */
export const QUOTE_RANK: Record<string, number> = {
  WBTC: 1,
  cbBTC: 1,
  WMATIC: 2,
  WPOL: 2,
  WFTM: 2,
  WBNB: 2,
  CELO: 2,
  WXDAI: 3,
  SOL: 2,
  WETH: 3,
  DAI: 4,
  "USDC.e": 4,
  BUSD: 4,
  cUSD: 4,
  USDT: 5,
  USDC: 6,
};

interface ChainTokens {
  /** Quote assets, most used first. */
  quotes: readonly string[];
  /** Well-known non-quote tokens. */
  majors: readonly string[];
}

const EVM_MAJORS = [
  "LINK",
  "UNI",
  "AAVE",
  "LDO",
  "CRV",
  "PEPE",
  "SHIB",
  "wstETH",
  "stETH",
  "rETH",
  "cbETH",
  "ARB",
  "OP",
  "FRAX",
  "MKR",
  "SNX",
  "COMP",
  "ENS",
  "GRT",
  "APE",
  "MOG",
  "TURBO",
  "FLOKI",
  "BONE",
  "SPX",
  "NEIRO",
  "ONDO",
  "ENA",
  "USDe",
  "weETH",
  "ezETH",
  "PENDLE",
  "FXS",
  "BAL",
  "SUSHI",
  "1INCH",
  "YFI",
  "RPL",
  "MATIC",
  "POL",
  "RNDR",
  "FET",
  "AGIX",
  "IMX",
  "SAND",
  "MANA",
  "AXS",
  "BLUR",
  "GMX",
  "RDNT",
];

export const CHAIN_TOKENS: Record<string, ChainTokens> = {
  ethereum: { quotes: ["WETH", "USDC", "USDT", "DAI", "WBTC"], majors: EVM_MAJORS },
  arbitrum: {
    quotes: ["WETH", "USDC", "USDT", "USDC.e", "WBTC"],
    majors: [
      "ARB",
      "GMX",
      "MAGIC",
      "RDNT",
      "PENDLE",
      "GRAIL",
      "LINK",
      "UNI",
      "wstETH",
      "weETH",
      "JOE",
      "DPX",
      "GNS",
      "PEPE",
      "AAVE",
      "CRV",
    ],
  },
  base: {
    quotes: ["WETH", "USDC", "cbBTC", "USDT"],
    majors: [
      "AERO",
      "DEGEN",
      "BRETT",
      "TOSHI",
      "VIRTUAL",
      "cbETH",
      "wstETH",
      "HIGHER",
      "MFER",
      "KEYCAT",
      "AIXBT",
      "WELL",
      "PRIME",
      "ZORA",
      "BALD",
    ],
  },
  bnb: {
    quotes: ["WBNB", "USDT", "BUSD", "USDC"],
    majors: [
      "CAKE",
      "BTCB",
      "ETH",
      "XRP",
      "ADA",
      "DOGE",
      "TWT",
      "BAKE",
      "XVS",
      "ALPACA",
      "SFP",
      "FLOKI",
      "BABYDOGE",
      "THE",
      "LISTA",
    ],
  },
  celo: { quotes: ["CELO", "cUSD", "USDC"], majors: ["cEUR", "cREAL", "UBE", "MOO", "WETH", "stCELO", "G$"] },
  fantom: {
    quotes: ["WFTM", "USDC", "DAI"],
    majors: ["BOO", "EQUAL", "SPIRIT", "BEETS", "LQDR", "WETH", "fBTC", "sFTMx", "TOMB", "SCREAM"],
  },
  gnosis: {
    quotes: ["WXDAI", "WETH", "USDC"],
    majors: ["GNO", "COW", "HNY", "AGVE", "sDAI", "wstETH", "EURe", "SAFE"],
  },
  optimism: {
    quotes: ["WETH", "USDC", "USDT", "USDC.e"],
    majors: ["OP", "VELO", "SNX", "wstETH", "sUSD", "LUSD", "PERP", "THALES", "LYRA", "KWENTA", "WLD", "LINK"],
  },
  polygon: {
    quotes: ["WPOL", "USDC", "USDT", "WETH", "USDC.e"],
    majors: ["QUICK", "AAVE", "LINK", "GHST", "SAND", "stMATIC", "MaticX", "CRV", "UNI", "DAI", "WBTC", "TEL"],
  },
  scroll: { quotes: ["WETH", "USDC", "USDT"], majors: ["SCR", "wstETH", "STONE", "weETH", "NURI", "TKN", "SKY"] },
  zk_sync: {
    quotes: ["WETH", "USDC", "USDT", "USDC.e"],
    majors: ["ZK", "ZORRO", "HOLD", "MUTE", "KOI", "wstETH", "WBTC", "VC"],
  },
  solana: {
    quotes: ["SOL", "USDC", "USDT"],
    majors: [
      "JUP",
      "BONK",
      "WIF",
      "RAY",
      "JTO",
      "PYTH",
      "ORCA",
      "mSOL",
      "jitoSOL",
      "POPCAT",
      "MEW",
      "BOME",
      "W",
      "TNSR",
      "GME",
      "MOTHER",
      "FWOG",
      "GOAT",
      "PNUT",
      "RENDER",
    ],
  },
};

/**
 * Real contract addresses of the biggest tokens on Ethereum and Solana, so filter examples from the spec
 * (`token_a_address = '0xc02a…'`) work on the synthetic data too. Every other token gets a generated address.
 */
export const KNOWN_TOKEN_ADDRESSES: Record<string, Record<string, string>> = {
  ethereum: {
    WETH: "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2",
    USDC: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
    USDT: "0xdac17f958d2ee523a2206206994597c13d831ec7",
    DAI: "0x6b175474e89094c44da98b954eedeac495271d0f",
    WBTC: "0x2260fac5e5542a773aa44fbcfedf7c193bc2c599",
    PEPE: "0x6982508145454ce325ddbe47a25d4ec3d2311933",
  },
  solana: {
    SOL: "So11111111111111111111111111111111111111112",
    USDC: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
    USDT: "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB",
  },
};

/** Pairs per chain: thousands on Ethereum, hundreds on the smaller chains (~16k in all). */
export const PAIRS_PER_CHAIN: Record<string, number> = {
  ethereum: 5000,
  base: 2600,
  bnb: 2000,
  arbitrum: 1800,
  solana: 1600,
  polygon: 1100,
  optimism: 700,
  zk_sync: 400,
  fantom: 300,
  scroll: 250,
  gnosis: 200,
  celo: 150,
};

/** Rough log-scale of a chain's typical pool liquidity (ln USD), so Ethereum pools are deeper than Celo's. */
export const CHAIN_DEPTH: Record<string, number> = {
  ethereum: 11.5,
  base: 10.2,
  bnb: 10.3,
  arbitrum: 10.4,
  solana: 10.0,
  polygon: 9.6,
  optimism: 9.8,
  zk_sync: 9.0,
  fantom: 8.6,
  scroll: 8.8,
  gnosis: 8.8,
  celo: 8.3,
};
