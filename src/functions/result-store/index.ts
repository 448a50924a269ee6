/**
 * The persistent result store: results kept between sessions in the browser's IndexedDB (or memory), byte-capped,
 * least recently used first, by partition. It knows nothing of requests, keys or schedules: the functions' cache
 * decides what goes in, under which partition, and how long it stays fresh.
 */
export type { ResultKind, ResultStore, StoreBackend, StoredEntryInfo, StoredResult } from "./types";
export { DEFAULT_MAX_BYTES } from "./eviction";
export { MemoryResultStore } from "./memory-store";
export { OPEN_TIMEOUT_MS, RESULT_DATABASE, openResultStore, type OpenResultStoreOptions } from "./open-store";
