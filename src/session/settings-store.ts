import { type StorageEnvironment, storedItem } from "./user-storage";

/** What the session persists besides the key. The key itself is never part of it. */
export interface SessionSettings {
  baseUrl: string;
}

export interface SettingsStore {
  get(): Promise<Partial<SessionSettings> | undefined>;
  set(settings: SessionSettings): Promise<void>;
}

export const SETTINGS_ITEM = "service-addin.settings";

/** Per-user settings next to the key (same storage, same partition prefix), as JSON. */
export function createSettingsStore(env?: StorageEnvironment): SettingsStore {
  const item = storedItem(SETTINGS_ITEM, env);
  return {
    get: async () => {
      const text = await item.get();
      if (text === undefined) return undefined;
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === "object" && typeof (parsed as { baseUrl?: unknown }).baseUrl === "string") {
          return { baseUrl: (parsed as { baseUrl: string }).baseUrl };
        }
      } catch {
        // Damaged or foreign item: behave as if nothing was stored.
      }
      return undefined;
    },
    // Only the known fields are written, so nothing else (a key, say) can slip into settings.
    set: (settings) => item.set(JSON.stringify({ baseUrl: settings.baseUrl })),
  };
}

/** In-memory settings for tests and the playground. */
export function memorySettingsStore(initial?: SessionSettings): SettingsStore {
  let current = initial;
  return {
    get: async () => (current ? { ...current } : undefined),
    set: async (settings) => {
      current = { baseUrl: settings.baseUrl };
    },
  };
}
