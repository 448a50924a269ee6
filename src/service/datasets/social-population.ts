/**
 * The identities behind E10 and E11, shared so the two datasets agree: channel names in a user's `top_channels` are
 * channels of E10, and the casters and engagers named anywhere are users of E11. Seed-only: fids, usernames, channel
 * names, verified addresses and the latent traits that drive weekly numbers never change between refreshes.
 * Everyone joined before the refresh epoch (2024-01-01), so account and channel ages are positive for every snapshot.
 */
import { evmAddress, solanaAddress } from "./addresses";
import { memoBySeed } from "./memo";
import { uniqueName } from "./names";
import { type Rng, rngAt, tag } from "./prng";
import { DOMAINS, KNOWN_CHANNELS, channelStyle, fnameStyle, numberedFname } from "./social-vocabulary";

// Module-local bindings, not `Math.x` in loops: see prng.ts.
const { exp, floor, min, pow, sqrt } = Math;

export const USER_COUNT = 30_000;
export const CHANNEL_COUNT = 400;

export interface User {
  fid: number;
  fname: string;
  /** Day number (days since 1970-01-01) the account was created. */
  createdDay: number;
  followers: number;
  /** Typical casts per week. */
  castsPerWeek: number;
  /** Typical engagement one cast gets. */
  engagementPerCast: number;
  channelsCastIn: number;
  topChannels: string[];
  topDomains: string[];
  topEngagers: string[];
  totalTransactions: number;
  tradingVolumeUsd: number;
  contractsDeployed: number;
  addresses: string[];
}

export interface Channel {
  name: string;
  createdDay: number;
  /** Typical casters per week. */
  casters: number;
  /** Share of casters per user tier (npc .. vip), summing to 1. */
  tierMix: number[];
  castsPerCaster: number;
  engagementPerCast: number;
  influentialCasters: string[];
  topCasters: string[];
  topDomains: string[];
}

export interface SocialPopulation {
  users: User[];
  channels: Channel[];
}

const EPOCH_DAY = 19723; // 2024-01-01
const FID_AT_EPOCH = 450_000; // roughly the fids issued by then

/** Draws an index with probability proportional to `cumulative` increments (binary search). */
function weightedIndex(rng: Rng, cumulative: Float64Array): number {
  const x = rng.float() * cumulative[cumulative.length - 1];
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function distinctDraws<T>(rng: Rng, count: number, draw: () => T, exclude?: T): T[] {
  const out = new Set<T>();
  for (let tries = 0; out.size < count && tries < count * 8; tries++) {
    const v = draw();
    if (v !== exclude) out.add(v);
  }
  return [...out];
}

function cumulativeOf(weights: readonly number[]): Float64Array {
  const c = new Float64Array(weights.length);
  let s = 0;
  weights.forEach((w, i) => (c[i] = s += w));
  return c;
}

function build(seed: number): SocialPopulation {
  const rng = rngAt(seed, tag("social:population"));
  // Channels: known topics first (most popular), then a Zipf tail.
  const channelNames = new Set<string>(KNOWN_CHANNELS);
  const names = Array.from({ length: CHANNEL_COUNT }, (_, i) =>
    i < KNOWN_CHANNELS.length ? KNOWN_CHANNELS[i] : uniqueName(rng, channelNames, channelStyle),
  );
  const channelPopularity = cumulativeOf(names.map((_, r) => pow(r + 3, -1.1)));
  const domainPopularity = cumulativeOf(DOMAINS.map((_, r) => pow(r + 2, -1)));
  // Users: fids ascend with gaps (deleted and bot accounts are not in the trends); ~430k fids by the epoch.
  const fnames = new Set<string>();
  const users: User[] = [];
  let fid = 0;
  for (let i = 0; i < USER_COUNT; i++) {
    fid += 1 + floor((rng.pareto(1, 2.5) - 1) * 12);
    const early = 1 - min(1, fid / FID_AT_EPOCH); // older accounts have more followers and more on-chain history
    const followers = min(900_000, floor(rng.pareto(15, 1.05) * (1 + 4 * early)));
    const r = rng.float();
    const addressCount = r < 0.15 ? 0 : r < 0.7 ? 1 : r < 0.9 ? 2 : 3;
    const addresses = Array.from({ length: addressCount }, (_, a) => evmAddress(seed, tag("social:address"), fid, a));
    if (rng.chance(0.12)) addresses.push(solanaAddress(seed, tag("social:solana"), fid));
    const castsPerWeek = rng.logNormal(1.8, 1.1) * (1 + pow(followers, 0.15) / 4);
    const channelsCastIn = min(60, floor(rng.float() * min(castsPerWeek, 25)));
    users.push({
      fid,
      fname: uniqueName(rng, fnames, fnameStyle, numberedFname),
      // Sign-ups accelerated: the first fids are years old, most joined in the months before the epoch.
      createdDay: EPOCH_DAY - 1 - floor((1 - pow(min(1, fid / FID_AT_EPOCH), 0.35)) * 1100),
      followers,
      castsPerWeek,
      engagementPerCast: 0.4 * pow(followers, 0.55) * rng.logNormal(0, 0.7),
      channelsCastIn,
      topChannels: distinctDraws(rng, min(channelsCastIn, 3), () => names[weightedIndex(rng, channelPopularity)]),
      topDomains: distinctDraws(rng, rng.int(0, 3), () => DOMAINS[weightedIndex(rng, domainPopularity)]),
      topEngagers: [], // filled once every user exists
      totalTransactions: floor(rng.logNormal(4.5 + 1.5 * early, 1.8)),
      // Pareto with shape 0.5: most wallets trade little, a handful of bots and whales pass 2^31 USD (why bigint).
      tradingVolumeUsd: rng.chance(0.3) ? 0 : min(5e10, floor(rng.pareto(300, 0.5))),
      contractsDeployed: rng.chance(0.85) ? 0 : min(5000, floor(rng.pareto(1, 1.1))),
      addresses,
    });
  }
  // Engagers and casters are drawn in proportion to sqrt(followers): popular accounts show up everywhere.
  const influence = cumulativeOf(users.map((u) => sqrt(u.followers)));
  const someone = (): string => users[weightedIndex(rng, influence)].fname;
  for (const u of users) u.topEngagers = distinctDraws(rng, min(5, floor(u.engagementPerCast)), someone, u.fname);
  const channels: Channel[] = names.map((name, r) => {
    const tilt = rng.logNormal(0, 0.5); // some channels draw more high-tier casters than others
    const mix = [0.55 / tilt, 0.28, 0.11 * tilt, 0.05 * tilt, 0.01 * tilt * tilt];
    const mixSum = mix.reduce((a, b) => a + b, 0);
    return {
      name,
      createdDay: EPOCH_DAY - 1 - rng.int(0, 200) - (r < KNOWN_CHANNELS.length ? 150 : 0),
      casters: 12_000 * pow(r + 3, -1.1) * rng.logNormal(0, 0.4) + 3,
      tierMix: mix.map((m) => m / mixSum),
      castsPerCaster: rng.logNormal(1, 0.5),
      engagementPerCast: rng.logNormal(1.8, 0.6) * exp(0.2 * tilt),
      influentialCasters: distinctDraws(rng, 5, someone),
      topCasters: distinctDraws(rng, 5, someone),
      topDomains: distinctDraws(rng, rng.int(1, 5), () => DOMAINS[weightedIndex(rng, domainPopularity)]),
    };
  });
  return { users, channels };
}

export const socialPopulation = memoBySeed(build);
