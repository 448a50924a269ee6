/** What a kept result is; its kind decides how long it stays fresh (the caller says until when: `freshUntil`). */
export type ResultKind = "dataset" | "execution" | "query";

/** A result as the store keeps it and gives it back. */
export interface StoredResult {
  kind: ResultKind;
  /** When its rows were fetched from the service (epoch ms). */
  fetchedAt: number;
  /** Until when it may be shown as current (epoch ms); null: until replaced or removed. */
  freshUntil: number | null;
  columns: string[];
  types: string[];
  rows: unknown[][];
  /** Whatever else the cache keeps with the rows: JSON values only. */
  extra?: Record<string, unknown>;
}

/** The small record kept per result beside its rows (what eviction, expiry and clearing look at). */
export interface StoredEntryInfo {
  /** The service address and user the result belongs to (a hash of the key, never the key). */
  partition: string;
  /** The canonical request's key. */
  key: string;
  kind: ResultKind;
  fetchedAt: number;
  freshUntil: number | null;
  /** Approximate bytes of the stored rows. */
  bytes: number;
  lastUsed: number;
}

/** Where the results live: the browser's IndexedDB, or this runtime's memory (and why). */
export type StoreBackend = { kind: "indexeddb"; name: string } | { kind: "memory"; reason: string };

/**
 * A byte-capped store of results, least recently used evicted first, entries of one partition invisible to another.
 * Nothing here throws: a store that cannot do something (the browser's storage full, the database gone) answers as
 * if the entry were not there and says why in `lastError`.
 */
export interface ResultStore {
  readonly backend: StoreBackend;
  readonly maxBytes: number;
  /** The last failure of the browser's storage, in words (undefined while none). */
  readonly lastError: string | undefined;
  /** The result kept for `key` in `partition` (marked used now), whatever its age: freshness is the caller's call. */
  get(partition: string, key: string): Promise<StoredResult | undefined>;
  /** Keeps (or replaces) a result; false when it was not kept (larger than the whole store, or refused). */
  put(partition: string, key: string, result: StoredResult): Promise<boolean>;
  /** Removes every entry `match` picks (sign-out: a user's partitions; Refresh All: latest results); how many. */
  remove(match: (info: StoredEntryInfo) => boolean): Promise<number>;
  /** Every entry's small record (tests, the pane's figures). */
  list(): Promise<StoredEntryInfo[]>;
  close(): void;
}
