import { type SettingsLike, type TableBinding, listBindings, saveBinding } from "../excel";
import {
  type QueryRun,
  type RefreshTimes,
  readRefreshTimes,
  recordRefreshTimes,
  recordRuns,
  rememberedRun,
} from "../service-cells";
import { ADDIN_MANIFEST_ID, type SettingsStep, writeSettings } from "../document-settings";
import { addinSettings, type WorkbookFile } from "../xlsx";

/**
 * The add-in's document settings in the file, read and written through the add-in's own code: the same collections
 * (table bindings, remembered runs, refresh times: one setting per record plus an index, the older single-setting
 * layouts read and moved out by the first write), the same steps (`saveBinding` with the key redacted and expired
 * bindings dropped, expired runs dropped), applied by the same merged writer to a bag that holds the file's values.
 */
export class AddinDocument {
  readonly part?: string;
  readonly unreadable: string[];
  readonly #values: Map<string, unknown>;
  /** Each setting's JSON text as the file had it, to tell what a write changed. */
  readonly #stored: Map<string, string>;
  readonly #bag: SettingsLike;

  constructor(book: WorkbookFile) {
    const settings = addinSettings(book, ADDIN_MANIFEST_ID);
    this.part = settings?.part;
    this.unreadable = settings?.unreadable ?? [];
    this.#values = new Map(settings?.values ?? []);
    this.#stored = new Map([...this.#values].map(([name, value]) => [name, JSON.stringify(value)]));
    this.#bag = {
      get: (name) => structuredClone(this.#values.get(name) ?? null),
      set: (name, value) => void this.#values.set(name, structuredClone(value)),
      remove: (name) => void this.#values.delete(name),
      // The file is the document: what is applied here is what gets written.
      saveAsync: (callback) => callback({ status: "succeeded" }),
    };
  }

  /** The settings as Office's `Settings` object offers them (for the add-in's own functions). */
  get settings(): SettingsLike {
    return this.#bag;
  }

  bindings(): TableBinding[] {
    return listBindings(this.#bag);
  }

  /** Records refreshed bindings (their address, `refreshedAt`, and the run they now show), in place in the index. */
  async saveBindings(bindings: readonly TableBinding[], now: number, secrets: readonly string[]): Promise<void> {
    for (const binding of bindings) await saveBinding(this.#bag, binding, { now, secrets });
  }

  run(key: string): QueryRun | undefined {
    return rememberedRun(this.#bag, key);
  }

  /** Remembers new runs, so SERVICE.QUERY cells with these inputs show them in Excel without running anything. */
  async recordRuns(runs: ReadonlyMap<string, QueryRun>, now: number): Promise<void> {
    if (runs.size > 0) await this.write(recordRuns(runs, now));
  }

  refreshTimes(): RefreshTimes {
    return readRefreshTimes(this.#bag);
  }

  async recordRefreshTimes(
    updates: RefreshTimes,
    live: { requests: ReadonlySet<string>; queries: ReadonlySet<string> },
  ): Promise<void> {
    await this.write(recordRefreshTimes(updates, live));
  }

  /** Applies a settings step as the add-in writes one (merged into what the document holds). */
  write(step: SettingsStep): Promise<void> {
    return writeSettings(this.#bag, step);
  }

  /** The settings this refresh changed, as the JSON text Office stores (null: removed). */
  changes(): Map<string, string | null> {
    const out = new Map<string, string | null>();
    const names = new Set([...this.#stored.keys(), ...this.#values.keys()]);
    for (const name of names) {
      const value = this.#values.has(name) ? JSON.stringify(this.#values.get(name)) : null;
      if (value !== (this.#stored.get(name) ?? null)) out.set(name, value);
    }
    return out;
  }
}
