import {
  API_KEY_ITEM,
  type AsyncStringStorage,
  createKeyStore,
  setSharedSession,
  sharedSession,
  sharedSessionReady,
  storedItem,
} from "../../src/session";

/**
 * On the web, Office keeps the key under `Office.context.partitionKey`, and `Office.context` is filled in only once
 * Office.js has initialised. A fake Office whose `onReady` resolves later, with the partition key appearing then:
 * a session made before that (the first cell or the pane can make it) must still find the stored key.
 */
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

/** Office before initialisation: no context yet; `becomeReady` fills it in and resolves every `onReady`. */
function lateOffice(partitionKey: string | undefined) {
  let ready!: () => void;
  const readyPromise = new Promise<void>((resolve) => (ready = resolve));
  const office: { context?: { partitionKey?: string }; onReady(): Promise<{ host: string }> } = {
    onReady: () => readyPromise.then(() => ({ host: "Excel" })),
  };
  return {
    office,
    becomeReady() {
      office.context = { partitionKey };
      ready();
    },
  };
}

const scope = globalThis as Record<string, unknown>;
const storage = new MapStorage();

beforeEach(() => {
  storage.items.clear();
  scope.OfficeRuntime = { storage };
  setSharedSession(undefined);
});

afterEach(() => {
  delete scope.Office;
  delete scope.OfficeRuntime;
  setSharedSession(undefined);
});

/** Lets every promise that can settle now settle. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

test("a session made before Office is ready reads the key under the partition once it is", async () => {
  storage.items.set(`tenant-web::${API_KEY_ITEM}`, "sk-stored-key-0001");
  const fake = lateOffice("tenant-web");
  scope.Office = fake.office;

  const session = sharedSession(); // made before Office is ready, as a cell or the pane may do
  const loaded = sharedSessionReady();
  let done = false;
  void loaded.then(() => (done = true));
  await settle();
  expect(done).toBe(false); // waits for Office rather than reading storage without the partition key

  fake.becomeReady();
  await loaded;
  expect(session.signedIn).toBe(true);
});

test("signing in before Office is ready stores the key under the partition it will be read from", async () => {
  const fake = lateOffice("tenant-web");
  scope.Office = fake.office;
  const store = createKeyStore();
  const stored = store.set("sk-new-key-0002");
  fake.becomeReady();
  await stored;
  expect([...storage.items.keys()]).toEqual([`tenant-web::${API_KEY_ITEM}`]);
  await expect(store.get()).resolves.toBe("sk-new-key-0002");
});

test("where Office defines no partition (Windows), the plain item is used once ready", async () => {
  storage.items.set(API_KEY_ITEM, "sk-windows-key-3");
  const fake = lateOffice(undefined);
  scope.Office = fake.office;
  const session = sharedSession();
  const loaded = sharedSessionReady();
  fake.becomeReady();
  await loaded;
  expect(session.signedIn).toBe(true);
});

test("the pane's per-user items (History) wait for Office too", async () => {
  storage.items.set("tenant-web::service-addin.history", "[]");
  const fake = lateOffice("tenant-web");
  scope.Office = fake.office;
  const history = storedItem("service-addin.history");
  const read = history.get();
  fake.becomeReady();
  await expect(read).resolves.toBe("[]");
});

test("an onReady that rejects does not block sign-in: storage is read anyway", async () => {
  storage.items.set(API_KEY_ITEM, "sk-key-after-failure");
  scope.Office = { onReady: () => Promise.reject(new Error("no host")) };
  const session = sharedSession();
  await sharedSessionReady();
  expect(session.signedIn).toBe(true);
});
