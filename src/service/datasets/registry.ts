/** All curated datasets, in the spec's order (E6..E11), and lookup by name. */
import { avsStats } from "./avs-stats";
import { dexPairs } from "./dex-pairs";
import { marketshare } from "./marketshare";
import { operatorMetadata } from "./operator-metadata";
import { socialChannels } from "./social-channels";
import { socialUsers } from "./social-users";
import type { DatasetDefinition } from "./types";

export const DATASET_DEFINITIONS: readonly DatasetDefinition[] = [
  avsStats,
  operatorMetadata,
  dexPairs,
  marketshare,
  socialChannels,
  socialUsers,
];

export function datasetByName(name: string): DatasetDefinition | undefined {
  return DATASET_DEFINITIONS.find((d) => d.name === name);
}
