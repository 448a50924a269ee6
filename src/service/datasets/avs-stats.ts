/**
 * E6 — restaking AVS metrics, `/v1/restaking/avs-stats`, refreshed every 15 minutes: 80 services, one row each.
 *
 * TVLs are in USD (the spec does not name a unit; USD matches the other datasets' money columns and adds up across
 * strategies). Each strategy's TVL drifts on its own; `total_TVL` is the sum of the thirteen strategy columns of the
 * same row (to the cent), so the spec's "across all strategies" holds exactly. Counts are bigint (see index.ts).
 */
import { drifted } from "./drift";
import { writeParquet } from "./parquet-writer";
import { hash32, tag } from "./prng";
import { OPERATOR_COUNT, avsPopulation } from "./restaking-population";
import { STRATEGIES } from "./restaking-vocabulary";
import type { DatasetColumn, DatasetDefinition, SnapshotArgs } from "./types";
import type { DuckDBConnection } from "@duckdb/node-api";

// Module-local bindings, not `Math.x` in loops: see prng.ts.
const { max, min, round } = Math;

const COLUMNS: readonly DatasetColumn[] = [
  { name: "avs_name", type: "varchar" },
  { name: "avs_contract_address", type: "varchar" },
  { name: "num_operators", type: "bigint" },
  { name: "total_TVL", type: "double" },
  { name: "num_stakers", type: "bigint" },
  ...STRATEGIES.map((s): DatasetColumn => ({ name: s.column, type: "double" })),
];

const T_TVL = tag("avs:tvl");
const T_STRATEGY = tag("avs:strategy");
const T_OPERATORS = tag("avs:operators");
const T_STAKERS = tag("avs:stakers");

const cents = (x: number): number => round(x * 100) / 100;

async function writeSnapshot(
  conn: DuckDBConnection,
  { seed, refreshIndex: k, parquetPath }: SnapshotArgs,
): Promise<void> {
  const services = avsPopulation(seed);
  const cols: unknown[][] = COLUMNS.map(() => []);
  services.forEach((avs, i) => {
    const tvl = drifted(avs.tvl, hash32(seed, T_TVL, i), k, 0.25);
    const weights = avs.strategyWeights.map((w, s) =>
      w === 0 ? 0 : drifted(w, hash32(seed, T_STRATEGY, i, s), k, 0.2),
    );
    const weightSum = weights.reduce((a, b) => a + b, 0);
    const byStrategy = weights.map((w) => cents((tvl * w) / weightSum));
    const operators = min(
      OPERATOR_COUNT,
      max(1, round(drifted(OPERATOR_COUNT * avs.operatorShare, hash32(seed, T_OPERATORS, i), k, 0.1))),
    );
    const stakers = max(
      operators,
      round(drifted(operators * avs.stakersPerOperator, hash32(seed, T_STAKERS, i), k, 0.15)),
    );
    const row = [
      avs.name,
      avs.address,
      operators,
      cents(byStrategy.reduce((a, b) => a + b, 0)),
      stakers,
      ...byStrategy,
    ];
    row.forEach((v, c) => cols[c].push(v));
  });
  await writeParquet(conn, COLUMNS, cols, parquetPath);
}

export const avsStats: DatasetDefinition = {
  name: "avs-stats",
  queryId: 9000001,
  routePath: "/v1/restaking/avs-stats",
  pathParams: [],
  schedule: { kind: "every", minutes: 15 },
  columns: COLUMNS,
  writeSnapshot,
};
