import { BINDINGS_SETTING, listBindings, saveBinding, type SettingsLike, type TableBinding } from "../excel";
import {
  QUERY_RUNS_SETTING,
  readRefreshTimes,
  REFRESH_TIMES_SETTING,
  runExpiresAt,
  type QueryRun,
  type RefreshTimes,
} from "../functions";
import { addinSettings, type WorkbookFile } from "../xlsx";

/**
 * The add-in's manifest id, as its web-extension part names it (`<we:reference id>`): the part whose property bag
 * holds the document settings a refresh reads and writes. A test holds it to manifest.xml.
 */
export const ADDIN_MANIFEST_ID = "9e067eea-3880-4a32-a0df-136e5e31f28e";

function isRun(value: unknown): value is QueryRun {
  const run = value as Partial<QueryRun> | null;
  return !!run && typeof run.executionId === "string" && typeof run.finishedAt === "number";
}

/**
 * The add-in's document settings in the file, read as the add-in reads them (the same setting names and parsers),
 * and the settings a refresh changes, merged as the add-in merges them: remembered runs whose results expired are
 * dropped on write, entries a newer version wrote are kept, bindings are rewritten whole with the key redacted.
 */
export class AddinDocument {
  readonly part?: string;
  readonly unreadable: string[];
  readonly #values: Map<string, unknown>;
  readonly #changed = new Set<string>();

  constructor(book: WorkbookFile) {
    const settings = addinSettings(book, ADDIN_MANIFEST_ID);
    this.part = settings?.part;
    this.unreadable = settings?.unreadable ?? [];
    this.#values = new Map(settings?.values ?? []);
  }

  /** The settings as Office's `Settings` object offers them (for the add-in's own binding functions). */
  #settings(): SettingsLike {
    return {
      get: (name) => this.#values.get(name) ?? null,
      set: (name, value) => {
        this.#values.set(name, JSON.parse(JSON.stringify(value)));
        this.#changed.add(name);
      },
      remove: (name) => {
        this.#values.delete(name);
        this.#changed.add(name);
      },
      saveAsync: (callback) => callback({ status: "succeeded" }),
    };
  }

  bindings(): TableBinding[] {
    return listBindings(this.#settings());
  }

  /**
   * Records refreshed bindings (their address, `refreshedAt`, and the run they now show) through the add-in's own
   * `saveBinding` (secrets redacted, expired bindings dropped), keeping the bindings in the order they were.
   */
  async saveBindings(bindings: readonly TableBinding[], now: number, secrets: readonly string[]): Promise<void> {
    if (bindings.length === 0) return;
    const order = this.bindings().map((b) => b.tableName.toLowerCase());
    for (const binding of bindings) await saveBinding(this.#settings(), binding, { now, secrets });
    const saved = this.#values.get(BINDINGS_SETTING) as { bindings?: TableBinding[] } | undefined;
    const place = (b: TableBinding) => order.indexOf(b.tableName.toLowerCase());
    saved?.bindings?.sort((a, b) => place(a) - place(b));
  }

  #runs(): Record<string, unknown> {
    const stored = this.#values.get(QUERY_RUNS_SETTING);
    return stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  }

  run(key: string): QueryRun | undefined {
    const run = this.#runs()[key];
    return isRun(run) ? run : undefined;
  }

  /** Remembers new runs, so SERVICE.QUERY cells with these inputs show them in Excel without running anything. */
  recordRuns(runs: ReadonlyMap<string, QueryRun>, now: number): void {
    if (runs.size === 0) return;
    const kept = Object.entries(this.#runs()).filter(([, stored]) => !isRun(stored) || runExpiresAt(stored) > now);
    this.#settings().set(QUERY_RUNS_SETTING, { ...Object.fromEntries(kept), ...Object.fromEntries(runs) });
  }

  refreshTimes(): RefreshTimes {
    return readRefreshTimes(this.#values.get(REFRESH_TIMES_SETTING));
  }

  setRefreshTimes(times: RefreshTimes): void {
    this.#settings().set(REFRESH_TIMES_SETTING, times);
  }

  /** The settings this refresh changed, as the JSON text Office stores (null: removed). */
  changes(): Map<string, string | null> {
    const out = new Map<string, string | null>();
    for (const name of this.#changed) {
      const value = this.#values.get(name);
      out.set(name, value === undefined ? null : JSON.stringify(value));
    }
    return out;
  }
}

export { BINDINGS_SETTING, QUERY_RUNS_SETTING };
