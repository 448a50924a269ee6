/**
 * The curated datasets (spec E6–E11), one entry each: the name cells and the pane use, the endpoint's own name as an
 * alias, the label, the path with its arguments and their allowed values, the refresh schedule and the columns.
 * Everything on the add-in side that knows a dataset derives from this table; test/client/catalog-parity.test.ts
 * holds it against the service's own definitions.
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
  },
  {
    name: "operators",
    aliases: ["operator-metadata"],
    label: "Restaking: operator metadata",
    path: "/v1/restaking/operator-metadata",
    args: [],
    schedule: EVERY_15,
    columns: OPERATORS_COLUMNS,
  },
  {
    name: "dex",
    aliases: [],
    label: "DEX pair statistics",
    path: "/v1/dex/pairs/{chain}",
    args: [{ name: "chain", label: "Chain", allowed: DEX_CHAINS }],
    schedule: EVERY_30,
    columns: DEX_COLUMNS,
  },
  {
    name: "marketshare",
    aliases: [],
    label: "Marketplace market share",
    path: "/v1/marketshare/{market}/{chain}",
    args: [
      { name: "market", label: "Market", allowed: MARKETS },
      { name: "chain", label: "Chain", allowed: MARKETSHARE_CHAINS },
    ],
    schedule: DAILY_2330,
    columns: MARKETSHARE_COLUMNS,
  },
  {
    name: "channels",
    aliases: [],
    label: "Social: channel trends",
    path: "/v1/social/trends/channels",
    args: [],
    schedule: EVERY_30,
    columns: CHANNELS_COLUMNS,
  },
  {
    name: "users",
    aliases: [],
    label: "Social: user trends",
    path: "/v1/social/trends/users",
    args: [],
    schedule: EVERY_30,
    columns: USERS_COLUMNS,
  },
] as const satisfies readonly DatasetEntry[];

export type DatasetName = (typeof DATASET_CATALOG)[number]["name"];
/** Every accepted spelling, for autocompletion and messages. */
export type DatasetNameOrAlias = DatasetName | (typeof DATASET_CATALOG)[number]["aliases"][number];

export const DATASET_NAMES: readonly DatasetName[] = DATASET_CATALOG.map((d) => d.name);
