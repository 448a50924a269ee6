import type { Session } from "../session";
import { expiryOf } from "./cache-entry";
import { type CachedTable, type CanonicalRequest, RUN_RETENTION_MS } from "../service-cells";
import type { WorkbookRefreshTimes } from "./workbook-refresh-times";
import type { ResultStore, StoredResult } from "./result-store";

/** A result kept from an earlier fetch, not older than the workbook's own copy of it. */
export interface Restored {
  table: CachedTable;
  fetchedAt: number;
  /** Until when it is current (Infinity: until replaced). */
  expiresAt: number;
  /** Still current now: it may be shown as it is. */
  fresh: boolean;
}

/**
 * How long a kept result is current: a dataset's snapshot until the dataset's next scheduled refresh, an execution's
 * rows until the service deletes them (its `expires_at`, else 90 days), a query's latest result until replaced
 * (Refresh All removes them).
 */
export function freshUntil(request: CanonicalRequest, table: CachedTable, fetchedAt: number): number | null {
  const kind = request.source.kind;
  if (kind === "dataset") return expiryOf(request, fetchedAt);
  if (kind === "execution") return table.expiresAt ?? fetchedAt + RUN_RETENTION_MS;
  return null;
}

function toStored(request: CanonicalRequest, table: CachedTable, fetchedAt: number): StoredResult {
  const extra: Record<string, unknown> = { partial: table.partial, typesInferred: table.typesInferred };
  if (table.totalRowCount !== undefined) extra.totalRowCount = table.totalRowCount;
  if (table.origin !== undefined) extra.origin = table.origin;
  if (table.expiresAt !== undefined) extra.expiresAt = table.expiresAt;
  // Provenance (SERVICE.SOURCE, table captions) travels with the rows.
  if (table.executionId !== undefined) extra.executionId = table.executionId;
  if (table.endedAt !== undefined) extra.endedAt = table.endedAt;
  if (table.queryId !== undefined) extra.queryId = table.queryId;
  return {
    kind: request.source.kind,
    fetchedAt,
    freshUntil: freshUntil(request, table, fetchedAt),
    columns: table.columns,
    types: table.types,
    rows: table.rows,
    extra,
  };
}

function toTable(stored: StoredResult): CachedTable {
  const extra = stored.extra ?? {};
  const table: CachedTable = {
    columns: stored.columns,
    types: stored.types,
    rows: stored.rows,
    partial: extra.partial === true,
    typesInferred: extra.typesInferred === true,
    // One fetch time for the rows: what a held refresh's note says its data dates from.
    readAt: stored.fetchedAt,
  };
  if (typeof extra.totalRowCount === "number") table.totalRowCount = extra.totalRowCount;
  if (extra.origin && typeof extra.origin === "object") table.origin = extra.origin as CachedTable["origin"];
  if (typeof extra.expiresAt === "number") table.expiresAt = extra.expiresAt;
  if (typeof extra.executionId === "string") table.executionId = extra.executionId;
  if (typeof extra.endedAt === "string") table.endedAt = extra.endedAt;
  if (typeof extra.queryId === "number") table.queryId = extra.queryId;
  return table;
}

export interface PersistentResultsOptions {
  /** The store, once open (IndexedDB, or memory with the reason); undefined: nothing is kept between sessions. */
  store: Promise<ResultStore> | undefined;
  session: Pick<Session, "userId" | "baseUrl" | "generation">;
  times: WorkbookRefreshTimes;
  now: () => number;
}

/**
 * The functions' side of the persistent result store: which partition a result goes in (the service address and
 * a one-way hash of the signed-in key: another key, or none, never reads it), the rows in the form the store keeps,
 * and the workbook's rule that a kept result older than the workbook's own refresh of it is not used.
 */
export class PersistentResults {
  readonly #options: PersistentResultsOptions;
  #partition: { generation: number; value: Promise<string | undefined> } | undefined;
  #changes: Promise<void> = Promise.resolve();

  constructor(options: PersistentResultsOptions) {
    this.#options = options;
  }

  /** The partition of the session as it is now: `<user id>|<service address>`; undefined when signed out. */
  partition(): Promise<string | undefined> {
    const session = this.#options.session;
    if (this.#partition?.generation !== session.generation) {
      const baseUrl = session.baseUrl;
      this.#partition = {
        generation: session.generation,
        value: session.userId().then((user) => (user === undefined ? undefined : `${user}|${baseUrl}`)),
      };
    }
    return this.#partition.value;
  }

  /** The kept result for `request`, if there is one this user may see and the workbook has nothing newer. */
  async read(request: CanonicalRequest): Promise<Restored | undefined> {
    const store = this.#options.store;
    if (!store) return undefined;
    const partition = await this.partition();
    if (partition === undefined) return undefined;
    const stored = await (await store).get(partition, request.key);
    if (!stored || stored.kind !== request.source.kind) return undefined;
    if (this.isOutdated(request, stored.fetchedAt)) return undefined;
    const expiresAt = stored.freshUntil ?? Infinity;
    return { table: toTable(stored), fetchedAt: stored.fetchedAt, expiresAt, fresh: this.#options.now() < expiresAt };
  }

  /**
   * True when the workbook's own result for the request was fetched after `fetchedAt` (here, by a co-author, or
   * outside Excel). Never for an execution's rows: they do not change.
   */
  isOutdated(request: CanonicalRequest, fetchedAt: number): boolean {
    if (request.source.kind === "execution") return false;
    const refreshed = this.#options.times.of(request.key);
    return refreshed !== undefined && refreshed > fetchedAt;
  }

  /** Keeps a result just fetched (in the partition of the session that fetched it) and records it in the workbook. */
  write(request: CanonicalRequest, table: CachedTable, fetchedAt: number): Promise<void> {
    this.#options.times.record(request.key, fetchedAt, table.rows.length);
    const partition = this.partition();
    return this.#change(async (store) => {
      const name = await partition;
      if (name !== undefined) await store.put(name, request.key, toStored(request, table, fetchedAt));
    });
  }

  /** Refresh All: a query's latest results kept for this user and address are no longer current. */
  dropLatest(): Promise<void> {
    const partition = this.partition();
    return this.#change(async (store) => {
      const name = await partition;
      if (name !== undefined) await store.remove((info) => info.partition === name && info.kind === "query");
    });
  }

  /** Sign-out: everything kept for that user (the id, once known), at every address. */
  forgetUser(userId: string | Promise<string | undefined>): Promise<void> {
    return this.#change(async (store) => {
      const id = await userId;
      if (id !== undefined) await store.remove((info) => info.partition.startsWith(`${id}|`));
    });
  }

  /** Resolves once every change asked for so far (kept results, removals) has reached the store. */
  settled(): Promise<void> {
    return this.#changes;
  }

  /** Changes to the store run in the order they were asked for (Refresh All's removal before its new rows). */
  #change(work: (store: ResultStore) => Promise<unknown>): Promise<void> {
    const store = this.#options.store;
    if (!store) return Promise.resolve();
    const next = this.#changes.then(async () => void (await work(await store)));
    this.#changes = next.catch(() => undefined);
    return next;
  }
}
