import { isInvalidArgumentError } from "../client";
import { isBudgetHeldError, isNotSignedInError, isOverCapError } from "../session";
import type { CellValue } from "../sheet";
import {
  type CachedTable,
  type CanonicalRequest,
  type FetchOutcome,
  isSpillTooLargeError,
  type ReadContext,
} from "../service-cells";
import type { PersistentResults } from "./persistent-results";
import type { Admission } from "./admission";
import { type Entry, evictIdle, expiryOf, restoreEntry, tableBytes } from "./cache-entry";

export interface CacheStats {
  /** HTTP requests the cache's fetches issued (pages included). */
  requests: number;
  /** Fetches started (one per canonical request and refresh; shared by every cell waiting on it). */
  fetches: number;
  /** Answers served from a stored entry without a request. */
  hits: number;
  /** Answers that joined a fetch already in flight. */
  shared: number;
  /** Answers served, without a request, from the results kept between sessions (current ones). */
  restored: number;
  /** Kept results shown past their time because nothing could be fetched (the workbook opened without refreshing). */
  kept: number;
  /** Cells told their data is not loaded (nothing kept, nothing fetched). */
  notLoaded: number;
  entries: number;
  /** Rough size of the stored rows. */
  bytes: number;
}

export interface ResultCacheOptions {
  /** Fetches a request's rows; `context` says what the fetch may spend (a cap, an automatic budget). */
  fetch: (request: CanonicalRequest, context?: Partial<ReadContext>) => Promise<FetchOutcome>;
  now: () => number;
  /** Stored rows beyond this are evicted, least recently used first, sparing entries that live cells show. */
  maxBytes: number;
  isLive: (key: string) => boolean;
  /** The session's generation: entries and fetches of one generation are never served in another. */
  generation: () => number;
  /** Results kept between sessions: read before the network when a cell is invoked, written after each fetch. */
  persistent?: Pick<PersistentResults, "read" | "write" | "isOutdated">;
  /** Whether an invoked cell with nothing current kept may be fetched now; otherwise the error it shows instead. */
  admit?: (request: CanonicalRequest, context: InvokeContext) => Admission | Error;
}

/** How a cell came to ask (the refresh bus knows). */
export interface InvokeContext {
  /** Excel running the cell again as the workbook opens, for a result the workbook holds. */
  opening: boolean;
  /** The workbook asked to refresh its cells when it opens: a kept latest result of a query is not current then. */
  refreshOnOpen: boolean;
  /**
   * Excel running the cell as a workbook that records no refresh opens: what its cell shows is tried before anything
   * is fetched (the file may hold its result, of an unknown age).
   */
  unrecorded?: boolean;
}

const INVOKED: InvokeContext = { opening: false, refreshOnOpen: false };

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
  #stats = { requests: 0, fetches: 0, hits: 0, shared: 0, restored: 0, kept: 0, notLoaded: 0 };

  constructor(options: ResultCacheOptions) {
    this.#options = options;
    this.#generation = options.generation();
  }

  /**
   * The rows of a request for a cell: stored here, in flight, kept from an earlier session, or fetched now (within
   * `read`'s cap) when `admit` allows (otherwise its error, unless a kept result may stand in).
   */
  get(request: CanonicalRequest, context: InvokeContext = INVOKED, read?: ReadContext): Promise<CachedTable> {
    this.#sync();
    const entry = this.#entry(request);
    entry.lastUsed = this.#options.now();
    if (entry.inFlight) {
      this.#stats.shared++;
      return entry.inFlight;
    }
    if (this.#fresh(entry) && (entry.table || entry.failure !== undefined) && !this.#outdated(entry)) {
      this.#stats.hits++;
      return entry.table ? Promise.resolve(entry.table) : Promise.reject(entry.failure);
    }
    return this.#track(entry, this.#restoreOrFetch(entry, context, read));
  }

  /**
   * What a cell could show without any request (formula value preview): the rows here, those a fetch in flight
   * brings, or those kept from an earlier session, however old; undefined when there are none.
   */
  async peek(request: CanonicalRequest): Promise<CachedTable | undefined> {
    this.#sync();
    const entry = this.#entries.get(request.key);
    if (entry?.table && !this.#outdated(entry)) return entry.table;
    if (entry?.inFlight) return entry.inFlight.catch(() => undefined);
    return (await this.#options.persistent?.read(request).catch(() => undefined))?.table;
  }

  /** Fetches again whatever is stored (joining a fetch already in flight; after a kept result being read). */
  refresh(request: CanonicalRequest, read?: ReadContext): Promise<CachedTable> {
    this.#sync();
    const entry = this.#entry(request);
    if (entry.inFlight && entry.restoring) {
      const after = entry.inFlight.catch(() => undefined);
      return this.#track(
        entry,
        after.then(() => this.#fetch(entry, this.#generation, read)),
      );
    }
    return entry.inFlight ?? this.#load(entry, read);
  }

  /** The rows stored for a key, fresh or not: what its cells keep showing when a refresh was held. */
  stored(key: string): CachedTable | undefined {
    this.#sync();
    return this.#entries.get(key)?.table;
  }

  /** True when a refresh cannot change the answer: a stored execution result. */
  /**
   * The rows this session last had for `key`, however old, and when they were fetched: what its cells keep showing
   * when a refresh of them fails.
   */
  lastGood(key: string): { table: CachedTable; fetchedAt?: number } | undefined {
    this.#sync();
    const entry = this.#entries.get(key);
    if (!entry?.table) return undefined;
    return entry.fetchedAt === undefined ? { table: entry.table } : { table: entry.table, fetchedAt: entry.fetchedAt };
  }

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
    const entry = this.#entries.get(key);
    // A kept result shown past its time waits for the next scheduled refresh, not one due in the past.
    if (entry?.kept) return expiryOf(entry.request, this.#options.now());
    return entry?.expiresAt;
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

  /** Rows fetched before the workbook's own refresh of them (by a co-author, or outside Excel). */
  #outdated(entry: Entry): boolean {
    return (
      !!entry.table &&
      entry.fetchedAt !== undefined &&
      !!this.#options.persistent?.isOutdated(entry.request, entry.fetchedAt)
    );
  }

  /**
   * A kept result when it is current (or may stand in), else the network when admitted (an automatic fetch within
   * its share of the automatic budget), else why not.
   */
  async #restoreOrFetch(entry: Entry, context: InvokeContext, read?: ReadContext): Promise<CachedTable> {
    const generation = this.#generation;
    entry.restoring = true;
    const restored = await this.#options.persistent?.read(entry.request).catch(() => undefined);
    entry.restoring = false;
    const current = generation === this.#options.generation() && this.#entries.get(entry.request.key) === entry;
    // Signed out, or another key or service, meanwhile: the session's own refresh serves the cells now.
    if (!current) throw new Error("The session changed while a kept result was read.");
    const latest = entry.request.source.kind === "query";
    if (restored && restored.fresh && !(latest && context.opening && context.refreshOnOpen)) {
      restoreEntry(entry, restored, false);
      evictIdle(this.#entries, this.#options.maxBytes, this.#options.isLive);
      this.#stats.restored++;
      return restored.table;
    }
    const admitted = this.#options.admit?.(entry.request, context) ?? {};
    if (!(admitted instanceof Error)) {
      try {
        const budget = admitted.budget ?? read?.budget;
        return await this.#fetch(entry, generation, {
          ...(read?.capCredits === undefined ? {} : { capCredits: read.capCredits }),
          ...(budget === undefined ? {} : { budget }),
        });
      } catch (error) {
        // Stopped for its cost (its rest grew past the budget): a result kept from an earlier session stands in.
        if (!restored || !(isBudgetHeldError(error) || isOverCapError(error))) throw error;
        restoreEntry(entry, restored, true);
        this.#stats.kept++;
        return restored.table;
      } finally {
        admitted.close?.();
      }
    }
    if (restored) {
      restoreEntry(entry, restored, true);
      evictIdle(this.#entries, this.#options.maxBytes, this.#options.isLive);
      this.#stats.kept++;
      return restored.table;
    }
    this.#stats.notLoaded++;
    throw admitted;
  }

  #load(entry: Entry, read?: ReadContext): Promise<CachedTable> {
    return this.#track(entry, this.#fetch(entry, this.#generation, read));
  }

  /** Marks `promise` as the entry's fetch in flight until it settles (cells asking meanwhile share it). */
  #track(entry: Entry, promise: Promise<CachedTable>): Promise<CachedTable> {
    entry.inFlight = promise;
    const settle = (): void => {
      if (entry.inFlight === promise) entry.inFlight = undefined;
    };
    promise.then(settle, settle);
    return promise;
  }

  /** Fetches from the service; the rows are kept (here and between sessions) if the session is still the same. */
  #fetch(entry: Entry, generation: number, context?: Partial<ReadContext>): Promise<CachedTable> {
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
          entry.fetchedAt = startedAt;
          entry.kept = false;
          entry.bytes = tableBytes(table);
          evictIdle(this.#entries, this.#options.maxBytes, this.#options.isLive);
          // Kept for the next session; a store that cannot keep it says so in its own state, never to the cell.
          void this.#options.persistent?.write(entry.request, table, startedAt).catch(() => undefined);
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
        const costStopped = isBudgetHeldError(error) || isOverCapError(error);
        if (stored() && entry.table && (costStopped || keepsRowsAfter(error))) {
          // A refresh that failed (the service unreachable, a run that failed): the rows shown stay, due again now.
          if (!costStopped) entry.expiresAt = 0;
        } else if (stored()) {
          entry.table = undefined;
          entry.kept = false;
          entry.renders.clear();
          entry.bytes = 0;
          entry.failure = isSpillTooLargeError(error) ? error : undefined;
          entry.expiresAt = entry.failure === undefined ? 0 : expiryOf(entry.request, startedAt);
        }
        throw error;
      },
    );
    return promise;
  }
}

/**
 * Whether rows already shown stay after a fetch of them failed with `error`: yes, unless the failure says the rows
 * may not or cannot be shown (signed out, too large to spill now, a request the service refuses as written).
 */
export function keepsRowsAfter(error: unknown): boolean {
  // Stopped for its cost (over its cap, or the automatic budget), a refresh is held, not failed: said as such.
  if (isBudgetHeldError(error) || isOverCapError(error)) return false;
  return !isNotSignedInError(error) && !isSpillTooLargeError(error) && !isInvalidArgumentError(error);
}
