import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import {
  MemoryResultStore,
  type ResultStore,
  type StoredResult,
  openResultStore,
} from "../../../src/functions/result-store";
import { ManualClock, flush } from "../../support/manual-clock";

/** A result of `rows` rows of one text column whose values take about `width` characters each. */
function result(rows: number, width = 100, kind: StoredResult["kind"] = "dataset"): StoredResult {
  return {
    kind,
    fetchedAt: 1000,
    freshUntil: 2000,
    columns: ["text", "n"],
    types: ["varchar", "bigint"],
    rows: Array.from({ length: rows }, (_, i) => [`${i}`.padEnd(width, "x"), i]),
    extra: { partial: false },
  };
}

type Backend = "indexeddb" | "memory";

async function open(backend: Backend, clock: ManualClock, factory: IDBFactory, maxBytes: number): Promise<ResultStore> {
  if (backend === "memory") return new MemoryResultStore({ reason: "test", now: () => clock.now(), maxBytes });
  const store = await openResultStore({ indexedDB: factory, now: () => clock.now(), timers: clock, maxBytes });
  expect(store.backend).toEqual({ kind: "indexeddb", name: "service-addin.results" });
  return store;
}

describe.each<Backend>(["indexeddb", "memory"])("the result store in %s", (backend) => {
  let clock: ManualClock;
  let factory: IDBFactory;
  beforeEach(() => {
    clock = new ManualClock();
    factory = new IDBFactory();
  });

  it("gives back what it keeps: columns, types, rows (nulls, arrays, wide text) and the extra fields", async () => {
    const store = await open(backend, clock, factory, 1_000_000);
    const kept: StoredResult = {
      ...result(0),
      columns: ["a", "b", "c"],
      types: ["varchar", "array(varchar)", "double"],
      rows: [
        ["0x00ff", ["x", "y"], 1.5],
        [null, [], null],
        ["=1+1", null, -0.25],
      ],
      extra: { totalRowCount: 3, origin: { kind: "query", queryId: 9000003 } },
    };
    expect(await store.put("p", "k", kept)).toBe(true);
    expect(await store.get("p", "k")).toEqual(kept);
  });

  it("is capped by bytes: whole entries go, least recently used first, and one larger than the cap is not kept", async () => {
    const store = await open(backend, clock, factory, 35_000);
    for (const key of ["a", "b", "c"]) {
      expect(await store.put("p", key, result(100))).toBe(true); // about 11 KB each
      clock.advance(1000);
    }
    await store.get("p", "a"); // used: "b" is now the least recently used
    clock.advance(1000);
    expect(await store.put("p", "d", result(100))).toBe(true);
    const keys = (await store.list()).map((e) => e.key).sort();
    expect(keys).toEqual(["a", "c", "d"]);
    const total = (await store.list()).reduce((n, e) => n + e.bytes, 0);
    expect(total).toBeLessThanOrEqual(35_000);
    expect(await store.get("p", "b")).toBeUndefined();
    expect((await store.get("p", "a"))?.rows).toHaveLength(100);

    expect(await store.put("p", "huge", result(1000))).toBe(false);
    expect(await store.get("p", "huge")).toBeUndefined();
    expect((await store.list()).map((e) => e.key).sort()).toEqual(["a", "c", "d"]);
  });

  it("replacing an entry does not count its old rows against the cap", async () => {
    const store = await open(backend, clock, factory, 25_000);
    await store.put("p", "a", result(100));
    await store.put("p", "b", result(100));
    expect(await store.put("p", "a", result(100))).toBe(true);
    expect((await store.list()).map((e) => e.key).sort()).toEqual(["a", "b"]);
  });

  it("keeps partitions apart and removes what a match picks (a user's partitions at every address)", async () => {
    const store = await open(backend, clock, factory, 1_000_000);
    await store.put("u1|http://a", "k", result(1));
    await store.put("u1|http://b", "k", result(1, 100, "query"));
    await store.put("u2|http://a", "k", result(2));
    expect((await store.get("u2|http://a", "k"))?.rows).toHaveLength(2);
    expect(await store.get("u3|http://a", "k")).toBeUndefined();
    expect(await store.remove((info) => info.partition.startsWith("u1|"))).toBe(2);
    expect(await store.get("u1|http://a", "k")).toBeUndefined();
    expect(await store.get("u1|http://b", "k")).toBeUndefined();
    expect((await store.get("u2|http://a", "k"))?.rows).toHaveLength(2);
  });

  it("records when each entry was fetched and until when it is fresh", async () => {
    const store = await open(backend, clock, factory, 1_000_000);
    await store.put("p", "k", { ...result(1), fetchedAt: 5, freshUntil: null, kind: "query" });
    expect(await store.list()).toEqual([
      expect.objectContaining({ partition: "p", key: "k", kind: "query", fetchedAt: 5, freshUntil: null }),
    ]);
  });
});

describe("the IndexedDB store", () => {
  let clock: ManualClock;
  let factory: IDBFactory;
  beforeEach(() => {
    clock = new ManualClock();
    factory = new IDBFactory();
  });

  it("outlives the runtime: a store opened again on the same database finds the entries, in the same LRU order", async () => {
    const first = await open("indexeddb", clock, factory, 35_000);
    await first.put("p", "a", result(100));
    clock.advance(1000);
    await first.put("p", "b", result(100));
    first.close();
    const second = await open("indexeddb", clock, factory, 35_000);
    clock.advance(1000);
    expect((await second.get("p", "a"))?.rows[99]?.[1]).toBe(99);
    clock.advance(1000);
    await second.put("p", "c", result(100));
    await second.put("p", "d", result(100));
    expect((await second.list()).map((e) => e.key).sort()).toEqual(["a", "c", "d"]);
  });

  it("a damaged record reads as absent and is removed", async () => {
    const store = await open("indexeddb", clock, factory, 1_000_000);
    await store.put("p", "k", result(1));
    await new Promise<void>((resolve, reject) => {
      const req = factory.open("service-addin.results", 1);
      req.onsuccess = () => {
        const tx = req.result.transaction("bodies", "readwrite");
        tx.objectStore("bodies").put({ columns: "not a list" }, ["p", "k"]);
        tx.oncomplete = () => {
          req.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
    expect(await store.get("p", "k")).toBeUndefined();
    expect(await store.list()).toEqual([]);
  });

  it("a full browser storage: the entry is not kept, the cell never hears of it, and lastError says why", async () => {
    const store = await open("indexeddb", clock, factory, 1_000_000);
    const put = jest.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    try {
      expect(await store.put("p", "k", result(1))).toBe(false);
    } finally {
      put.mockRestore();
    }
    expect(store.lastError).toMatch(/storage for the add-in is full/);
    expect(await store.get("p", "k")).toBeUndefined();
    expect(await store.put("p", "k", result(1))).toBe(true);
  });
});

describe("opening the store: IndexedDB, or memory and why", () => {
  const clock = new ManualClock();
  const options = { now: () => clock.now(), timers: clock };

  it("without IndexedDB in the runtime", async () => {
    const store = await openResultStore({ ...options, indexedDB: null });
    expect(store.backend).toEqual({ kind: "memory", reason: "IndexedDB is not available in this runtime." });
    expect(await store.put("p", "k", result(1))).toBe(true);
    expect((await store.get("p", "k"))?.rows).toHaveLength(1);
  });

  it("when the browser refuses to open it (storage blocked)", async () => {
    const refusing = {
      open: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    } as unknown as IDBFactory;
    const store = await openResultStore({ ...options, indexedDB: refusing });
    expect(store.backend).toEqual({
      kind: "memory",
      reason: "IndexedDB refused to open (The operation is insecure.).",
    });
  });

  it("when opening never answers (some web views): memory after the timeout", async () => {
    const silent = { open: () => ({}) } as unknown as IDBFactory;
    const opening = openResultStore({ ...options, indexedDB: silent, timeoutMs: 5000 });
    await flush();
    clock.advance(5000);
    expect((await opening).backend).toEqual({ kind: "memory", reason: "IndexedDB did not open within 5 s." });
  });
});
