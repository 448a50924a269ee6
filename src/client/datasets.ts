import { InvalidArgumentError } from "./errors/local-errors";

/** Chains of `/v1/dex/pairs/{chain}` (spec E8). */
export const DEX_CHAINS = [
  "arbitrum",
  "base",
  "bnb",
  "celo",
  "ethereum",
  "fantom",
  "gnosis",
  "optimism",
  "polygon",
  "scroll",
  "zk_sync",
  "solana",
] as const;

/** Chains of `/v1/marketshare/{market}/{chain}`: the service's list, kept here because the client never imports the service. */
export const MARKETSHARE_CHAINS = [
  "arbitrum",
  "avalanche_c",
  "base",
  "blast",
  "bnb",
  "celo",
  "ethereum",
  "fantom",
  "gnosis",
  "linea",
  "mantle",
  "optimism",
  "polygon",
  "scroll",
  "solana",
  "zk_sync",
] as const;

export const MARKETS = ["dex", "nft"] as const;

export type DexChain = (typeof DEX_CHAINS)[number];
export type MarketshareChain = (typeof MARKETSHARE_CHAINS)[number];
export type Market = (typeof MARKETS)[number];

interface DatasetSpec {
  /** Argument names, in order, each with its allowed values. */
  args: readonly { name: string; allowed: readonly string[] }[];
  path: (args: readonly string[]) => string;
}

const DATASETS = {
  avs: { args: [], path: () => "/v1/restaking/avs-stats" },
  operators: { args: [], path: () => "/v1/restaking/operator-metadata" },
  dex: { args: [{ name: "chain", allowed: DEX_CHAINS }], path: ([chain]) => `/v1/dex/pairs/${chain}` },
  marketshare: {
    args: [
      { name: "market", allowed: MARKETS },
      { name: "chain", allowed: MARKETSHARE_CHAINS },
    ],
    path: ([market, chain]) => `/v1/marketshare/${market}/${chain}`,
  },
  channels: { args: [], path: () => "/v1/social/trends/channels" },
  users: { args: [], path: () => "/v1/social/trends/users" },
} satisfies Record<string, DatasetSpec>;

export type DatasetName = keyof typeof DATASETS;

/** Second names: the endpoint's own last segment. */
const ALIASES: Record<string, DatasetName> = { "avs-stats": "avs", "operator-metadata": "operators" };

export const DATASET_NAMES = Object.keys(DATASETS) as DatasetName[];

/** Every accepted spelling, for autocompletion and messages. */
export type DatasetNameOrAlias = DatasetName | "avs-stats" | "operator-metadata";

function usage(name: DatasetName): string {
  const spec: DatasetSpec = DATASETS[name];
  return [name, ...spec.args.map((a) => `<${a.name}>`)].join(" ");
}

/**
 * The path of a curated dataset, or an InvalidArgumentError listing what is allowed. Names and arguments
 * are matched case-insensitively because they mostly come from what someone typed in a cell.
 */
export function datasetPath(name: string, args: readonly string[] = []): string {
  const key = String(name).trim().toLowerCase();
  const canonical: DatasetName | undefined = key in DATASETS ? (key as DatasetName) : ALIASES[key];
  if (canonical === undefined) {
    throw new InvalidArgumentError(
      `Unknown dataset "${name}"; allowed: ${DATASET_NAMES.map(usage).join(", ")} (aliases: ${Object.keys(ALIASES).join(", ")})`,
    );
  }
  const spec: DatasetSpec = DATASETS[canonical];
  if (args.length !== spec.args.length) {
    const names = spec.args.map((a) => a.name).join(", ");
    throw new InvalidArgumentError(
      `Dataset "${canonical}" takes ${spec.args.length} argument${spec.args.length === 1 ? "" : "s"}${names ? ` (${names})` : ""}; got ${args.length}. Usage: ${usage(canonical)}`,
    );
  }
  const normalised = args.map((raw, i) => {
    const { name: argName, allowed } = spec.args[i]!;
    const value = String(raw).trim().toLowerCase();
    if (!allowed.includes(value)) {
      throw new InvalidArgumentError(
        `Unknown ${argName} "${raw}" for dataset "${canonical}"; allowed: ${allowed.join(", ")}`,
      );
    }
    return value;
  });
  return spec.path(normalised);
}
