import { type SettingsBag, type SettingsResult, type SettingsStep, viewOf } from "./settings-bag";

/**
 * Writes to the document's settings that merge into what the document holds instead of replacing it.
 *
 * Office saves a session's whole in-memory copy of the settings, read when the workbook was opened, so a plain
 * `set` + `saveAsync` puts back every value a co-author changed since. Here each write is a step (a function of the
 * current values): it is applied at once, so this runtime reads its own writes, then queued; the queue reads the
 * document's settings again (`refreshAsync`), applies every step not yet saved to them, in order, and saves.
 *
 * What can still be lost: the merge is not atomic. A co-author's save that lands between our refresh and our save is
 * overwritten by ours; Office's settings API has no lock or compare-and-swap (`saveAsync`'s `overwriteIfStale` is
 * deprecated: "no effect on most platforms", errors when false on the web). A step is applied to the document's
 * values exactly once: one that a save carried is not applied again after the next refresh, and one written while a
 * save is under way waits for the next (office.js serialises the settings when `saveAsync` is called, so that save
 * does not carry it).
 */
export class MergedSettingsWriter {
  readonly #bag: SettingsBag;
  /** Applied here but not yet saved to the document, in order. */
  #unsaved: SettingsStep[] = [];
  /** Callers waiting for the next save. */
  #waiting: { resolve(): void; reject(error: Error): void }[] = [];
  #flushing: Promise<void> | undefined;

  constructor(bag: SettingsBag) {
    this.#bag = bag;
  }

  /**
   * Applies `step` now and saves it into the document, merged. Resolves when a save that holds it succeeded;
   * rejects with the save's error (the step stays queued and goes with the next write's save).
   */
  write(step: SettingsStep): Promise<void> {
    step(viewOf(this.#bag)); // a step that throws is refused before anything is queued
    if (typeof this.#bag.saveAsync !== "function") return Promise.resolve(); // memory only
    this.#unsaved.push(step);
    const done = new Promise<void>((resolve, reject) => this.#waiting.push({ resolve, reject }));
    this.#schedule();
    return done;
  }

  /** Resolves once nothing is being saved (tests, a pane closing). */
  async idle(): Promise<void> {
    while (this.#flushing) await this.#flushing;
  }

  #schedule(): void {
    this.#flushing ??= this.#flush().finally(() => {
      this.#flushing = undefined;
      if (this.#waiting.length > 0) this.#schedule();
    });
  }

  async #flush(): Promise<void> {
    const refreshed = await call(this.#bag, "refreshAsync");
    // Everything written up to now: steps that came while refreshing were applied to values the refresh replaced.
    const batch = this.#unsaved.slice();
    const waiting = this.#waiting.splice(0);
    if (refreshed.ok) {
      const view = viewOf(this.#bag);
      for (const step of batch) step(view);
    }
    const saved = await call(this.#bag, "saveAsync");
    if (saved.ok) {
      // Steps written while saving were applied after the save took its copy: they stay for the next one.
      this.#unsaved = this.#unsaved.slice(batch.length);
      for (const w of waiting) w.resolve();
    } else {
      const error = new Error(saved.message);
      for (const w of waiting) w.reject(error);
    }
  }
}

/** Calls an Office-style async method; a missing method counts as a failure that changes nothing. */
function call(bag: SettingsBag, method: "refreshAsync" | "saveAsync"): Promise<{ ok: boolean; message: string }> {
  const fn = bag[method];
  if (typeof fn !== "function") return Promise.resolve({ ok: false, message: `no ${method}` });
  return new Promise((resolve) => {
    try {
      fn.call(bag, (result: SettingsResult) => {
        const failed = !!result?.error || result?.status === "failed";
        resolve({ ok: !failed, message: result?.error?.message ?? `${method} failed` });
      });
    } catch (error) {
      resolve({ ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  });
}

// Symbol.for: one registry even if several bundles carry a copy of this module (pane, functions, commands).
const REGISTRY = Symbol.for("service-addin.merged-settings-writers");

/**
 * The one writer of a document's settings in this runtime: functions, pane and ribbon share its queue, so one
 * writer's refresh never drops another's step that is applied but not yet saved.
 */
export function settingsWriter(bag: SettingsBag): MergedSettingsWriter {
  const scope = globalThis as { [REGISTRY]?: WeakMap<object, MergedSettingsWriter> };
  const writers = (scope[REGISTRY] ??= new WeakMap());
  const target = bag.current?.() ?? bag;
  let writer = writers.get(target);
  if (!writer) {
    writer = new MergedSettingsWriter(target);
    writers.set(target, writer);
  }
  return writer;
}

/** Applies `step` and saves it into the document's settings, merged with what the document holds now. */
export function writeSettings(bag: SettingsBag, step: SettingsStep): Promise<void> {
  return settingsWriter(bag).write(step);
}
