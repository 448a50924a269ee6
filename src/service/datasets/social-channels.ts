/**
 * E10 — social channel trends, `/v1/social/trends/channels`, refreshed every 30 minutes: 400 channels, most active
 * first (identity order: the popularity rank the population was built with).
 *
 * The spec lists `wow_cast` twice (once after `casters`, once after `got_casts`). A result cannot hold two columns of
 * one name — rows are JSON objects keyed by column name and Parquet forbids duplicate names — so it is served once,
 * in its first position (after `casters`); the table therefore has 32 columns, not 33.
 *
 * Meanings where the spec is loose or silent:
 * - `casters` is the number of distinct casters this week (the spec's text repeats the casts wording), and equals
 *   active_npc + active_user + active_star + active_influencer + active_vip; `got_casts` is the number of casts and
 *   `wow_cast` its week-over-week change.
 * - `engagement` = got_likes + got_recasts + got_replies, so `wow_engage` is the sum of the three changes.
 * - Experts are subsets of the casters (each count ≤ casters). Tiers use the user tier names (tiers.ts) on weekly
 *   engagement with channel-sized bounds; `channel_tier_last` is the tier a week of refreshes earlier.
 */
import { writeParquet } from "./parquet-writer";
import { hash32, tag } from "./prng";
import { snapshotDay } from "./schedule";
import { socialPopulation } from "./social-population";
import { TIER_NAMES, tierOf } from "./tiers";
import type { DatasetColumn, DatasetDefinition, RefreshSchedule, SnapshotArgs } from "./types";
import { REFRESHES_PER_WEEK, weeklyCount } from "./week-over-week";
import type { DuckDBConnection } from "@duckdb/node-api";

// Module-local bindings, not `Math.x` in loops: see prng.ts.
const { floor, max, min } = Math;

const COLUMNS: readonly DatasetColumn[] = [
  { name: "channel_tier_name", type: "varchar" },
  { name: "channel_tier", type: "bigint" },
  { name: "channel_tier_last", type: "bigint" },
  { name: "channel", type: "varchar" },
  { name: "channel_age", type: "bigint" },
  { name: "influential_casters", type: "array(varchar)" },
  { name: "top_domains", type: "array(varchar)" },
  { name: "top_casters", type: "array(varchar)" },
  { name: "casters", type: "bigint" },
  { name: "wow_cast", type: "bigint" },
  { name: "got_casts", type: "bigint" },
  // (the spec's second `wow_cast` would be here)
  { name: "engagement", type: "bigint" },
  { name: "wow_engage", type: "bigint" },
  { name: "onchain_experts", type: "bigint" },
  { name: "trading_experts", type: "bigint" },
  { name: "contract_experts", type: "bigint" },
  { name: "active_npc", type: "bigint" },
  { name: "wow_npc", type: "bigint" },
  { name: "active_user", type: "bigint" },
  { name: "wow_active_user", type: "bigint" },
  { name: "active_star", type: "bigint" },
  { name: "wow_star", type: "bigint" },
  { name: "active_influencer", type: "bigint" },
  { name: "wow_influencer", type: "bigint" },
  { name: "active_vip", type: "bigint" },
  { name: "wow_vip", type: "bigint" },
  { name: "got_replies", type: "bigint" },
  { name: "wow_reply", type: "bigint" },
  { name: "got_likes", type: "bigint" },
  { name: "wow_likes", type: "bigint" },
  { name: "got_recasts", type: "bigint" },
  { name: "wow_recasts", type: "bigint" },
];

const SCHEDULE: RefreshSchedule = { kind: "every", minutes: 30 };

/** Lower bounds of weekly channel engagement for tiers active, star, influencer, vip.
 * Set so channel tiers form a pyramid: about 30/40/20/8/2 % from npc to vip. */
export const CHANNEL_TIER_BOUNDS: readonly [number, number, number, number] = [600, 2500, 7000, 40000];

const T_TIER = tag("channels:tier-casters");
const T_CASTS = tag("channels:casts");
const T_ENGAGE = tag("channels:engagement");
const T_EXPERTS = tag("channels:experts");

/** Share of casters that are on-chain, trading and contract experts. */
const EXPERT_SHARES = [0.35, 0.12, 0.04];
/** Split of engagement into likes, recasts, replies. */
const REACTION_SHARES = [0.72, 0.16, 0.12];

/** Every weekly figure of one channel at refresh `k`. */
function weekOf(seed: number, c: number, base: ReturnType<typeof socialPopulation>["channels"][number], k: number) {
  const byTier = base.tierMix.map((share, t) => weeklyCount(base.casters * share, hash32(seed, T_TIER, c, t), k, 0.35));
  const casters = max(
    1,
    byTier.reduce((a, b) => a + b, 0),
  );
  const casts = max(casters, weeklyCount(casters * base.castsPerCaster, hash32(seed, T_CASTS, c), k, 0.2));
  const reactions = REACTION_SHARES.map((s, i) =>
    weeklyCount(casts * base.engagementPerCast * s, hash32(seed, T_ENGAGE, c, i), k, 0.3),
  );
  const experts = EXPERT_SHARES.map((s, i) =>
    min(casters, weeklyCount(casters * s, hash32(seed, T_EXPERTS, c, i), k, 0.2)),
  );
  const engagement = reactions[0] + reactions[1] + reactions[2];
  return { byTier, casters, casts, reactions, experts, engagement, tier: tierOf(engagement, CHANNEL_TIER_BOUNDS) };
}

async function writeSnapshot(
  conn: DuckDBConnection,
  { seed, refreshIndex: k, parquetPath }: SnapshotArgs,
): Promise<void> {
  const { channels } = socialPopulation(seed);
  const today = snapshotDay(SCHEDULE, k);
  const cols: unknown[][] = COLUMNS.map(() => []);
  channels.forEach((ch, c) => {
    const now = weekOf(seed, c, ch, k);
    const last = weekOf(seed, c, ch, k - REFRESHES_PER_WEEK);
    const [likes, recasts, replies] = now.reactions;
    const [likesLast, recastsLast, repliesLast] = last.reactions;
    const tierCols = now.byTier.flatMap((n, t) => [n, n - last.byTier[t]]);
    const row = [
      TIER_NAMES[now.tier],
      now.tier,
      last.tier,
      ch.name,
      floor(today - ch.createdDay),
      ch.influentialCasters,
      ch.topDomains,
      ch.topCasters,
      now.casters,
      now.casts - last.casts,
      now.casts,
      now.engagement,
      now.engagement - last.engagement,
      ...now.experts,
      ...tierCols,
      replies,
      replies - repliesLast,
      likes,
      likes - likesLast,
      recasts,
      recasts - recastsLast,
    ];
    row.forEach((v, i) => cols[i].push(v));
  });
  await writeParquet(conn, COLUMNS, cols, parquetPath);
}

export const socialChannels: DatasetDefinition = {
  name: "social-channels",
  queryId: 9000005,
  routePath: "/v1/social/trends/channels",
  pathParams: [],
  schedule: SCHEDULE,
  columns: COLUMNS,
  writeSnapshot,
};
