/**
 * E9 — marketplace market share, `/v1/marketshare/:market/:chain`, refreshed daily at 23:30 UTC. One snapshot holds a
 * year (365 days up to and including the refresh's UTC day) of daily volume and trades per market (dex, nft), chain
 * (MARKETSHARE_CHAINS), project and version (market-catalog.ts); the route serves the rows of its market and chain.
 *
 * Decisions where the spec is silent:
 * - `time` is `varchar` 'YYYY-MM-DD', as the spec types it `string`: it sorts and compares as text in filters
 *   (`time >= '2025-01-01'`), and the add-in keeps it text unless asked otherwise.
 * - `trades` is `integer` (the spec says `int`, unlike the `integer` of other tables, which map to bigint).
 * - Rows are ordered by market, chain, then newest day first, then project and version: the first page of a chain is
 *   the latest data.
 * - Past days never change between refreshes (values are addressed by day, not by refresh): a refresh adds the new day
 *   and drops the oldest, as a daily job over immutable history does. Projects appear from their launch day.
 */
import { MARKETS, MARKETSHARE_CHAINS } from "./chains";
import { driftAt } from "./drift";
import { MARKET_CATALOG, type MarketEntry } from "./market-catalog";
import { writeParquet } from "./parquet-writer";
import { gaussianOf, hash3, hash32, tag } from "./prng";
import { isoDay, snapshotDay } from "./schedule";
import type { DatasetColumn, DatasetDefinition, RefreshSchedule, SnapshotArgs } from "./types";
import type { DuckDBConnection } from "@duckdb/node-api";

// Module-local bindings, not `Math.x` in loops: see prng.ts.
const { exp, floor, max, min, round } = Math;

const COLUMNS: readonly DatasetColumn[] = [
  { name: "time", type: "varchar" },
  { name: "market", type: "varchar" },
  { name: "blockchain", type: "varchar" },
  { name: "project", type: "varchar" },
  { name: "version", type: "varchar" },
  { name: "volume_usd", type: "double" },
  { name: "trades", type: "integer" },
];

const SCHEDULE: RefreshSchedule = { kind: "daily", hourUtc: 23, minuteUtc: 30 };
const MARKETSHARE_DAYS = 365;

/** Typical daily USD volume of a market on a chain (orders of magnitude of 2024–25). */
const DAILY_VOLUME: Record<"dex" | "nft", Record<string, number>> = {
  dex: {
    ethereum: 1.5e9,
    solana: 2e9,
    base: 1e9,
    arbitrum: 8e8,
    bnb: 7e8,
    polygon: 1.5e8,
    optimism: 1e8,
    avalanche_c: 8e7,
    blast: 5e7,
    linea: 4e7,
    zk_sync: 3e7,
    mantle: 2e7,
    scroll: 1.5e7,
    fantom: 1e7,
    gnosis: 5e6,
    celo: 3e6,
  },
  nft: {
    ethereum: 1.5e7,
    solana: 3e6,
    polygon: 1e6,
    base: 1e6,
    bnb: 3e5,
    arbitrum: 2e5,
    blast: 2e5,
    avalanche_c: 1.5e5,
    optimism: 1e5,
    zk_sync: 8e4,
    linea: 8e4,
    mantle: 4e4,
    scroll: 3e4,
    fantom: 3e4,
    celo: 1e4,
    gnosis: 1e4,
  },
};

/** Median trade size in USD: big on Ethereum, small on cheap chains; NFT sales smaller than swaps. */
function medianTrade(market: "dex" | "nft", chain: string): number {
  const cheap = chain === "ethereum" ? 1 : chain === "solana" ? 0.15 : 0.3;
  return (market === "dex" ? 1500 : 300) * cheap;
}

const T_TOTAL = tag("marketshare:total");
const T_SHARE = tag("marketshare:share");
const T_LEVEL = tag("marketshare:level");
const T_NOISE = tag("marketshare:noise");
const T_SIZE = tag("marketshare:trade-size");

interface Stream {
  entry: MarketEntry;
  key: number;
  level: number;
  launchDay: number;
  tradeSize: number;
}

function dayOf(iso: string): number {
  return floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
}

async function writeSnapshot(conn: DuckDBConnection, { seed, refreshIndex, parquetPath }: SnapshotArgs): Promise<void> {
  const today = snapshotDay(SCHEDULE, refreshIndex);
  const cols: unknown[][] = COLUMNS.map(() => []);
  const [time, market, blockchain, project, version, volume, trades] = cols;
  MARKETS.forEach((mk, mi) => {
    MARKETSHARE_CHAINS.forEach((chain, ci) => {
      const streams: Stream[] = MARKET_CATALOG.filter((e) => e.market === mk && e.chains.includes(chain)).map(
        (entry) => {
          const key = hash32(seed, T_SHARE, MARKET_CATALOG.indexOf(entry), ci);
          return {
            entry,
            key,
            level: entry.weight * exp(0.6 * gaussianOf(hash3(key, T_LEVEL, 0))),
            launchDay: entry.launched ? dayOf(entry.launched) : -Infinity,
            tradeSize: medianTrade(mk, chain) * exp(0.4 * gaussianOf(hash3(key, T_SIZE, 0))),
          };
        },
      );
      const totalKey = hash32(seed, T_TOTAL, mi, ci);
      for (let d = today; d > today - MARKETSHARE_DAYS; d--) {
        const weekday = ((d % 7) + 7) % 7; // 0 = Thursday: weekends (2, 3) trade less
        const seasonal = weekday === 2 || weekday === 3 ? 0.8 : 1;
        const total =
          DAILY_VOLUME[mk][chain] *
          seasonal *
          exp(driftAt(totalKey, d, 0.35) + 0.15 * gaussianOf(hash3(totalKey, d, 1)));
        const weights = streams.map((s) => {
          if (d < s.launchDay) return 0;
          const ramp = min(1, (d - s.launchDay + 1) / 30); // a new version takes a month to win its volume
          return s.level * ramp * exp(driftAt(s.key, d, 0.45) + 0.2 * gaussianOf(hash3(s.key, T_NOISE, d)));
        });
        const sum = weights.reduce((a, b) => a + b, 0);
        const iso = isoDay(d);
        streams.forEach((s, i) => {
          if (weights[i] === 0) return;
          const usd = round(((total * weights[i]) / sum) * 100) / 100;
          const size = s.tradeSize * exp(0.15 * gaussianOf(hash3(s.key, T_SIZE, d)));
          time.push(iso);
          market.push(mk);
          blockchain.push(chain);
          project.push(s.entry.project);
          version.push(s.entry.version);
          volume.push(usd);
          trades.push(max(1, round(usd / size)));
        });
      }
    });
  });
  await writeParquet(conn, COLUMNS, cols, parquetPath);
}

export const marketshare: DatasetDefinition = {
  name: "marketshare",
  queryId: 9000004,
  routePath: "/v1/marketshare/:market/:chain",
  pathParams: [
    { name: "market", column: "market", allowed: MARKETS },
    { name: "chain", column: "blockchain", allowed: MARKETSHARE_CHAINS },
  ],
  schedule: SCHEDULE,
  columns: COLUMNS,
  writeSnapshot,
};
