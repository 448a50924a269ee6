import type { StoredEntryInfo } from "./types";

/** Default cap: room for a few dozen large results; the browser gives an origin far more (a share of the disk). */
export const DEFAULT_MAX_BYTES = 50_000_000;

/**
 * Which entries to evict so that `incoming` fits under `maxBytes`: whole entries, least recently used first (the
 * entry `incoming` replaces does not count). Empty when it fits already.
 */
export function evictionsFor(
  entries: readonly StoredEntryInfo[],
  incoming: { partition: string; key: string; bytes: number },
  maxBytes: number,
): StoredEntryInfo[] {
  const others = entries.filter((e) => !(e.partition === incoming.partition && e.key === incoming.key));
  let total = incoming.bytes;
  for (const entry of others) total += entry.bytes;
  if (total <= maxBytes) return [];
  const victims: StoredEntryInfo[] = [];
  for (const entry of [...others].sort((a, b) => a.lastUsed - b.lastUsed)) {
    if (total <= maxBytes) break;
    victims.push(entry);
    total -= entry.bytes;
  }
  return victims;
}
