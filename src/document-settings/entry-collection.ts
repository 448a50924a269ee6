import type { SettingsStep, SettingsView } from "./settings-bag";

/**
 * Many records of one kind (a table's source, a remembered run) kept as one small setting each, plus an index
 * setting that lists their ids (Office's settings cannot list their names). Each entry is self-contained: a write
 * that is lost, or a value that is damaged, costs that entry, not the others. An older layout that kept every record
 * in one setting is read as long as it is there, and moved out into entries by the next write.
 */
export interface EntryCollection<T> {
  /** The setting that lists the entries' ids. */
  index: string;
  /** The setting holding one entry. */
  entry(id: string): string;
  /** A stored value as this version reads it; undefined for one it cannot read (left as it is). */
  parse(value: unknown): T | undefined;
  /** The older layout: one setting holding every record, and how to list them as [id, value]. */
  legacy?: { name: string; entries(value: unknown): [string, unknown][] };
}

type Reader = Pick<SettingsView, "get">;

function indexIds(settings: Reader, collection: EntryCollection<unknown>): string[] {
  const stored = settings.get(collection.index);
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string") : [];
}

function legacyEntries(settings: Reader, collection: EntryCollection<unknown>): [string, unknown][] {
  if (!collection.legacy) return [];
  const stored = settings.get(collection.legacy.name);
  return stored === null || stored === undefined ? [] : collection.legacy.entries(stored);
}

/** One entry by id: its own setting, else the older layout's record. */
export function readEntry<T>(settings: Reader, collection: EntryCollection<T>, id: string): T | undefined {
  const own = collection.parse(settings.get(collection.entry(id)));
  if (own !== undefined) return own;
  const old = legacyEntries(settings, collection).find(([oldId]) => oldId === id);
  return old ? collection.parse(old[1]) : undefined;
}

/** Every entry this version can read, in the index's order, then any only the older layout has. */
export function listEntries<T>(settings: Reader, collection: EntryCollection<T>): [string, T][] {
  const ids = indexIds(settings, collection);
  for (const [id] of legacyEntries(settings, collection)) if (!ids.includes(id)) ids.push(id);
  return ids.flatMap((id) => {
    const value = readEntry(settings, collection, id);
    return value === undefined ? [] : [[id, value] as [string, T]];
  });
}

/** Moves the older layout's records into entries (an entry already there wins) and removes the old setting. */
function migrate(settings: SettingsView, collection: EntryCollection<unknown>): void {
  const legacy = collection.legacy;
  if (!legacy || settings.get(legacy.name) === null || settings.get(legacy.name) === undefined) return;
  const old = legacyEntries(settings, collection);
  const ids = indexIds(settings, collection);
  for (const [id, value] of old) {
    const name = collection.entry(id);
    if (settings.get(name) === null || settings.get(name) === undefined) settings.set(name, value);
    if (!ids.includes(id)) ids.push(id);
  }
  settings.set(collection.index, ids);
  settings.remove(legacy.name);
}

/** Writes one entry (and lists it in the index). */
export function putEntry<T>(collection: EntryCollection<T>, id: string, value: T): SettingsStep {
  return (settings) => {
    migrate(settings, collection);
    settings.set(collection.entry(id), value);
    const ids = indexIds(settings, collection);
    if (!ids.includes(id)) settings.set(collection.index, [...ids, id]);
  };
}

/** Removes one entry (and its id from the index). */
export function removeEntry<T>(collection: EntryCollection<T>, id: string): SettingsStep {
  return (settings) => {
    migrate(settings, collection);
    settings.remove(collection.entry(id));
    const ids = indexIds(settings, collection);
    if (ids.includes(id))
      settings.set(
        collection.index,
        ids.filter((x) => x !== id),
      );
  };
}

/**
 * Removes the entries `drop` names, judged on what the settings hold when the step is applied. Ids listed with no
 * entry left are dropped from the index; entries this version cannot read are kept (a newer version wrote them).
 */
export function pruneEntries<T>(collection: EntryCollection<T>, drop: (id: string, value: T) => boolean): SettingsStep {
  return (settings) => {
    migrate(settings, collection);
    const ids = indexIds(settings, collection);
    const kept = ids.filter((id) => {
      const stored = settings.get(collection.entry(id));
      if (stored === null || stored === undefined) return false;
      const value = collection.parse(stored);
      if (value === undefined || !drop(id, value)) return true;
      settings.remove(collection.entry(id));
      return false;
    });
    if (kept.length !== ids.length) {
      if (kept.length === 0) settings.remove(collection.index);
      else settings.set(collection.index, kept);
    }
  };
}

/** Several steps as one write, applied in order. */
export function steps(...list: SettingsStep[]): SettingsStep {
  return (settings) => {
    for (const step of list) step(settings);
  };
}
