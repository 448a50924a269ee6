import { writeSettings } from "../document-settings";
import { type DocumentSettings, DocumentSettingsSource } from "./document-value";
import type { CanonicalRequest } from "./request";

/**
 * The document setting recording when each SERVICE result in the workbook was last fetched, by whoever fetched it
 * (this add-in, a co-author's, a tool refreshing the file outside Excel). A result kept in someone's own cache that is older than
 * this is not shown: the file (or another copy of it) has newer data.
 *
 * Shape (README, "The persistent result cache"):
 * `{"version": 1, "requests": {<request key>: {"refreshedAt": ISO 8601, "rows"?, "bytes"?}}, "queries": {…}}`.
 * Read also: a plain `{<request key>: epoch ms or ISO text}`. Fields and entries this version does not know are kept.
 */
export const REFRESH_TIMES_SETTING = "service.refreshedAt";

/** Entries not refreshed for this long, and shown by no cell now, are dropped when the setting is written. */
const FORGET_AFTER_MS = 90 * 24 * 60 * 60 * 1000;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return !!value && typeof value === "object" && !Array.isArray(value);
}

function timeOf(value: unknown): number | undefined {
  const raw = isObject(value) ? value.refreshedAt : value;
  const ms = typeof raw === "number" ? raw : typeof raw === "string" ? Date.parse(raw) : NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/** The request entries of a stored value in either shape. */
function requestsOf(stored: unknown): Json {
  if (!isObject(stored)) return {};
  if (isObject(stored.requests) || stored.version !== undefined)
    return isObject(stored.requests) ? stored.requests : {};
  return stored;
}

export class RefreshTimes {
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
    const stored = timeOf(requestsOf(this.#read())[key]);
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
    const stored = this.#read();
    const queries = isObject(stored) && isObject(stored.queries) ? stored.queries : {};
    const id = request.source.executionId;
    return Object.values(queries).some((entry) => isObject(entry) && entry.executionId === id);
  }

  /** The response size a refresh outside Excel measured for `key` (what an estimate of its next read starts from). */
  bytesOf(key: string): number | undefined {
    const entry = requestsOf(this.#read())[key];
    const bytes = isObject(entry) ? entry.bytes : undefined;
    return typeof bytes === "number" && Number.isFinite(bytes) && bytes >= 0 ? bytes : undefined;
  }

  /** Records a fetch; the writes of one turn go to the document together, in one save. */
  record(key: string, at: number, rows: number): void {
    const first = this.#pending.size === 0;
    this.#pending.set(key, { at, rows });
    if (first) queueMicrotask(() => this.#flush());
  }

  /**
   * The setting with this turn's fetches applied to `stored` (what the document holds now): only their entries
   * change, and entries of the other shape are moved into this one.
   */
  applyTo(stored: unknown, pending: ReadonlyMap<string, { at: number; rows: number }> = this.#pending): Json {
    const base = isObject(stored) && (isObject(stored.requests) || stored.version !== undefined) ? stored : {};
    const requests: Json = { ...requestsOf(stored) };
    const now = this.#now();
    for (const [key, value] of Object.entries(requests)) {
      const at = timeOf(value);
      if (at !== undefined && now - at > FORGET_AFTER_MS && !this.#isLive(key)) delete requests[key];
      // An entry of the plain shape becomes one of this shape.
      else if (at !== undefined && !isObject(value)) requests[key] = { refreshedAt: new Date(at).toISOString() };
    }
    for (const [key, { at, rows }] of pending) {
      // Other fields stay: a `bytes` written outside Excel still sizes this request for the next estimate.
      const old = isObject(requests[key]) ? (requests[key] as Json) : {};
      requests[key] = { ...old, refreshedAt: new Date(at).toISOString(), rows };
    }
    return { ...base, version: 1, requests, queries: isObject(base.queries) ? base.queries : {} };
  }

  #read(): unknown {
    return this.#settings.bag.get(REFRESH_TIMES_SETTING);
  }

  /**
   * One merged write for this turn's fetches: applied to what the document holds when it is saved (a co-author's
   * entries for other requests stay), never the whole setting as this session read it.
   */
  #flush(): void {
    if (this.#pending.size === 0) return;
    const batch = new Map(this.#pending);
    this.#pending.clear();
    const step = (settings: { get(name: string): unknown; set(name: string, value: unknown): void }): void =>
      settings.set(REFRESH_TIMES_SETTING, this.applyTo(settings.get(REFRESH_TIMES_SETTING), batch));
    // A failed save is retried with the next write (the step stays queued); the runtime reads its own write at once.
    void writeSettings(this.#settings.bag, step).catch(() => undefined);
  }
}
