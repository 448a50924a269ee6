/**
 * The workbook's document settings as Office.js has them (`Office.context.document.settings`), or anything of that
 * shape (the playground's emulation, tests' fakes). Office keeps one in-memory copy per session, read from the file
 * when it was opened: `saveAsync` writes that whole copy into the document ("persist all of that user's settings",
 * Office.Settings.refreshAsync's reference), and `refreshAsync` reads the document's again. Methods other than get
 * and set may be missing in fakes; a bag without `saveAsync` lives in memory only.
 */
export interface SettingsResult {
  status?: unknown;
  error?: { message: string } | null;
}

export interface SettingsBag {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  remove?(name: string): void;
  saveAsync?(callback: (result: SettingsResult) => void): void;
  refreshAsync?(callback: (result: SettingsResult) => void): void;
  /**
   * For a stand-in that looks the real bag up at each call (the pane's, since the playground swaps its emulation in):
   * the bag it stands for now, so every writer of one document shares one queue.
   */
  current?(): SettingsBag;
}

/** What a write step may do: read and change entries of the bag it is applied to. */
export interface SettingsView {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  remove(name: string): void;
}

/** One change to the settings, written as a function of what they hold when it is applied. */
export type SettingsStep = (settings: SettingsView) => void;

export function viewOf(bag: SettingsBag): SettingsView {
  return {
    get: (name) => bag.get(name),
    set: (name, value) => bag.set(name, value),
    // Office's get answers null for a name it does not have: a bag without remove stores that.
    remove: (name) => (bag.remove ? bag.remove(name) : bag.set(name, null)),
  };
}

/** Settings in memory only (no document): Node, tests, a runtime with no Office. */
export function memorySettings(): SettingsBag {
  const values = new Map<string, unknown>();
  return {
    get: (name) => (values.has(name) ? structuredClone(values.get(name)) : null),
    set: (name, value) => void values.set(name, structuredClone(value)),
    remove: (name) => void values.delete(name),
  };
}
