/**
 * E11 — social user trends, `/v1/social/trends/users`, refreshed every 30 minutes: 30,000 users, ordered by fid.
 *
 * Weekly numbers drift per refresh; `wow_*` is this week minus the same figure a week of refreshes earlier, and
 * `fid_active_tier_last` is the tier that week (week-over-week.ts). `engagement` = likes + recasts + replies received,
 * so `wow_engage` = wow_likes + wow_recasts + wow_replies. The tier is a function of weekly engagement (tiers.ts).
 * All spec `integer` columns are bigint (see index.ts): `trading_volume_usd` alone exceeds 32 bits for whales.
 */
import { writeParquet } from "./parquet-writer";
import { drifted } from "./drift";
import { hash32, rehash, tag, unit } from "./prng";
import { snapshotDay } from "./schedule";
import { socialPopulation, type User } from "./social-population";
import { TIER_NAMES, tierOf } from "./tiers";
import type { DatasetColumn, DatasetDefinition, RefreshSchedule, SnapshotArgs } from "./types";
import { REFRESHES_PER_WEEK, growingTotal } from "./week-over-week";
import type { DuckDBConnection } from "@duckdb/node-api";

// Module-local bindings, not `Math.x` in loops: see prng.ts.
const { max, min, round, sqrt } = Math;

const COLUMNS: readonly DatasetColumn[] = [
  { name: "fid_active_tier_name", type: "varchar" },
  { name: "fid_active_tier", type: "bigint" },
  { name: "fid_active_tier_last", type: "bigint" },
  { name: "fid", type: "bigint" },
  { name: "fname", type: "varchar" },
  { name: "account_age", type: "bigint" },
  { name: "channels", type: "bigint" },
  { name: "top_channels", type: "array(varchar)" },
  { name: "top_domains", type: "array(varchar)" },
  { name: "top_engagers", type: "array(varchar)" },
  { name: "followers", type: "bigint" },
  { name: "wow_followers", type: "bigint" },
  { name: "casts", type: "bigint" },
  { name: "wow_casts", type: "bigint" },
  { name: "engagement", type: "bigint" },
  { name: "wow_engage", type: "bigint" },
  { name: "total_transactions", type: "bigint" },
  { name: "trading_volume_usd", type: "bigint" },
  { name: "contracts_deployed", type: "bigint" },
  { name: "got_likes", type: "bigint" },
  { name: "wow_likes", type: "bigint" },
  { name: "got_recasts", type: "bigint" },
  { name: "wow_recasts", type: "bigint" },
  { name: "got_replies", type: "bigint" },
  { name: "wow_replies", type: "bigint" },
  { name: "addresses", type: "array(varchar)" },
];

const SCHEDULE: RefreshSchedule = { kind: "every", minutes: 30 };

/** Lower bounds of weekly engagement for tiers active, star, influencer, vip.
 * Set so user tiers form a pyramid: about 45/35/15/4/1 % from npc to vip. */
export const USER_TIER_BOUNDS: readonly [number, number, number, number] = [50, 200, 700, 2000];

const T_FOLLOWERS = tag("users:followers");
const T_ACTIVITY = tag("users:activity");
const T_RECEPTION = tag("users:reception");
const T_SPLIT = tag("users:reaction-split");

/**
 * One user's weekly figures as of refresh `k`. Three drifts per user (followers, how much they cast, how well their
 * casts land) drive everything; likes, recasts and replies share the reception drift and differ by a small per-refresh
 * split, which keeps a 30,000-row snapshot cheap (every figure is evaluated twice: this week and a week ago).
 */
function weekOf(seed: number, u: User, k: number) {
  const activity = drifted(1, hash32(seed, T_ACTIVITY, u.fid), k, 0.5);
  const reception = drifted(1, hash32(seed, T_RECEPTION, u.fid), k, 0.4);
  const split = hash32(seed, T_SPLIT, u.fid, k);
  const jitter = (salt: number): number => 0.9 + 0.2 * unit(rehash(split, salt));
  const reactions = u.castsPerWeek * activity * u.engagementPerCast * reception;
  const likes = round(reactions * 0.75 * jitter(0));
  const recasts = round(reactions * 0.15 * jitter(1));
  const replies = round(reactions * 0.1 * jitter(2));
  const casts = max(1, round(u.castsPerWeek * activity));
  return {
    followers: round(drifted(u.followers, hash32(seed, T_FOLLOWERS, u.fid), k, 0.05)),
    casts,
    // At least the channels named in top_channels, at most one channel per cast.
    channels: max(u.topChannels.length, min(casts, round(u.channelsCastIn * sqrt(activity)))),
    likes,
    recasts,
    replies,
    engagement: likes + recasts + replies,
  };
}

async function writeSnapshot(
  conn: DuckDBConnection,
  { seed, refreshIndex: k, parquetPath }: SnapshotArgs,
): Promise<void> {
  const { users } = socialPopulation(seed);
  const today = snapshotDay(SCHEDULE, k);
  const n = users.length;
  const cols = COLUMNS.map(() => new Array<unknown>(n));
  for (let r = 0; r < n; r++) {
    const u = users[r];
    const now = weekOf(seed, u, k);
    const last = weekOf(seed, u, k - REFRESHES_PER_WEEK);
    const tier = tierOf(now.engagement, USER_TIER_BOUNDS);
    const row = [
      TIER_NAMES[tier],
      tier,
      tierOf(last.engagement, USER_TIER_BOUNDS),
      u.fid,
      u.fname,
      today - u.createdDay,
      now.channels,
      u.topChannels,
      u.topDomains,
      u.topEngagers,
      now.followers,
      now.followers - last.followers,
      now.casts,
      now.casts - last.casts,
      now.engagement,
      now.engagement - last.engagement,
      growingTotal(u.totalTransactions, u.totalTransactions / 900, k),
      growingTotal(u.tradingVolumeUsd, u.tradingVolumeUsd / 1200, k),
      growingTotal(u.contractsDeployed, u.contractsDeployed / 2000, k),
      now.likes,
      now.likes - last.likes,
      now.recasts,
      now.recasts - last.recasts,
      now.replies,
      now.replies - last.replies,
      u.addresses,
    ];
    for (let c = 0; c < row.length; c++) cols[c][r] = row[c];
  }
  await writeParquet(conn, COLUMNS, cols, parquetPath);
}

export const socialUsers: DatasetDefinition = {
  name: "social-users",
  queryId: 9000006,
  routePath: "/v1/social/trends/users",
  pathParams: [],
  schedule: SCHEDULE,
  columns: COLUMNS,
  writeSnapshot,
};
