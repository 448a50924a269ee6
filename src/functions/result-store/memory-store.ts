import { type StoredBody, bodyBytes, encodeBody, toResult } from "./encoding";
import { DEFAULT_MAX_BYTES, evictionsFor } from "./eviction";
import type { ResultStore, StoredEntryInfo, StoredResult } from "./types";

/**
 * The store in this runtime's memory, for when IndexedDB is not there or refuses (the reason is kept in `backend`):
 * the same rules (byte cap, LRU, partitions), gone when the runtime ends. Rows are kept in their stored form, so
 * what a caller later changes in its own copy never reaches the store.
 */
export class MemoryResultStore implements ResultStore {
  readonly backend: { kind: "memory"; reason: string };
  readonly maxBytes: number;
  readonly lastError = undefined;
  readonly #entries = new Map<string, { info: StoredEntryInfo; body: StoredBody }>();
  readonly #now: () => number;

  constructor(options: { reason: string; now: () => number; maxBytes?: number }) {
    this.backend = { kind: "memory", reason: options.reason };
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.#now = options.now;
  }

  async get(partition: string, key: string): Promise<StoredResult | undefined> {
    const entry = this.#entries.get(id(partition, key));
    if (!entry) return undefined;
    entry.info.lastUsed = this.#now();
    const { info } = entry;
    // A copy, as IndexedDB gives: what the caller does with it never reaches the store.
    return toResult(info, structuredClone(entry.body));
  }

  async put(partition: string, key: string, result: StoredResult): Promise<boolean> {
    const body = structuredClone(encodeBody(result));
    const bytes = bodyBytes(body);
    this.#entries.delete(id(partition, key));
    if (bytes > this.maxBytes) return false;
    const infos = [...this.#entries.values()].map((e) => e.info);
    for (const victim of evictionsFor(infos, { partition, key, bytes }, this.maxBytes))
      this.#entries.delete(id(victim.partition, victim.key));
    const { kind, fetchedAt, freshUntil } = result;
    const info = { partition, key, kind, fetchedAt, freshUntil, bytes, lastUsed: this.#now() };
    this.#entries.set(id(partition, key), { info, body });
    return true;
  }

  async remove(match: (info: StoredEntryInfo) => boolean): Promise<number> {
    let removed = 0;
    for (const [entryId, entry] of this.#entries) {
      if (!match({ ...entry.info })) continue;
      this.#entries.delete(entryId);
      removed++;
    }
    return removed;
  }

  async list(): Promise<StoredEntryInfo[]> {
    return [...this.#entries.values()].map((e) => ({ ...e.info }));
  }

  close(): void {
    this.#entries.clear();
  }
}

function id(partition: string, key: string): string {
  return JSON.stringify([partition, key]);
}
