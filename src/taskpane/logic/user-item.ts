import { type StorageEnvironment, storedItem } from "../../session";
import type { UserItem } from "./deps";

/** The per-user item holding recent executions (never the key: that is the session's own item). */
export const HISTORY_ITEM = "service-addin.history";

/**
 * One stored string in the session's per-user storage, with the session's conventions: OfficeRuntime.storage, else
 * localStorage, else memory; prefixed with the partition key when there is one; looked up once Office is ready.
 */
export function userItem(name: string, env?: StorageEnvironment): UserItem {
  return storedItem(name, env);
}
