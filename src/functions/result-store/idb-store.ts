import { bodyBytes, encodeBody, isBody, toResult } from "./encoding";
import { evictionsFor } from "./eviction";
import { request, transact } from "../../indexed-db";
import { storageFailure } from "./storage-failure";
import type { ResultStore, StoredEntryInfo, StoredResult } from "./types";

const VERSION = 1;
/** The small records (one per result, no rows): what eviction, expiry and sign-out read, cheap to scan. */
const ENTRIES = "entries";
/** The rows, read only when a cell needs them. */
const BODIES = "bodies";

function isInfo(value: unknown): value is StoredEntryInfo {
  const info = value as Partial<StoredEntryInfo> | null;
  return (
    !!info &&
    typeof info.partition === "string" &&
    typeof info.key === "string" &&
    typeof info.fetchedAt === "number" &&
    typeof info.bytes === "number" &&
    typeof info.lastUsed === "number" &&
    (info.freshUntil === null || typeof info.freshUntil === "number")
  );
}

/** Opens (creating on first use) the database; rejects with the browser's reason. */
export function openResultDatabase(factory: IDBFactory, name: string): { done: Promise<IDBDatabase> } {
  const open = factory.open(name, VERSION);
  open.onupgradeneeded = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains(ENTRIES)) db.createObjectStore(ENTRIES, { keyPath: ["partition", "key"] });
    if (!db.objectStoreNames.contains(BODIES)) db.createObjectStore(BODIES);
  };
  return { done: request(open) };
}

/**
 * The store in the browser's IndexedDB: one database per origin, shared by every workbook's runtime on it. Each
 * operation is one transaction over the small records and the rows, so two runtimes writing at once keep the cap
 * and never leave rows without their record; nothing is read into memory when the store opens.
 */
export class IdbResultStore implements ResultStore {
  readonly backend: { kind: "indexeddb"; name: string };
  readonly maxBytes: number;
  #lastError: string | undefined;
  #closed = false;
  readonly #db: IDBDatabase;
  readonly #now: () => number;

  constructor(db: IDBDatabase, options: { name: string; now: () => number; maxBytes: number }) {
    this.#db = db;
    this.backend = { kind: "indexeddb", name: options.name };
    this.maxBytes = options.maxBytes;
    this.#now = options.now;
    // Another page upgrading the database, or the user clearing site data: stop using it, answer "not kept".
    db.onversionchange = () => this.close();
    db.onclose = () => {
      this.#closed = true;
      this.#lastError = "The browser closed the add-in's result database: results are not kept for now.";
    };
  }

  get lastError(): string | undefined {
    return this.#lastError;
  }

  get(partition: string, key: string): Promise<StoredResult | undefined> {
    return this.#run("readwrite", undefined, async (entries, bodies) => {
      const info: unknown = await request(entries.get([partition, key]));
      if (info === undefined) return undefined;
      const body: unknown = await request(bodies.get([partition, key]));
      if (!isInfo(info) || !isBody(body)) {
        // Damaged, or written by a version that stored something else: as if absent, and gone.
        entries.delete([partition, key]);
        bodies.delete([partition, key]);
        return undefined;
      }
      entries.put({ ...info, lastUsed: this.#now() });
      return toResult(info, body);
    });
  }

  put(partition: string, key: string, result: StoredResult): Promise<boolean> {
    const body = encodeBody(result);
    const bytes = bodyBytes(body);
    return this.#run("readwrite", false, async (entries, bodies) => {
      if (bytes > this.maxBytes) {
        entries.delete([partition, key]);
        bodies.delete([partition, key]);
        return false;
      }
      const all = (await request(entries.getAll())).filter(isInfo);
      for (const victim of evictionsFor(all, { partition, key, bytes }, this.maxBytes)) {
        entries.delete([victim.partition, victim.key]);
        bodies.delete([victim.partition, victim.key]);
      }
      const { kind, fetchedAt, freshUntil } = result;
      bodies.put(body, [partition, key]);
      entries.put({ partition, key, kind, fetchedAt, freshUntil, bytes, lastUsed: this.#now() });
      return true;
    });
  }

  remove(match: (info: StoredEntryInfo) => boolean): Promise<number> {
    return this.#run("readwrite", 0, async (entries, bodies) => {
      let removed = 0;
      for (const info of (await request(entries.getAll())).filter(isInfo)) {
        if (!match({ ...info })) continue;
        entries.delete([info.partition, info.key]);
        bodies.delete([info.partition, info.key]);
        removed++;
      }
      return removed;
    });
  }

  list(): Promise<StoredEntryInfo[]> {
    return this.#run("readonly", [], async (entries) => (await request(entries.getAll())).filter(isInfo));
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#db.close();
  }

  /** One transaction over both stores; a failure answers `fallback` and is kept in words in `lastError`. */
  async #run<T>(
    mode: IDBTransactionMode,
    fallback: T,
    work: (entries: IDBObjectStore, bodies: IDBObjectStore) => Promise<T>,
  ): Promise<T> {
    if (this.#closed) return fallback;
    try {
      return await transact(this.#db, [ENTRIES, BODIES], mode, (tx) =>
        work(tx.objectStore(ENTRIES), tx.objectStore(BODIES)),
      );
    } catch (error) {
      this.#lastError = storageFailure(error);
      return fallback;
    }
  }
}
