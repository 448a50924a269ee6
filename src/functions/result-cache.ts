import { isInvalidArgumentError } from "../client";
import { isBudgetHeldError, isNotSignedInError, isOverCapError } from "../session";
import type { CellValue } from "../sheet";
import type { FetchOutcome, ReadContext } from "./fetch-table";
import { type Entry, evictIdle, expiryOf, tableBytes } from "./cache-entry";
import type { CachedTable } from "./render";
import type { CanonicalRequest } from "./request";
import { isSpillTooLargeError } from "./spill-limit";

export interface CacheStats {
  /** HTTP requests the cache's fetches issued (pages included). */
  requests: number;
  /** Fetches started (one per canonical request and refresh; shared by every cell waiting on it). */
  fetches: number;
  /** Answers served from a stored entry without a request. */
  hits: number;
  /** Answers that joined a fetch already in flight. */
  shared: number;
  entries: number;
  /** Rough size of the stored rows. */
  bytes: number;
}

export interface ResultCacheOptions {
  /** Fetches a request's rows; `context` says what the fetch may spend (a cap, an automatic budget). */
  fetch: (request: CanonicalRequest, context?: ReadContext) => Promise<FetchOutcome>;
  now: () => number;
  /** Stored rows beyond this are evicted, least recently used first, sparing entries that live cells show. */
  maxBytes: number;
  isLive: (key: string) => boolean;
  /** The session's generation: entries and fetches of one generation are never served in another. */
  generation: () => number;
}

/**
 * One cache for the shared runtime, keyed by the canonical request within one session generation (another key may
 * see other data: a private query's result, a different latest run). Curated data is kept until its dataset's
 * next scheduled refresh; execution results forever (they never change); a query's latest result until a refresh.
 * Concurrent asks for one key share one fetch, so 100 cells with one formula cost one HTTP request.
 */
export class ResultCache {
  readonly #entries = new Map<string, Entry>();
  readonly #options: ResultCacheOptions;
  /** The session generation the entries belong to. */
  #generation: number;
  #stats = { requests: 0, fetches: 0, hits: 0, shared: 0 };

  constructor(options: ResultCacheOptions) {
    this.#options = options;
    this.#generation = options.generation();
  }

  /** The rows of a request: stored, in flight, or fetched now (within `context`'s cap). */
  get(request: CanonicalRequest, context?: ReadContext): Promise<CachedTable> {
    this.#sync();
    const entry = this.#entry(request);
    entry.lastUsed = this.#options.now();
    if (entry.inFlight) {
      this.#stats.shared++;
      return entry.inFlight;
    }
    if (this.#fresh(entry) && (entry.table || entry.failure !== undefined)) {
      this.#stats.hits++;
      return entry.table ? Promise.resolve(entry.table) : Promise.reject(entry.failure);
    }
    return this.#load(entry, context);
  }

  /** Fetches again whatever is stored (joining a fetch already in flight). */
  refresh(request: CanonicalRequest, context?: ReadContext): Promise<CachedTable> {
    this.#sync();
    const entry = this.#entry(request);
    return entry.inFlight ?? this.#load(entry, context);
  }

  /** The rows stored for a key, fresh or not: what its cells keep showing when a refresh was held. */
  stored(key: string): CachedTable | undefined {
    this.#sync();
    return this.#entries.get(key)?.table;
  }

  /** True when a refresh cannot change the answer: a stored execution result. */
  isSettled(key: string): boolean {
    this.#sync();
    const entry = this.#entries.get(key);
    return entry?.request.source.kind === "execution" && entry.table !== undefined;
  }

  /** Stored rows still good (or being fetched now): a refresh when the workbook opens leaves them be. */
  isFresh(key: string): boolean {
    this.#sync();
    const entry = this.#entries.get(key);
    return entry !== undefined && (entry.inFlight !== undefined || (entry.table !== undefined && this.#fresh(entry)));
  }

  expiresAt(key: string): number | undefined {
    this.#sync();
    return this.#entries.get(key)?.expiresAt;
  }

  /** A spill made once per (rows, render options) and shared by every cell asking for it. */
  rendered(key: string, renderKey: string, make: () => CellValue[][]): CellValue[][] {
    this.#sync();
    const entry = this.#entries.get(key);
    let made = entry?.renders.get(renderKey);
    if (!made) {
      try {
        made = { matrix: make() };
      } catch (error) {
        made = { error };
      }
      entry?.renders.set(renderKey, made);
    }
    if ("error" in made) throw made.error;
    return made.matrix;
  }

  /** Forgets the entries no live cell shows, so the next cell fetches fresh rows. */
  dropUnused(): void {
    this.#sync();
    for (const [key, entry] of this.#entries)
      if (!entry.inFlight && !this.#options.isLive(key)) this.#entries.delete(key);
  }

  stats(): CacheStats {
    this.#sync();
    let bytes = 0;
    for (const entry of this.#entries.values()) bytes += entry.bytes;
    return { ...this.#stats, entries: this.#entries.size, bytes };
  }

  /** A new session generation: forgets every entry; fetches still in flight for the old one are not stored. */
  #sync(): void {
    const generation = this.#options.generation();
    if (generation === this.#generation) return;
    this.#generation = generation;
    this.#entries.clear();
  }

  #entry(request: CanonicalRequest): Entry {
    let entry = this.#entries.get(request.key);
    if (!entry) {
      entry = { request, expiresAt: 0, lastUsed: this.#options.now(), bytes: 0, renders: new Map() };
      this.#entries.set(request.key, entry);
    }
    return entry;
  }

  #fresh(entry: Entry): boolean {
    return this.#options.now() < entry.expiresAt;
  }

  #load(entry: Entry, context?: ReadContext): Promise<CachedTable> {
    const generation = this.#generation;
    this.#stats.fetches++;
    const startedAt = this.#options.now();
    const stored = (): boolean =>
      generation === this.#options.generation() && this.#entries.get(entry.request.key) === entry;
    const promise = (async () => this.#options.fetch(entry.request, context))().then(
      ({ table, requests }) => {
        this.#stats.requests += requests;
        if (stored()) {
          entry.table = table;
          entry.failure = undefined;
          entry.renders.clear();
          entry.expiresAt = expiryOf(entry.request, startedAt);
          entry.bytes = tableBytes(table);
          evictIdle(this.#entries, this.#options.maxBytes, this.#options.isLive);
        }
        return table;
      },
      (error: unknown) => {
        // A request that failed before any answer is still one request; a local refusal (no key, over the cap before
        // anything was fetched) is none.
        const local =
          isInvalidArgumentError(error) ||
          isNotSignedInError(error) ||
          (isOverCapError(error) && (error.facts?.spent ?? 0) === 0);
        if (!local) this.#stats.requests++;
        // A refresh stopped for its cost (over its cap, or the automatic budget) leaves the rows that were there.
        const kept = entry.table !== undefined && (isBudgetHeldError(error) || isOverCapError(error));
        if (stored() && !kept) {
          entry.table = undefined;
          entry.renders.clear();
          entry.bytes = 0;
          entry.failure = isSpillTooLargeError(error) ? error : undefined;
          entry.expiresAt = entry.failure === undefined ? 0 : expiryOf(entry.request, startedAt);
        }
        throw error;
      },
    );
    entry.inFlight = promise;
    const settle = (): void => {
      if (entry.inFlight === promise) entry.inFlight = undefined;
    };
    promise.then(settle, settle);
    return promise;
  }
}
