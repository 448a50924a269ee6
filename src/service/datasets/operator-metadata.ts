/**
 * E7 — restaking operator metadata, `/v1/restaking/operator-metadata`, refreshed every 15 minutes: 300 operators.
 *
 * Metadata is what operators publish about themselves, so it changes rarely: names, addresses and links are fixed, and
 * each operator rewrites its description about every one to four weeks of refreshes (a per-operator period and phase).
 * Consecutive snapshots are therefore usually identical, which is the truth of such a table. A field the operator left
 * blank is an empty string, not null, as in the published metadata files.
 */
import { writeParquet } from "./parquet-writer";
import { operatorPopulation, type Operator } from "./restaking-population";
import { DESCRIPTION_CLAIMS, DESCRIPTION_OPENINGS } from "./restaking-vocabulary";
import type { DatasetColumn, DatasetDefinition, SnapshotArgs } from "./types";
import type { DuckDBConnection } from "@duckdb/node-api";

// Module-local bindings, not `Math.x` in loops: see prng.ts.
const { floor } = Math;

const COLUMNS: readonly DatasetColumn[] = [
  { name: "operator_name", type: "varchar" },
  { name: "operator_contract_address", type: "varchar" },
  { name: "website", type: "varchar" },
  { name: "microblog", type: "varchar" },
  { name: "logo", type: "varchar" },
  { name: "description", type: "varchar" },
];

/** The description as of refresh `k`: the edit number picks the claims, so an edit visibly changes the text. */
export function descriptionAt(op: Operator, k: number): string {
  const edit = floor((k + op.editPhase) / op.editEvery);
  const opening = DESCRIPTION_OPENINGS[op.opening % DESCRIPTION_OPENINGS.length];
  const n = DESCRIPTION_CLAIMS.length;
  const mod = (x: number, m: number): number => ((x % m) + m) % m; // refresh indices before the epoch are negative
  const first = mod(op.claims[0] + edit, n);
  const second = (first + 1 + mod(op.claims[1] + edit, n - 1)) % n; // never the same claim twice
  return `${op.name}: ${opening} ${DESCRIPTION_CLAIMS[first]}, ${DESCRIPTION_CLAIMS[second]}.`;
}

async function writeSnapshot(
  conn: DuckDBConnection,
  { seed, refreshIndex: k, parquetPath }: SnapshotArgs,
): Promise<void> {
  const ops = operatorPopulation(seed);
  const cols = [
    ops.map((o) => o.name),
    ops.map((o) => o.address),
    ops.map((o) => (o.hasWebsite ? `https://${o.handle}.${o.tld}` : "")),
    ops.map((o) => (o.hasMicroblog ? `https://x.com/${o.handle}` : "")),
    ops.map((o) => `https://raw.githubusercontent.com/${o.handle}/operator-metadata/main/logo.png`),
    ops.map((o) => descriptionAt(o, k)),
  ];
  await writeParquet(conn, COLUMNS, cols, parquetPath);
}

export const operatorMetadata: DatasetDefinition = {
  name: "operator-metadata",
  queryId: 9000002,
  routePath: "/v1/restaking/operator-metadata",
  pathParams: [],
  schedule: { kind: "every", minutes: 15 },
  columns: COLUMNS,
  writeSnapshot,
};
