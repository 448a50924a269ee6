import { type AsyncStringStorage, type StorageEnvironment, detectStorageEnvironment } from "../../session";
import type { UserItem } from "./deps";

/** The per-user item holding recent executions (never the key: that is the session's own item). */
export const HISTORY_ITEM = "service-addin.history";

/**
 * One stored string in the session's per-user storage, with the session's conventions (DESIGN §2):
 * OfficeRuntime.storage, else localStorage, else memory; prefixed with the partition key when there is one.
 */
export function userItem(name: string, env: StorageEnvironment = detectStorageEnvironment()): UserItem {
  const local = env.localStorage;
  const memory = new Map<string, string>();
  const backend: AsyncStringStorage = env.officeRuntimeStorage ?? {
    getItem: async (k) => (local ? local.getItem(k) : (memory.get(k) ?? null)),
    setItem: async (k, v) => void (local ? local.setItem(k, v) : memory.set(k, v)),
    removeItem: async (k) => void (local ? local.removeItem(k) : memory.delete(k)),
  };
  const key = env.partitionKey ? `${env.partitionKey}::${name}` : name;
  return {
    get: async () => (await backend.getItem(key)) ?? undefined,
    set: (value) => backend.setItem(key, value),
  };
}
