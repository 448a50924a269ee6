import {
  type EntryCollection,
  type SettingsStep,
  type SettingsView,
  listEntries,
  pruneEntries,
  putEntry,
  readEntry,
  steps,
} from "../document-settings";

/**
 * When each SERVICE result in the workbook was fetched, kept in the document's settings, so the add-in never shows a
 * result from its own (per-user) cache that is older than the file's values: an entry newer than what the cache holds
 * for the same key means the file is the fresher copy. A refresh of the file (`npm run refresh`) writes them; so may
 * the add-in, through `writeSettings` with `recordRefreshTimes`. One small setting per result, plus an index, as
 * every per-record setting of the add-in (a co-author's entries stay, a damaged one costs only itself).
 */
export const REQUEST_TIMES_INDEX_SETTING = "service.requestRefreshIndex";
export const QUERY_TIMES_INDEX_SETTING = "service.queryRefreshIndex";

/** One result's refresh. */
export interface ResultTime {
  /** When its rows were fetched (ISO 8601, UTC). */
  refreshedAt: string;
  /** Response bytes read for it (uncompressed): what the next refresh estimates its read at. */
  bytes?: number;
  /** Data rows it had. */
  rows?: number;
}

/** A SERVICE.QUERY parameter set's refresh: the run its cells show. */
export interface QueryResultTime extends ResultTime {
  executionId: string;
  /** What the run cost, when this refresh ran it (the next run's estimate). */
  executionCredits?: number;
}

export interface RefreshTimes {
  /** SERVICE.DATASET and SERVICE.RESULTS cells, by the canonical request's key (the add-in's cache key). */
  requests: Record<string, ResultTime>;
  /** SERVICE.QUERY cells, by the parameter set's run key (as remembered runs are keyed). */
  queries: Record<string, QueryResultTime>;
}

function isTime(value: unknown): value is ResultTime {
  const v = value as Partial<ResultTime> | null;
  return !!v && typeof v === "object" && typeof v.refreshedAt === "string";
}

/** `service.requestRefresh.<request key>`: a DATASET or RESULTS request's last refresh. */
export const REQUEST_TIMES: EntryCollection<ResultTime> = {
  index: REQUEST_TIMES_INDEX_SETTING,
  entry: (key) => `service.requestRefresh.${key}`,
  parse: (value) => (isTime(value) ? value : undefined),
};

/** `service.queryRefresh.<run key>`: a SERVICE.QUERY parameter set's last refresh. */
export const QUERY_TIMES: EntryCollection<QueryResultTime> = {
  index: QUERY_TIMES_INDEX_SETTING,
  entry: (key) => `service.queryRefresh.${key}`,
  parse: (value) =>
    isTime(value) && typeof (value as Partial<QueryResultTime>).executionId === "string"
      ? (value as QueryResultTime)
      : undefined,
};

type Reader = Pick<SettingsView, "get">;

/** Every recorded refresh the settings hold (entries this version cannot read are left out, and left as they are). */
export function readRefreshTimes(settings: Reader): RefreshTimes {
  return {
    requests: Object.fromEntries(listEntries(settings, REQUEST_TIMES)),
    queries: Object.fromEntries(listEntries(settings, QUERY_TIMES)),
  };
}

/**
 * Records refreshes, entry by entry over what is stored (a field this refresh did not learn, such as a run's cost when
 * it only read the run, stays). With `live`, entries for keys no SERVICE cell of the workbook shows any more are
 * removed, so the settings do not grow with every request the workbook ever made.
 */
export function recordRefreshTimes(
  updates: Partial<RefreshTimes>,
  live?: { requests: ReadonlySet<string>; queries: ReadonlySet<string> },
): SettingsStep {
  const put = <T extends ResultTime>(collection: EntryCollection<T>, entries: Record<string, T> = {}) =>
    Object.entries(entries).map(
      ([key, update]): SettingsStep =>
        (settings) =>
          putEntry(collection, key, { ...readEntry(settings, collection, key), ...update } as T)(settings),
    );
  return steps(
    ...put(REQUEST_TIMES, updates.requests),
    ...put(QUERY_TIMES, updates.queries),
    ...(live
      ? [
          pruneEntries(REQUEST_TIMES, (key) => !live.requests.has(key)),
          pruneEntries(QUERY_TIMES, (key) => !live.queries.has(key)),
        ]
      : []),
  );
}
