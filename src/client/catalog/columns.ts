/**
 * The curated datasets' result columns and their API types, in the order the API documents them. The service
 * keeps its own copy beside the data it generates; test/client/catalog-parity.test.ts holds the two together.
 */
export type CatalogColumnType = "varchar" | "bigint" | "integer" | "double" | "array(varchar)" | "date";

export type CatalogColumn = readonly [name: string, type: CatalogColumnType];

export const AVS_COLUMNS: readonly CatalogColumn[] = [
  ["avs_name", "varchar"],
  ["avs_contract_address", "varchar"],
  ["num_operators", "bigint"],
  ["total_TVL", "double"],
  ["num_stakers", "bigint"],
  ["cbETH_TVL", "double"],
  ["stETH_TVL", "double"],
  ["rETH_TVL", "double"],
  ["ETHx_TVL", "double"],
  ["ankrETH_TVL", "double"],
  ["OETH_TVL", "double"],
  ["osETH_TVL", "double"],
  ["swETH_TVL", "double"],
  ["wBETH_TVL", "double"],
  ["sfrxETH_TVL", "double"],
  ["lsETH_TVL", "double"],
  ["mETH_TVL", "double"],
  ["beacon_chain_ETH_TVL", "double"],
];

export const OPERATORS_COLUMNS: readonly CatalogColumn[] = [
  ["operator_name", "varchar"],
  ["operator_contract_address", "varchar"],
  ["website", "varchar"],
  ["microblog", "varchar"],
  ["logo", "varchar"],
  ["description", "varchar"],
];

export const DEX_COLUMNS: readonly CatalogColumn[] = [
  ["chain", "varchar"],
  ["token_pair", "varchar"],
  ["projects", "array(varchar)"],
  ["pool_ids", "array(varchar)"],
  ["token_a_address", "varchar"],
  ["token_b_address", "varchar"],
  ["one_day_volume", "double"],
  ["seven_day_volume", "double"],
  ["thirty_day_volume", "double"],
  ["all_time_volume", "double"],
  ["usd_liquidity", "double"],
  ["seven_day_volume_liquidity_ratio", "double"],
];

export const MARKETSHARE_COLUMNS: readonly CatalogColumn[] = [
  ["time", "varchar"],
  ["market", "varchar"],
  ["blockchain", "varchar"],
  ["project", "varchar"],
  ["version", "varchar"],
  ["volume_usd", "double"],
  ["trades", "integer"],
];

export const CHANNELS_COLUMNS: readonly CatalogColumn[] = [
  ["channel_tier_name", "varchar"],
  ["channel_tier", "bigint"],
  ["channel_tier_last", "bigint"],
  ["channel", "varchar"],
  ["channel_age", "bigint"],
  ["influential_casters", "array(varchar)"],
  ["top_domains", "array(varchar)"],
  ["top_casters", "array(varchar)"],
  ["casters", "bigint"],
  ["wow_cast", "bigint"],
  ["got_casts", "bigint"],
  ["engagement", "bigint"],
  ["wow_engage", "bigint"],
  ["onchain_experts", "bigint"],
  ["trading_experts", "bigint"],
  ["contract_experts", "bigint"],
  ["active_npc", "bigint"],
  ["wow_npc", "bigint"],
  ["active_user", "bigint"],
  ["wow_active_user", "bigint"],
  ["active_star", "bigint"],
  ["wow_star", "bigint"],
  ["active_influencer", "bigint"],
  ["wow_influencer", "bigint"],
  ["active_vip", "bigint"],
  ["wow_vip", "bigint"],
  ["got_replies", "bigint"],
  ["wow_reply", "bigint"],
  ["got_likes", "bigint"],
  ["wow_likes", "bigint"],
  ["got_recasts", "bigint"],
  ["wow_recasts", "bigint"],
];

export const USERS_COLUMNS: readonly CatalogColumn[] = [
  ["fid_active_tier_name", "varchar"],
  ["fid_active_tier", "bigint"],
  ["fid_active_tier_last", "bigint"],
  ["fid", "bigint"],
  ["fname", "varchar"],
  ["account_age", "bigint"],
  ["channels", "bigint"],
  ["top_channels", "array(varchar)"],
  ["top_domains", "array(varchar)"],
  ["top_engagers", "array(varchar)"],
  ["followers", "bigint"],
  ["wow_followers", "bigint"],
  ["casts", "bigint"],
  ["wow_casts", "bigint"],
  ["engagement", "bigint"],
  ["wow_engage", "bigint"],
  ["total_transactions", "bigint"],
  ["trading_volume_usd", "bigint"],
  ["contracts_deployed", "bigint"],
  ["got_likes", "bigint"],
  ["wow_likes", "bigint"],
  ["got_recasts", "bigint"],
  ["wow_recasts", "bigint"],
  ["got_replies", "bigint"],
  ["wow_replies", "bigint"],
  ["addresses", "array(varchar)"],
];
