/**
 * Per-user storage for the session: `OfficeRuntime.storage` when the runtime has it, else
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

/**
 * Resolves once Office.js has initialised (`Office.onReady`), at once outside Office (jest, Node scripts). Office's
 * documentation says no Office API can be used before the library is ready, and `Office.context` (the partition key
 * among it) may not be filled in until then: reading it earlier made users on the web look signed out, their key
 * being kept under the partition's prefix. A failing `onReady` counts as ready: storage is read anyway.
 */
export function officeReady(): Promise<void> {
  const office = (globalThis as { Office?: { onReady?: () => Promise<unknown> } }).Office;
  if (typeof office?.onReady !== "function") return Promise.resolve();
  try {
    return Promise.resolve(office.onReady()).then(
      () => undefined,
      () => undefined,
    );
  } catch {
    return Promise.resolve();
  }
}

/** One named item in the chosen storage, under the partition prefix when there is one. */
export interface StoredItem {
  get(): Promise<string | undefined>;
  set(value: string): Promise<void>;
  remove(): Promise<void>;
}

/**
 * An item in the given storage, or, without `env`, in the storage found on globalThis once Office is ready
 * (`officeReady`): the session is created when the first cell or the pane needs it, which can be before Office has
 * initialised, so the environment is looked up at the first read or write, not at creation.
 */
export function storedItem(name: string, env?: StorageEnvironment): StoredItem {
  let resolved: Promise<{ backend: AsyncStringStorage; key: string }> | undefined;
  const open = (given: StorageEnvironment) => ({
    backend: given.officeRuntimeStorage ?? (given.localStorage ? fromLocalStorage(given.localStorage) : inMemory()),
    key: given.partitionKey ? `${given.partitionKey}::${name}` : name,
  });
  const item = (): Promise<{ backend: AsyncStringStorage; key: string }> =>
    (resolved ??= env ? Promise.resolve(open(env)) : officeReady().then(() => open(detectStorageEnvironment())));
  return {
    get: async () => {
      const { backend, key } = await item();
      return (await backend.getItem(key)) ?? undefined;
    },
    set: async (value) => {
      const { backend, key } = await item();
      await backend.setItem(key, value);
    },
    remove: async () => {
      const { backend, key } = await item();
      await backend.removeItem(key);
    },
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
