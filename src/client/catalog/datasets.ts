/**
 * The curated datasets (spec E6–E11), one entry each: the name cells and the pane use, the endpoint's own name as an
 * alias, the label, the path with its arguments, their allowed values and the column each one selects, the refresh
 * schedule, the columns, and the saved query whose latest result holds the same rows (read when the endpoint is
 * gone: the real service dropped these endpoints from its API description in November 2025). Everything on the
 * add-in side that knows a dataset derives from this table; test/client/catalog-parity.test.ts holds it against the
 * service's own definitions.
 */
import { DEX_CHAINS, MARKETS, MARKETSHARE_CHAINS } from "./chains";
import {
  AVS_COLUMNS,
  CHANNELS_COLUMNS,
  DEX_COLUMNS,
  MARKETSHARE_COLUMNS,
  OPERATORS_COLUMNS,
  USERS_COLUMNS,
  type CatalogColumn,
} from "./columns";
import type { RefreshSchedule } from "./schedule";

export interface DatasetArg {
  name: "chain" | "market";
  label: string;
  allowed: readonly string[];
  /** The result column the argument selects rows by: read through the saved query, it becomes `column = 'value'`. */
  column: string;
}

/**
 * The saved query behind a dataset, on each service. `real`: the id the real service's documentation gives on each
 * endpoint's page ("Query powering this endpoint", duneanalytics/dune-docs@1502a528, api-reference/{eigenlayer,dex,
 * markets,farcaster}/endpoint/*.mdx; the two social ids since 2024-04-17). `local`: the local service's own query id
 * for the dataset, whose latest result (E5) is the dataset's current snapshot.
 */
export interface DatasetQueries {
  real: number;
  local: number;
}

export interface DatasetEntry {
  name: string;
  /** Other accepted spellings: the endpoint's last path segment where it differs. */
  aliases: readonly string[];
  label: string;
  /** The endpoint, with `{arg}` for each path argument, in order. */
  path: string;
  args: readonly DatasetArg[];
  schedule: RefreshSchedule;
  columns: readonly CatalogColumn[];
  queries: DatasetQueries;
}

const EVERY_15: RefreshSchedule = { kind: "every", minutes: 15 };
const EVERY_30: RefreshSchedule = { kind: "every", minutes: 30 };
const DAILY_2330: RefreshSchedule = { kind: "daily", hourUtc: 23, minuteUtc: 30 };

export const DATASET_CATALOG = [
  {
    name: "avs",
    aliases: ["avs-stats"],
    label: "Restaking: AVS metrics",
    path: "/v1/restaking/avs-stats",
    args: [],
    schedule: EVERY_15,
    columns: AVS_COLUMNS,
    queries: { real: 3693850, local: 9000001 },
  },
  {
    name: "operators",
    aliases: ["operator-metadata"],
    label: "Restaking: operator metadata",
    path: "/v1/restaking/operator-metadata",
    args: [],
    schedule: EVERY_15,
    columns: OPERATORS_COLUMNS,
    queries: { real: 3685760, local: 9000002 },
  },
  {
    name: "dex",
    aliases: [],
    label: "DEX pair statistics",
    path: "/v1/dex/pairs/{chain}",
    args: [{ name: "chain", label: "Chain", allowed: DEX_CHAINS, column: "chain" }],
    schedule: EVERY_30,
    columns: DEX_COLUMNS,
    queries: { real: 3568055, local: 9000003 },
  },
  {
    name: "marketshare",
    aliases: [],
    label: "Marketplace market share",
    path: "/v1/marketshare/{market}/{chain}",
    args: [
      { name: "market", label: "Market", allowed: MARKETS, column: "market" },
      { name: "chain", label: "Chain", allowed: MARKETSHARE_CHAINS, column: "blockchain" },
    ],
    schedule: DAILY_2330,
    columns: MARKETSHARE_COLUMNS,
    queries: { real: 3575029, local: 9000004 },
  },
  {
    name: "channels",
    aliases: [],
    label: "Social: channel trends",
    path: "/v1/social/trends/channels",
    args: [],
    schedule: EVERY_30,
    columns: CHANNELS_COLUMNS,
    queries: { real: 3633434, local: 9000005 },
  },
  {
    name: "users",
    aliases: [],
    label: "Social: user trends",
    path: "/v1/social/trends/users",
    args: [],
    schedule: EVERY_30,
    columns: USERS_COLUMNS,
    queries: { real: 3633428, local: 9000006 },
  },
] as const satisfies readonly DatasetEntry[];

export type DatasetName = (typeof DATASET_CATALOG)[number]["name"];
/** Every accepted spelling, for autocompletion and messages. */
export type DatasetNameOrAlias = DatasetName | (typeof DATASET_CATALOG)[number]["aliases"][number];

export const DATASET_NAMES: readonly DatasetName[] = DATASET_CATALOG.map((d) => d.name);
