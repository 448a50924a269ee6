import { type StorageEnvironment, storedItem } from "./user-storage";

/** Where the API key lives between sessions. Per user, never in the workbook. */
export interface KeyStore {
  get(): Promise<string | undefined>;
  set(key: string): Promise<void>;
  clear(): Promise<void>;
}

/** The storage item name; the partition key (when defined) is put in front of it. */
export const API_KEY_ITEM = "service-addin.api-key";

/**
 * OfficeRuntime.storage when present, else localStorage (else memory); prefixed with `Office.context.partitionKey`
 * when defined. Without `env`, everything is looked up on globalThis at the first read or write, once Office is
 * ready.
 */
export function createKeyStore(env?: StorageEnvironment): KeyStore {
  const item = storedItem(API_KEY_ITEM, env);
  return {
    get: async () => {
      const value = (await item.get())?.trim();
      return value ? value : undefined;
    },
    set: (key) => item.set(key.trim()),
    clear: () => item.remove(),
  };
}
