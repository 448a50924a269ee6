import { datasetEntry, datasetPath } from "./lookup";

/**
 * How to read a curated dataset when its endpoint is gone: the saved queries whose latest result holds its rows
 * (to try in this order) and the filter its path arguments become. Arguments are checked exactly as for the
 * endpoint (an unknown dataset or argument fails here, before any request).
 */
export interface DatasetFallback {
  /** The dataset's canonical name. */
  dataset: string;
  /** The endpoint this stands in for (`/v1/dex/pairs/ethereum`). */
  path: string;
  /** The real service's query first (where it answers, it is the one), then the local service's. */
  queryIds: readonly number[];
  /** `chain = 'ethereum'`, `market = 'nft' AND blockchain = 'solana'`; undefined for a dataset without arguments. */
  pathFilter?: string;
  /** Column names the dataset's rows carry, in the catalog's order. */
  columns: readonly string[];
  /** The columns the path filter reads: the query's result must have them. */
  filterColumns: readonly string[];
}

/** A string literal in the filter grammar: single quotes, a quote inside doubled. */
function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export function datasetFallback(name: string, args: readonly string[] = []): DatasetFallback {
  const path = datasetPath(name, args);
  const entry = datasetEntry(name)!;
  const conditions = entry.args.map((arg, i) => `${arg.column} = ${literal(String(args[i]).trim().toLowerCase())}`);
  const fallback: DatasetFallback = {
    dataset: entry.name,
    path,
    queryIds: [entry.queries.real, entry.queries.local],
    columns: entry.columns.map(([column]) => column),
    filterColumns: entry.args.map((arg) => arg.column),
  };
  if (conditions.length > 0) fallback.pathFilter = conditions.join(" AND ");
  return fallback;
}

/**
 * The path filter and the caller's own filters as one: `chain = 'ethereum' AND (<filters>)`. The parentheses keep
 * an `OR` in the caller's filters inside them (the real service's own endpoint prepended the path condition without
 * them, so `AND` bound first: its documented paging link shows `chain="ethereum" AND a = 'x' or b = 'x'`).
 */
export function combineFilters(pathFilter: string | undefined, filters: string | undefined): string | undefined {
  const own = filters?.trim() ? filters.trim() : undefined;
  if (pathFilter === undefined) return own;
  return own === undefined ? pathFilter : `${pathFilter} AND (${own})`;
}

/**
 * Whether a query's result can stand for the dataset: it has every column the path filter reads and at least half
 * of the dataset's columns (by name, any case). The real queries differ from the catalog in a column or two (the
 * operator metadata's social handle is named after the network); a different query that happens to answer under
 * the same id has nothing in common with it.
 */
export function resultMatchesDataset(fallback: DatasetFallback, columns: readonly string[]): boolean {
  const have = new Set(columns.map((c) => c.toLowerCase()));
  if (!fallback.filterColumns.every((c) => have.has(c.toLowerCase()))) return false;
  const shared = fallback.columns.filter((c) => have.has(c.toLowerCase())).length;
  return shared * 2 >= fallback.columns.length;
}
