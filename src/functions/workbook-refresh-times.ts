import { pruneEntries, readEntry, steps, writeSettings } from "../document-settings";
import {
  type CanonicalRequest,
  type DocumentSettings,
  DocumentSettingsSource,
  QUERY_TIMES,
  readRefreshTimes,
  recordRefreshTimes,
  REQUEST_TIMES,
} from "../service-cells";

/** Entries not refreshed for this long, and shown by no cell now, are dropped when the add-in records a refresh. */
const FORGET_AFTER_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * The workbook's refresh times (one document setting per result, the entries `npm run refresh` writes too) as the
 * runtime reads and records them: a result kept in someone's own cache that is older than its entry is not shown,
 * since the file (or another copy of it) has newer data.
 */
export class WorkbookRefreshTimes {
  readonly #settings: DocumentSettingsSource;
  readonly #now: () => number;
  readonly #isLive: (key: string) => boolean;
  readonly #pending = new Map<string, { at: number; rows: number }>();

  constructor(options: {
    settings: () => DocumentSettings | undefined;
    now: () => number;
    isLive: (key: string) => boolean;
  }) {
    this.#settings = new DocumentSettingsSource(options.settings);
    this.#now = options.now;
    this.#isLive = options.isLive;
  }

  /** When the workbook's result for `key` was last fetched (epoch ms), as far as the document says. */
  of(key: string): number | undefined {
    const pending = this.#pending.get(key)?.at;
    const entry = readEntry(this.#settings.bag, REQUEST_TIMES, key);
    const parsed = entry ? Date.parse(entry.refreshedAt) : NaN;
    const stored = Number.isFinite(parsed) ? parsed : undefined;
    if (pending === undefined) return stored;
    return stored === undefined ? pending : Math.max(pending, stored);
  }

  /**
   * Whether the workbook holds a result for `request`: an entry of its own, or, for an execution's rows, a
   * SERVICE.QUERY entry showing that run.
   */
  holds(request: CanonicalRequest): boolean {
    if (this.of(request.key) !== undefined) return true;
    if (request.source.kind !== "execution") return false;
    const id = request.source.executionId;
    return Object.values(readRefreshTimes(this.#settings.bag).queries).some((entry) => entry.executionId === id);
  }

  /**
   * When the rows the workbook holds for `request` were fetched (epoch ms): its own entry, or, for an execution's
   * rows, the SERVICE.QUERY entry showing that run; undefined when the document does not say.
   */
  savedAt(request: CanonicalRequest): number | undefined {
    const own = this.of(request.key);
    if (own !== undefined || request.source.kind !== "execution") return own;
    const id = request.source.executionId;
    const times = Object.values(readRefreshTimes(this.#settings.bag).queries)
      .filter((entry) => entry.executionId === id)
      .map((entry) => Date.parse(entry.refreshedAt))
      .filter(Number.isFinite);
    return times.length > 0 ? Math.max(...times) : undefined;
  }

  /** Whether the workbook records no refresh at all (saved by Excel without the add-in's settings, or never refreshed). */
  none(): boolean {
    if (this.#pending.size > 0) return false;
    const times = readRefreshTimes(this.#settings.bag);
    return Object.keys(times.requests).length === 0 && Object.keys(times.queries).length === 0;
  }

  /** The response size the last refresh measured for `key` (what an estimate of its next read starts from). */
  bytesOf(key: string): number | undefined {
    const bytes = readEntry(this.#settings.bag, REQUEST_TIMES, key)?.bytes;
    return typeof bytes === "number" && Number.isFinite(bytes) && bytes >= 0 ? bytes : undefined;
  }

  /** Records a fetch; the writes of one turn go to the document together, in one save. */
  record(key: string, at: number, rows: number): void {
    const first = this.#pending.size === 0;
    this.#pending.set(key, { at, rows });
    if (first) queueMicrotask(() => this.#flush());
  }

  /**
   * One merged write for this turn's fetches, entry by entry over what the document holds when it is saved (a
   * co-author's entries for other requests stay, and so do fields this fetch did not learn, such as `bytes`).
   */
  #flush(): void {
    if (this.#pending.size === 0) return;
    const requests = Object.fromEntries(
      [...this.#pending].map(([key, { at, rows }]) => [key, { refreshedAt: new Date(at).toISOString(), rows }]),
    );
    this.#pending.clear();
    const now = this.#now();
    const stale = (key: string, at: string): boolean => now - Date.parse(at) > FORGET_AFTER_MS && !this.#isLive(key);
    const step = steps(
      recordRefreshTimes({ requests }),
      pruneEntries(REQUEST_TIMES, (key, entry) => stale(key, entry.refreshedAt)),
      pruneEntries(QUERY_TIMES, (key, entry) => stale(key, entry.refreshedAt)),
    );
    // A failed save is retried with the next write (the step stays queued); the runtime reads its own write at once.
    void writeSettings(this.#settings.bag, step).catch(() => undefined);
  }
}
