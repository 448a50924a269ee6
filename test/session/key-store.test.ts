import {
  API_KEY_ITEM,
  type AsyncStringStorage,
  SETTINGS_ITEM,
  createKeyStore,
  detectStorageEnvironment,
} from "../../src/session";
import { createSettingsStore } from "../../src/session/settings-store";

class MapStorage implements AsyncStringStorage {
  readonly items = new Map<string, string>();
  async getItem(key: string): Promise<string | null> {
    return this.items.get(key) ?? null;
  }
  async setItem(key: string, value: string): Promise<void> {
    this.items.set(key, value);
  }
  async removeItem(key: string): Promise<void> {
    this.items.delete(key);
  }
}

class FakeLocalStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

describe("createKeyStore", () => {
  const cases: [string, boolean, boolean, string | undefined, "runtime" | "local", string][] = [
    ["OfficeRuntime.storage preferred over localStorage", true, true, undefined, "runtime", API_KEY_ITEM],
    ["localStorage when the runtime has no storage", false, true, undefined, "local", API_KEY_ITEM],
    ["partition key prefixes the item (runtime)", true, false, "tenant-1", "runtime", `tenant-1::${API_KEY_ITEM}`],
    ["partition key prefixes the item (local)", false, true, "tenant-2", "local", `tenant-2::${API_KEY_ITEM}`],
  ];

  it.each(cases)("%s", async (_name, withRuntime, withLocal, partitionKey, expected, storageKey) => {
    const runtime = new MapStorage();
    const local = new FakeLocalStorage();
    const store = createKeyStore({
      officeRuntimeStorage: withRuntime ? runtime : undefined,
      localStorage: withLocal ? local : undefined,
      partitionKey,
    });
    await store.set("  secret-key  ");
    const used = expected === "runtime" ? runtime.items : local.items;
    const other = expected === "runtime" ? local.items : runtime.items;
    expect([...used.entries()]).toEqual([[storageKey, "secret-key"]]);
    expect(other.size).toBe(0);
    await expect(store.get()).resolves.toBe("secret-key");
    await store.clear();
    await expect(store.get()).resolves.toBeUndefined();
    expect(used.size).toBe(0);
  });

  it("falls back to memory when there is no storage at all", async () => {
    const store = createKeyStore({});
    await expect(store.get()).resolves.toBeUndefined();
    await store.set("k");
    await expect(store.get()).resolves.toBe("k");
  });

  it("an empty or blank stored key counts as no key", async () => {
    const runtime = new MapStorage();
    runtime.items.set(API_KEY_ITEM, "   ");
    await expect(createKeyStore({ officeRuntimeStorage: runtime }).get()).resolves.toBeUndefined();
  });

  it("key and settings are separate items: the key never appears in settings", async () => {
    const runtime = new MapStorage();
    await createKeyStore({ officeRuntimeStorage: runtime }).set("the-key-123");
    await createSettingsStore({ officeRuntimeStorage: runtime }).set({ baseUrl: "https://api.example" });
    expect(runtime.items.get(SETTINGS_ITEM)).toBe('{"baseUrl":"https://api.example"}');
    expect(runtime.items.get(SETTINGS_ITEM)).not.toContain("the-key-123");
  });

  it.each([
    ["not JSON", "{oops"],
    ["no baseUrl", '{"x":1}'],
    ["baseUrl not text", '{"baseUrl":3}'],
  ])("damaged settings (%s) read as none", async (_n, text) => {
    const runtime = new MapStorage();
    runtime.items.set(SETTINGS_ITEM, text);
    await expect(createSettingsStore({ officeRuntimeStorage: runtime }).get()).resolves.toBeUndefined();
  });
});

describe("detectStorageEnvironment", () => {
  const scope = globalThis as Record<string, unknown>;
  afterEach(() => {
    delete scope.OfficeRuntime;
    delete scope.Office;
    delete scope.localStorage;
  });

  it("finds OfficeRuntime.storage, localStorage and the partition key on globalThis", () => {
    const runtime = new MapStorage();
    const local = new FakeLocalStorage();
    scope.OfficeRuntime = { storage: runtime };
    scope.localStorage = local;
    scope.Office = { context: { partitionKey: "p" } };
    expect(detectStorageEnvironment()).toEqual({
      officeRuntimeStorage: runtime,
      localStorage: local,
      partitionKey: "p",
    });
  });

  it("an undefined partition key (Windows) or a throwing localStorage count as absent", () => {
    Object.defineProperty(scope, "localStorage", {
      configurable: true,
      get() {
        throw new Error("SecurityError");
      },
    });
    scope.Office = { context: {} };
    expect(detectStorageEnvironment()).toEqual({});
  });

  it("a key store created without env uses the globals", async () => {
    const runtime = new MapStorage();
    scope.OfficeRuntime = { storage: runtime };
    scope.Office = { context: { partitionKey: "web" } };
    await createKeyStore().set("k1");
    expect(runtime.items.get(`web::${API_KEY_ITEM}`)).toBe("k1");
  });
});
