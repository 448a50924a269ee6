/**
 * The curated datasets' columns (E6–E11) as the real service's documentation lists them, transcribed by hand with its
 * own type words (the "Column Descriptions" tables of duneanalytics/dune-docs, api-reference/{eigenlayer,dex,markets,
 * farcaster}/endpoint/*.mdx), so the definitions are checked against the document and not against themselves.
 */
export type SpecType = "string" | "integer" | "double" | "array(string)" | "int";

const AVS_STRATEGIES = [
  "cbETH",
  "stETH",
  "rETH",
  "ETHx",
  "ankrETH",
  "OETH",
  "osETH",
  "swETH",
  "wBETH",
  "sfrxETH",
  "lsETH",
  "mETH",
  "beacon_chain_ETH",
];

export const SPEC_COLUMNS: Record<string, [string, SpecType][]> = {
  "avs-stats": [
    ["avs_name", "string"],
    ["avs_contract_address", "string"],
    ["num_operators", "integer"],
    ["total_TVL", "double"],
    ["num_stakers", "integer"],
    ...AVS_STRATEGIES.map((s): [string, SpecType] => [`${s}_TVL`, "double"]),
  ],
  "operator-metadata": [
    ["operator_name", "string"],
    ["operator_contract_address", "string"],
    ["website", "string"],
    ["microblog", "string"],
    ["logo", "string"],
    ["description", "string"],
  ],
  "dex-pairs": [
    ["chain", "string"],
    ["token_pair", "string"],
    ["projects", "array(string)"],
    ["pool_ids", "array(string)"],
    ["token_a_address", "string"],
    ["token_b_address", "string"],
    ["one_day_volume", "double"],
    ["seven_day_volume", "double"],
    ["thirty_day_volume", "double"],
    ["all_time_volume", "double"],
    ["usd_liquidity", "double"],
    ["seven_day_volume_liquidity_ratio", "double"],
  ],
  marketshare: [
    ["time", "string"],
    ["market", "string"],
    ["blockchain", "string"],
    ["project", "string"],
    ["version", "string"],
    ["volume_usd", "double"],
    ["trades", "int"],
  ],
  "social-channels": [
    ["channel_tier_name", "string"],
    ["channel_tier", "integer"],
    ["channel_tier_last", "integer"],
    ["channel", "string"],
    ["channel_age", "integer"],
    ["influential_casters", "array(string)"],
    ["top_domains", "array(string)"],
    ["top_casters", "array(string)"],
    ["casters", "integer"],
    ["wow_cast", "integer"],
    ["got_casts", "integer"],
    ["wow_cast", "integer"], // listed twice in the spec
    ["engagement", "integer"],
    ["wow_engage", "integer"],
    ["onchain_experts", "integer"],
    ["trading_experts", "integer"],
    ["contract_experts", "integer"],
    ["active_npc", "integer"],
    ["wow_npc", "integer"],
    ["active_user", "integer"],
    ["wow_active_user", "integer"],
    ["active_star", "integer"],
    ["wow_star", "integer"],
    ["active_influencer", "integer"],
    ["wow_influencer", "integer"],
    ["active_vip", "integer"],
    ["wow_vip", "integer"],
    ["got_replies", "integer"],
    ["wow_reply", "integer"],
    ["got_likes", "integer"],
    ["wow_likes", "integer"],
    ["got_recasts", "integer"],
    ["wow_recasts", "integer"],
  ],
  "social-users": [
    ["fid_active_tier_name", "string"],
    ["fid_active_tier", "integer"],
    ["fid_active_tier_last", "integer"],
    ["fid", "integer"],
    ["fname", "string"],
    ["account_age", "integer"],
    ["channels", "integer"],
    ["top_channels", "array(string)"],
    ["top_domains", "array(string)"],
    ["top_engagers", "array(string)"],
    ["followers", "integer"],
    ["wow_followers", "integer"],
    ["casts", "integer"],
    ["wow_casts", "integer"],
    ["engagement", "integer"],
    ["wow_engage", "integer"],
    ["total_transactions", "integer"],
    ["trading_volume_usd", "integer"],
    ["contracts_deployed", "integer"],
    ["got_likes", "integer"],
    ["wow_likes", "integer"],
    ["got_recasts", "integer"],
    ["wow_recasts", "integer"],
    ["got_replies", "integer"],
    ["wow_replies", "integer"],
    ["addresses", "array(string)"],
  ],
};

/** The documented mapping of spec type words to API type names. */
export const API_TYPE_OF: Record<SpecType, string> = {
  string: "varchar",
  integer: "bigint",
  double: "double",
  "array(string)": "array(varchar)",
  int: "integer",
};

/** A result cannot repeat a column name: the spec's later duplicates are dropped, first positions kept. */
export function withoutRepeatedNames(cols: [string, SpecType][]): [string, SpecType][] {
  const seen = new Set<string>();
  return cols.filter(([name]) => !seen.has(name) && seen.add(name) !== undefined);
}
