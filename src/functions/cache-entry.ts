import type { CellValue } from "../sheet";
import { nextRefreshAt, scheduleForPath } from "../client";
import type { Restored } from "./persistent-results";
import { type CachedTable, type CanonicalRequest, roughValueBytes } from "../service-cells";

/** One canonical request in the cache: its rows (or a refusal worth keeping), freshness and renders. */
export interface Entry {
  readonly request: CanonicalRequest;
  table?: CachedTable;
  /** A failure worth keeping (too large to spill: asking again gives the same answer until the data changes). */
  failure?: unknown;
  expiresAt: number;
  /** When `table` was fetched from the service (here, or in the session that kept it). */
  fetchedAt?: number;
  /** `table` is a kept result shown past its time, because nothing could be fetched when the workbook opened. */
  kept?: boolean;
  inFlight?: Promise<CachedTable>;
  /** The fetch in flight is still only reading the kept result (an explicit refresh then fetches after it). */
  restoring?: boolean;
  lastUsed: number;
  bytes: number;
  /** Spills already made from `table` (or the refusal), per render options: 100 cells with one formula render once. */
  renders: Map<string, { matrix: CellValue[][] } | { error: unknown }>;
}

/**
 * Until when an answer stays good: curated data until its dataset's next scheduled refresh; execution results
 * and a query's latest result until forgotten or refreshed (they change only when someone refreshes).
 */
export function expiryOf(request: CanonicalRequest, fetchedAt: number): number {
  if (request.source.kind !== "dataset") return Infinity;
  const schedule = scheduleForPath(request.source.path);
  return schedule ? nextRefreshAt(schedule, fetchedAt) : fetchedAt;
}

export function tableBytes(table: CachedTable): number {
  let bytes = 0;
  for (const row of table.rows) for (const value of row) bytes += roughValueBytes(value);
  return bytes;
}

/** Past the budget, drops idle entries (no live cell, nothing in flight), least recently used first. */
export function evictIdle(entries: Map<string, Entry>, maxBytes: number, isLive: (key: string) => boolean): void {
  let total = 0;
  for (const entry of entries.values()) total += entry.bytes;
  if (total <= maxBytes) return;
  const idle = [...entries.entries()]
    .filter(([key, entry]) => !entry.inFlight && !isLive(key))
    .sort((a, b) => a[1].lastUsed - b[1].lastUsed);
  for (const [key, entry] of idle) {
    if (total <= maxBytes) break;
    entries.delete(key);
    total -= entry.bytes;
  }
}

/** Fills an entry with a result kept from an earlier session; `kept`: shown past its time (nothing could be fetched). */
export function restoreEntry(entry: Entry, restored: Restored, kept: boolean): void {
  entry.table = restored.table;
  entry.failure = undefined;
  entry.renders.clear();
  entry.fetchedAt = restored.fetchedAt;
  entry.expiresAt = restored.expiresAt;
  entry.kept = kept;
  entry.bytes = tableBytes(restored.table);
}
