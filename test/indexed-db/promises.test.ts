import { IDBFactory } from "fake-indexeddb";
import { isQuotaError, request, transact } from "../../src/indexed-db";

async function openDb(): Promise<IDBDatabase> {
  const open = new IDBFactory().open("t", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("s");
  return request(open);
}

test("a transaction's value arrives once it commits, and what it wrote is there", async () => {
  const db = await openDb();
  const value = await transact(db, ["s"], "readwrite", async (tx) => {
    await request(tx.objectStore("s").put(1, "a"));
    return request(tx.objectStore("s").put(2, "b"));
  });
  expect(value).toBe("b");
  expect(await transact(db, ["s"], "readonly", (tx) => request(tx.objectStore("s").getAll()))).toEqual([1, 2]);
});

test.each([
  ["returns a rejected promise", (): Promise<unknown> => Promise.reject(new Error("no"))],
  [
    "rejects later",
    (): never => {
      throw new Error("no");
    },
  ],
])("work that %s aborts the transaction: nothing of it is kept", async (_name, fail) => {
  const db = await openDb();
  await expect(
    transact(db, ["s"], "readwrite", async (tx) => {
      await request(tx.objectStore("s").put(1, "a"));
      return fail();
    }),
  ).rejects.toThrow("no");
  expect(await transact(db, ["s"], "readonly", (tx) => request(tx.objectStore("s").count()))).toBe(0);
});

test("an unknown store is a rejection, not a throw", async () => {
  const db = await openDb();
  await expect(transact(db, ["missing"], "readonly", () => 1)).rejects.toThrow();
});

test.each<[unknown, boolean]>([
  [new DOMException("x", "QuotaExceededError"), true],
  [new Error("The quota has been exceeded."), true],
  [{ name: "QuotaExceededError" }, true],
  [new Error("disk error"), false],
  ["text", false],
])("isQuotaError(%p) is %p", (error, quota) => {
  expect(isQuotaError(error)).toBe(quota);
});
