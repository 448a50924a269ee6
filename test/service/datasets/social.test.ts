/** E10 (channel trends) and E11 (user trends): tiers, week-over-week consistency, and agreement between the two. */
import { TIER_NAMES } from "../../../src/service/datasets/tiers";
import { datasetByName } from "../../../src/service/datasets/registry";
import { REFRESHES_PER_WEEK } from "../../../src/service/datasets/week-over-week";
import { openFixture, table, type SnapshotFixture } from "./snapshot-support";

const SEED = 11;
const K = 33_000; // a 30-minute slot in 2025
const channelsDef = datasetByName("social-channels")!;
const usersDef = datasetByName("social-users")!;
const TIER_CASE = `CASE tier ${TIER_NAMES.map((n, i) => `WHEN ${i} THEN '${n}'`).join(" ")} END`;

let fx: SnapshotFixture;
let users: string;
let usersLastWeek: string;
let channels: string;
let channelsLastWeek: string;

beforeAll(async () => {
  fx = await openFixture();
  users = table((await fx.write(usersDef, SEED, K)).path);
  usersLastWeek = table((await fx.write(usersDef, SEED, K - REFRESHES_PER_WEEK)).path);
  channels = table((await fx.write(channelsDef, SEED, K)).path);
  channelsLastWeek = table((await fx.write(channelsDef, SEED, K - REFRESHES_PER_WEEK)).path);
});
afterAll(() => fx.close());

describe("social-users", () => {
  test("30,000 users, fids unique and ascending, usernames unique and well-formed", async () => {
    const [r] = await fx.rows(
      `SELECT count(*)::INTEGER n, count(DISTINCT fid)::INTEGER fids, count(DISTINCT fname)::INTEGER fnames FROM ${users}`,
    );
    expect(r).toEqual({ n: 30000, fids: 30000, fnames: 30000 });
    expect(
      await fx.number(
        `SELECT count(*) FROM (SELECT fid, lag(fid) OVER (ORDER BY rn) prev FROM (SELECT fid, row_number() OVER () rn FROM ${users})) WHERE fid <= prev`,
      ),
    ).toBe(0);
    expect(
      await fx.number(
        `SELECT count(*) FROM ${users} WHERE NOT regexp_full_match(fname, '[a-z0-9][a-z0-9.-]{0,15}') OR fid < 1`,
      ),
    ).toBe(0);
  });

  test("tier names match tier codes, codes are 0..4, and the tiers form a pyramid", async () => {
    const bad = await fx.number(`SELECT count(*) FROM (SELECT fid_active_tier AS tier, * FROM ${users})
      WHERE fid_active_tier_name IS DISTINCT FROM ${TIER_CASE} OR fid_active_tier_last NOT BETWEEN 0 AND 4`);
    expect(bad).toBe(0);
    const rows = await fx.rows(
      `SELECT fid_active_tier::INTEGER AS tier, count(*)::INTEGER AS n FROM ${users} GROUP BY 1 ORDER BY 1`,
    );
    const n = rows.map((r) => r.n as number);
    expect(n).toHaveLength(5);
    expect(n[0] + n[1]).toBeGreaterThan(15000);
    expect(n[4]).toBeLessThan(n[3]);
    expect(n[4]).toBeGreaterThan(0);
  });

  test("engagement is likes + recasts + replies, this week and in its change", async () => {
    expect(
      await fx.number(`SELECT count(*) FROM ${users} WHERE engagement <> got_likes + got_recasts + got_replies
      OR wow_engage <> wow_likes + wow_recasts + wow_replies`),
    ).toBe(0);
  });

  test("week-over-week changes and last week's tier agree with the snapshot a week earlier", async () => {
    const bad = await fx.number(`SELECT count(*) FROM ${users} n JOIN ${usersLastWeek} l USING (fid) WHERE
      n.wow_casts <> n.casts - l.casts OR n.wow_likes <> n.got_likes - l.got_likes OR n.wow_followers <> n.followers - l.followers
      OR n.wow_engage <> n.engagement - l.engagement OR n.fid_active_tier_last <> l.fid_active_tier`);
    expect(bad).toBe(0);
    expect(
      await fx.number(`SELECT count(*) FROM ${users} WHERE fid_active_tier <> fid_active_tier_last`),
    ).toBeGreaterThan(0);
  });

  test("counts are non-negative where they must be, ages positive, channels cover top_channels", async () => {
    expect(
      await fx.number(`SELECT count(*) FROM ${users} WHERE least(followers, casts, engagement, total_transactions,
      trading_volume_usd, contracts_deployed, got_likes, got_recasts, got_replies) < 0 OR account_age < 1
      OR channels < len(top_channels) OR len(top_channels) > 3 OR len(top_engagers) > 5`),
    ).toBe(0);
    expect(await fx.number(`SELECT max(trading_volume_usd) FROM ${users}`)).toBeGreaterThan(2 ** 31); // why bigint
    expect(await fx.number(`SELECT max(followers) / median(followers) FROM ${users}`)).toBeGreaterThan(100);
  });

  test("verified addresses are EVM (0x + 40 hex) or solana base58; some users have none, some several", async () => {
    expect(
      await fx.number(`SELECT count(*) FROM (SELECT unnest(addresses) a FROM ${users})
      WHERE NOT regexp_full_match(a, '0x[0-9a-f]{40}') AND NOT regexp_full_match(a, '[1-9A-HJ-NP-Za-km-z]{43,44}')`),
    ).toBe(0);
    expect(await fx.number(`SELECT count(*) FROM ${users} WHERE len(addresses) = 0`)).toBeGreaterThan(0);
    expect(await fx.number(`SELECT count(*) FROM ${users} WHERE len(addresses) > 1`)).toBeGreaterThan(0);
  });

  test("top engagers are other users; top channels are channels of E10", async () => {
    expect(
      await fx.number(`SELECT count(*) FROM (SELECT fname, unnest(top_engagers) e FROM ${users})
      WHERE e = fname OR e NOT IN (SELECT fname FROM ${users})`),
    ).toBe(0);
    expect(
      await fx.number(
        `SELECT count(*) FROM (SELECT unnest(top_channels) c FROM ${users}) WHERE c NOT IN (SELECT channel FROM ${channels})`,
      ),
    ).toBe(0);
  });
});

describe("social-channels", () => {
  test("channel names unique; ages positive", async () => {
    expect(await fx.number(`SELECT count(*) - count(DISTINCT channel) FROM ${channels}`)).toBe(0);
    expect(
      await fx.number(
        `SELECT count(*) FROM ${channels} WHERE channel_age < 1 OR NOT regexp_full_match(channel, '[a-z][a-z0-9-]*')`,
      ),
    ).toBe(0);
  });

  test("tier names match codes; every tier occurs", async () => {
    expect(
      await fx.number(`SELECT count(*) FROM (SELECT channel_tier AS tier, * FROM ${channels})
      WHERE channel_tier_name IS DISTINCT FROM ${TIER_CASE} OR channel_tier_last NOT BETWEEN 0 AND 4`),
    ).toBe(0);
    expect(await fx.number(`SELECT count(DISTINCT channel_tier) FROM ${channels}`)).toBe(5);
  });

  test("casters are the sum of the per-tier casters; experts are casters; casts ≥ casters; engagement adds up", async () => {
    expect(
      await fx.number(`SELECT count(*) FROM ${channels} WHERE
      casters <> active_npc + active_user + active_star + active_influencer + active_vip
      OR wow_npc + wow_active_user + wow_star + wow_influencer + wow_vip <> casters - (active_npc - wow_npc + active_user - wow_active_user
         + active_star - wow_star + active_influencer - wow_influencer + active_vip - wow_vip)
      OR greatest(onchain_experts, trading_experts, contract_experts) > casters OR least(onchain_experts, trading_experts, contract_experts) < 0
      OR got_casts < casters OR engagement <> got_likes + got_recasts + got_replies
      OR wow_engage <> wow_likes + wow_recasts + wow_reply`),
    ).toBe(0);
  });

  test("week-over-week changes and last week's tier agree with the snapshot a week earlier", async () => {
    expect(
      await fx.number(`SELECT count(*) FROM ${channels} n JOIN ${channelsLastWeek} l USING (channel) WHERE
      n.wow_cast <> n.got_casts - l.got_casts OR n.wow_npc <> n.active_npc - l.active_npc OR n.wow_vip <> n.active_vip - l.active_vip
      OR n.wow_reply <> n.got_replies - l.got_replies OR n.channel_tier_last <> l.channel_tier`),
    ).toBe(0);
  });

  test("casters named by a channel are users of E11", async () => {
    expect(
      await fx.number(`SELECT count(*) FROM (SELECT unnest(influential_casters || top_casters) u FROM ${channels})
      WHERE u NOT IN (SELECT fname FROM ${users})`),
    ).toBe(0);
  });
});
