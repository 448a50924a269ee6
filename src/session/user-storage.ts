/**
 * Per-user storage for the session (DESIGN §2): `OfficeRuntime.storage` when the runtime has it, else
 * `localStorage`, else memory (jest, Node scripts). Never the document: workbook settings travel with the file,
 * and a key in a shared workbook would be everyone's key.
 */

/** The subset of `OfficeRuntime.storage` we use; `localStorage` is adapted to it. */
export interface AsyncStringStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** Where the session keeps its items. Each field is looked up on globalThis when the whole object is omitted. */
export interface StorageEnvironment {
  officeRuntimeStorage?: AsyncStringStorage;
  localStorage?: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  /** `Office.context.partitionKey`: set on the web so add-ins of one origin in different tenants stay apart. */
  partitionKey?: string;
}

/** Reads the host's storage objects; anything missing or throwing on access counts as absent. */
export function detectStorageEnvironment(): StorageEnvironment {
  const scope = globalThis as {
    OfficeRuntime?: { storage?: AsyncStringStorage };
    localStorage?: Storage;
    Office?: { context?: { partitionKey?: string } };
  };
  const env: StorageEnvironment = {};
  const read = <T>(get: () => T): T | undefined => {
    try {
      return get();
    } catch {
      // localStorage throws a SecurityError when storage is disabled; Office.context before onReady may too.
      return undefined;
    }
  };
  const runtime = read(() => scope.OfficeRuntime?.storage);
  if (runtime) env.officeRuntimeStorage = runtime;
  const local = read(() => scope.localStorage);
  if (local) env.localStorage = local;
  const partitionKey = read(() => scope.Office?.context?.partitionKey);
  if (typeof partitionKey === "string" && partitionKey !== "") env.partitionKey = partitionKey;
  return env;
}

function fromLocalStorage(local: NonNullable<StorageEnvironment["localStorage"]>): AsyncStringStorage {
  return {
    getItem: async (key) => local.getItem(key),
    setItem: async (key, value) => local.setItem(key, value),
    removeItem: async (key) => local.removeItem(key),
  };
}

function inMemory(): AsyncStringStorage {
  const items = new Map<string, string>();
  return {
    getItem: async (key) => items.get(key) ?? null,
    setItem: async (key, value) => void items.set(key, value),
    removeItem: async (key) => void items.delete(key),
  };
}

/** One named item in the chosen storage, under the partition prefix when there is one. */
export interface StoredItem {
  readonly storageKey: string;
  get(): Promise<string | undefined>;
  set(value: string): Promise<void>;
  remove(): Promise<void>;
}

export function storedItem(name: string, env: StorageEnvironment = detectStorageEnvironment()): StoredItem {
  const backend = env.officeRuntimeStorage ?? (env.localStorage ? fromLocalStorage(env.localStorage) : inMemory());
  const storageKey = env.partitionKey ? `${env.partitionKey}::${name}` : name;
  return {
    storageKey,
    get: async () => (await backend.getItem(storageKey)) ?? undefined,
    set: (value) => backend.setItem(storageKey, value),
    remove: () => backend.removeItem(storageKey),
  };
}

/** One stored string as the session's stores use it (a StoredItem, or memory in tests). */
export interface StringItem {
  get(): Promise<string | undefined>;
  set(value: string): Promise<void>;
}

export function memoryStringItem(initial?: string): StringItem {
  let value = initial;
  return { get: async () => value, set: async (v) => void (value = v) };
}
