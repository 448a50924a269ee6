import { DEFAULT_MAX_BYTES } from "./eviction";
import { IdbResultStore, openResultDatabase } from "./idb-store";
import { asError } from "../../indexed-db";
import { MemoryResultStore } from "./memory-store";
import type { ResultStore } from "./types";

/** The database's name in the add-in's origin. */
export const RESULT_DATABASE = "service-addin.results";
/** How long opening may take before the store settles for memory. */
export const OPEN_TIMEOUT_MS = 5_000;

export interface OpenResultStoreOptions {
  /** The IndexedDB factory; omitted: the runtime's own (`globalThis.indexedDB`); null: none (memory). */
  indexedDB?: IDBFactory | null;
  name?: string;
  maxBytes?: number;
  now: () => number;
  timers: { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };
  timeoutMs?: number;
}

function runtimeIndexedDb(): IDBFactory | undefined {
  try {
    return (globalThis as { indexedDB?: IDBFactory }).indexedDB ?? undefined;
  } catch {
    // A sandboxed frame without its origin throws a SecurityError on access.
    return undefined;
  }
}

/**
 * The persistent store in IndexedDB, or the same store in memory when IndexedDB cannot be used, with the reason:
 * absent (a runtime without DOM storage, such as the JavaScript-only custom-functions runtime: office-js-docs-reference
 * #702), refused (storage blocked by the browser or its settings, office-js-docs#361 for an older Office for Mac), or
 * silent past `timeoutMs` (an IndexedDB that never answers, office-js#615 for the Edge web view). Never rejects.
 */
export async function openResultStore(options: OpenResultStoreOptions): Promise<ResultStore> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const name = options.name ?? RESULT_DATABASE;
  const memory = (reason: string): ResultStore => new MemoryResultStore({ reason, now: options.now, maxBytes });
  const factory = options.indexedDB === undefined ? runtimeIndexedDb() : (options.indexedDB ?? undefined);
  if (!factory) return memory("IndexedDB is not available in this runtime.");
  let opening: Promise<IDBDatabase>;
  try {
    opening = openResultDatabase(factory, name).done;
  } catch (error) {
    return memory(`IndexedDB refused to open (${asError(error).message}).`);
  }
  const timeoutMs = options.timeoutMs ?? OPEN_TIMEOUT_MS;
  let handle: unknown;
  const late = new Promise<"late">((resolve) => {
    handle = options.timers.setTimeout(() => resolve("late"), timeoutMs);
  });
  try {
    const db = await Promise.race([opening, late]);
    if (db === "late") {
      // If it opens after all, let it go: this runtime has settled for memory.
      opening.then((lateDb) => lateDb.close()).catch(() => undefined);
      return memory(`IndexedDB did not open within ${Math.round(timeoutMs / 1000)} s.`);
    }
    return new IdbResultStore(db, { name, now: options.now, maxBytes });
  } catch (error) {
    return memory(`IndexedDB refused to open (${asError(error).message}).`);
  } finally {
    options.timers.clearTimeout(handle);
  }
}
