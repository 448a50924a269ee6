/** Result columns of each curated dataset (spec/service-api.md), for the columns and sort pickers. */
export const DATASET_COLUMNS = {
  avs: [
    "avs_name", "avs_contract_address", "num_operators", "total_TVL", "num_stakers", "cbETH_TVL", "stETH_TVL",
    "rETH_TVL", "ETHx_TVL", "ankrETH_TVL", "OETH_TVL", "osETH_TVL", "swETH_TVL", "wBETH_TVL", "sfrxETH_TVL",
    "lsETH_TVL", "mETH_TVL", "beacon_chain_ETH_TVL",
  ],
  operators: ["operator_name", "operator_contract_address", "website", "microblog", "logo", "description"],
  dex: [
    "chain", "token_pair", "projects", "pool_ids", "token_a_address", "token_b_address", "one_day_volume",
    "seven_day_volume", "thirty_day_volume", "all_time_volume", "usd_liquidity", "seven_day_volume_liquidity_ratio",
  ],
  marketshare: ["time", "market", "blockchain", "project", "version", "volume_usd", "trades"],
  channels: [
    "channel_tier_name", "channel_tier", "channel_tier_last", "channel", "channel_age", "influential_casters",
    "top_domains", "top_casters", "casters", "wow_cast", "got_casts", "engagement", "wow_engage", "onchain_experts",
    "trading_experts", "contract_experts", "active_npc", "wow_npc", "active_user", "wow_active_user", "active_star",
    "wow_star", "active_influencer", "wow_influencer", "active_vip", "wow_vip", "got_replies", "wow_reply",
    "got_likes", "wow_likes", "got_recasts", "wow_recasts",
  ],
  users: [
    "fid_active_tier_name", "fid_active_tier", "fid_active_tier_last", "fid", "fname", "account_age", "channels",
    "top_channels", "top_domains", "top_engagers", "followers", "wow_followers", "casts", "wow_casts", "engagement",
    "wow_engage", "total_transactions", "trading_volume_usd", "contracts_deployed", "got_likes", "wow_likes",
    "got_recasts", "wow_recasts", "got_replies", "wow_replies", "addresses",
  ],
} as const satisfies Record<string, readonly string[]>;
