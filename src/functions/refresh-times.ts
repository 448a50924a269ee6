/**
 * The document setting in which a refresh of the workbook file (`npm run refresh`) records when each SERVICE result
 * in the file was fetched, so the add-in never shows a result from its own (per-user) cache that is older than the
 * file's values: an entry newer than what the cache holds for the same key means the file is the fresher copy. It
 * lives here, beside the other document settings, so the add-in and the refresh read one name and one shape.
 */
export const REFRESH_TIMES_SETTING = "service.refreshedAt";

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
  version: 1;
  /** SERVICE.DATASET and SERVICE.RESULTS cells, by the canonical request's key (the add-in's cache key). */
  requests: Record<string, ResultTime>;
  /** SERVICE.QUERY cells, by the parameter set's run key (as in `service.queryRuns`). */
  queries: Record<string, QueryResultTime>;
}

function isTime(value: unknown): value is ResultTime {
  const v = value as Partial<ResultTime> | null;
  return !!v && typeof v === "object" && typeof v.refreshedAt === "string";
}

function entries<T extends ResultTime>(value: unknown, extra: (v: T) => boolean = () => true): Record<string, T> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(([, v]) => isTime(v) && extra(v as T)),
  ) as Record<string, T>;
}

/** The setting as stored; entries this version cannot read are left out (the setting is rewritten whole). */
export function readRefreshTimes(stored: unknown): RefreshTimes {
  const s = (stored ?? {}) as Partial<RefreshTimes>;
  return {
    version: 1,
    requests: entries<ResultTime>(s.requests),
    queries: entries<QueryResultTime>(s.queries, (v) => typeof v.executionId === "string"),
  };
}

/**
 * The setting after a refresh: this refresh's entries over the stored ones, keeping only keys some SERVICE cell of
 * the file still shows (so the setting does not grow with every request the workbook ever made).
 */
export function mergeRefreshTimes(
  stored: RefreshTimes,
  updates: Pick<RefreshTimes, "requests" | "queries">,
  live: { requests: ReadonlySet<string>; queries: ReadonlySet<string> },
): RefreshTimes {
  // Entry by entry: a field this refresh did not learn (a run's cost, when it only read the run) stays.
  const merge = <T>(old: Record<string, T>, update: Record<string, T>, keys: ReadonlySet<string>) =>
    Object.fromEntries(
      [...new Set([...Object.keys(old), ...Object.keys(update)])]
        .filter((k) => keys.has(k))
        .map((k) => [k, { ...old[k], ...update[k] } as T]),
    );
  return {
    version: 1,
    requests: merge(stored.requests, updates.requests, live.requests),
    queries: merge(stored.queries, updates.queries, live.queries),
  };
}
