/**
 * E8 — DEX pair statistics, `/v1/dex/pairs/:chain`, refreshed every 30 minutes. One snapshot holds all twelve chains
 * (~16k rows, 5,000 on Ethereum); the route serves the rows of its `chain`.
 *
 * Values per pair and refresh: liquidity is log-normal around the pair's level and drifts (drift.ts); 7-day volume is
 * liquidity times a drifting turnover; the other windows are built on top of it so that
 * one_day ≤ seven_day ≤ thirty_day ≤ all_time always holds, and the ratio is seven_day_volume / usd_liquidity of the
 * same (rounded) row. Volumes are rounded to cents, as USD figures are.
 *
 * Rows come in DEX_CHAINS order, and within a chain blue-chip pairs first (WETH-USDC, ...), then the long tail; the
 * order is stable across refreshes. Addresses are 0x + 40 hex, except on solana, where they are base58 (addresses.ts).
 */
import { DEX_CHAINS } from "./chains";
import { dexPairUniverse } from "./dex-pair-universe";
import { drifted } from "./drift";
import { writeParquet } from "./parquet-writer";
import { gaussianAt, hash32, tag, unit } from "./prng";
import { snapshotDay } from "./schedule";
import type { DatasetColumn, DatasetDefinition, RefreshSchedule, SnapshotArgs } from "./types";
import type { DuckDBConnection } from "@duckdb/node-api";

// Module-local bindings, not `Math.x` in loops: see prng.ts.
const { exp, floor, max, min, round } = Math;

const COLUMNS: readonly DatasetColumn[] = [
  { name: "chain", type: "varchar" },
  { name: "token_pair", type: "varchar" },
  { name: "projects", type: "array(varchar)" },
  { name: "pool_ids", type: "array(varchar)" },
  { name: "token_a_address", type: "varchar" },
  { name: "token_b_address", type: "varchar" },
  { name: "one_day_volume", type: "double" },
  { name: "seven_day_volume", type: "double" },
  { name: "thirty_day_volume", type: "double" },
  { name: "all_time_volume", type: "double" },
  { name: "usd_liquidity", type: "double" },
  { name: "seven_day_volume_liquidity_ratio", type: "double" },
];

const SCHEDULE: RefreshSchedule = { kind: "every", minutes: 30 };
const T_LIQ = tag("dex:liquidity");
const T_TURN = tag("dex:turnover");
const T_DAY = tag("dex:one-day");
const T_MONTH = tag("dex:thirty-day");
const T_HIST = tag("dex:history");

const cents = (x: number): number => round(x * 100) / 100;

async function writeSnapshot(
  conn: DuckDBConnection,
  { seed, refreshIndex: k, parquetPath }: SnapshotArgs,
): Promise<void> {
  const pairs = dexPairUniverse(seed);
  const today = snapshotDay(SCHEDULE, k);
  const n = pairs.length;
  const cols = COLUMNS.map(() => new Array<unknown>(n));
  for (let r = 0; r < n; r++) {
    const p = pairs[r];
    const id = p.ordinal * 16 + DEX_CHAINS.indexOf(p.chain as (typeof DEX_CHAINS)[number]);
    const liquidity = max(50, min(2.5e9, drifted(exp(p.liquidityMu), hash32(seed, T_LIQ, id), k, 0.35)));
    const turnover = drifted(exp(p.turnoverMu), hash32(seed, T_TURN, id), k, 0.6);
    const seven = cents(liquidity * min(turnover, 60));
    // The last day's share of the week: a seventh on average, quiet pairs often have no trade at all today.
    const quietToday = p.dormant && unit(hash32(seed, T_DAY, id, k)) < 0.6;
    const one = quietToday ? 0 : cents(seven * min(1, exp(gaussianAt(seed, T_DAY, id, k) * 0.5) / 7));
    // The 23 days before the last week change once a day (a day leaves the window), not every refresh.
    const thirty = cents(seven + seven * (23 / 7) * exp(0.4 * gaussianAt(seed, T_MONTH, id, floor(k / 48))));
    // Volume before the last 30 days: the pair's typical daily volume over its age, so it grows as the pair ages
    // instead of following this week's moves.
    const ageDays = max(30, today - p.createdDay);
    const typicalDaily = exp(p.liquidityMu + p.turnoverMu) / 7;
    const history = typicalDaily * (ageDays - 30) * exp(0.8 + 0.5 * gaussianAt(seed, T_HIST, id));
    const all = cents(thirty + history);
    const liq = cents(liquidity);
    const row = [
      p.chain,
      `${p.tokenA.symbol}-${p.tokenB.symbol}`,
      p.projects,
      p.poolIds,
      p.tokenA.address,
      p.tokenB.address,
      one,
      seven,
      thirty,
      all,
      liq,
      seven / liq,
    ];
    for (let c = 0; c < row.length; c++) cols[c][r] = row[c];
  }
  await writeParquet(conn, COLUMNS, cols, parquetPath);
}

export const dexPairs: DatasetDefinition = {
  name: "dex-pairs",
  queryId: 9000003,
  routePath: "/v1/dex/pairs/:chain",
  pathParams: [{ name: "chain", column: "chain", allowed: DEX_CHAINS }],
  schedule: SCHEDULE,
  columns: COLUMNS,
  writeSnapshot,
};
