import { DATASET_NAMES, DEX_CHAINS, MARKETS, MARKETSHARE_CHAINS, type DatasetName } from "../../client";
import { DATASET_COLUMNS } from "./dataset-columns";

export interface DatasetArg {
  name: string;
  label: string;
  allowed: readonly string[];
}

export interface DatasetInfo {
  name: DatasetName;
  label: string;
  /** When the data changes (spec, Limits): tells the user how stale a refresh can be. */
  refresh: string;
  args: readonly DatasetArg[];
  columns: readonly string[];
}

const CHAIN_DEX: DatasetArg = { name: "chain", label: "Chain", allowed: DEX_CHAINS };
const MARKET: DatasetArg = { name: "market", label: "Market", allowed: MARKETS };
const CHAIN_SHARE: DatasetArg = { name: "chain", label: "Chain", allowed: MARKETSHARE_CHAINS };

/** The curated datasets the picker offers, argument values from the client's lists (the allowed values). */
export const DATASETS: readonly DatasetInfo[] = [
  { name: "avs", label: "Restaking: AVS metrics", refresh: "every 15 minutes", args: [], columns: DATASET_COLUMNS.avs },
  {
    name: "operators",
    label: "Restaking: operator metadata",
    refresh: "every 15 minutes",
    args: [],
    columns: DATASET_COLUMNS.operators,
  },
  {
    name: "dex",
    label: "DEX pair statistics",
    refresh: "every 30 minutes",
    args: [CHAIN_DEX],
    columns: DATASET_COLUMNS.dex,
  },
  {
    name: "marketshare",
    label: "Marketplace market share",
    refresh: "daily at 23:30 UTC",
    args: [MARKET, CHAIN_SHARE],
    columns: DATASET_COLUMNS.marketshare,
  },
  {
    name: "channels",
    label: "Social: channel trends",
    refresh: "every 30 minutes",
    args: [],
    columns: DATASET_COLUMNS.channels,
  },
  {
    name: "users",
    label: "Social: user trends",
    refresh: "every 30 minutes",
    args: [],
    columns: DATASET_COLUMNS.users,
  },
];

// The client is the authority on names; a dataset added there without a picker entry is a bug to notice.
if (DATASETS.length !== DATASET_NAMES.length) throw new Error("dataset catalog out of step with the client");

export function datasetInfo(name: string): DatasetInfo | undefined {
  return DATASETS.find((d) => d.name === name.trim().toLowerCase());
}

export function datasetArgNames(name: string): string[] {
  return (datasetInfo(name)?.args ?? []).map((a) => a.name);
}
