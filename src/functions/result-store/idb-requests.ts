/** IndexedDB's callbacks as promises (the store's only contact with the raw API). */

export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
  });
}

/**
 * Runs `work` in one transaction and resolves with its value once the transaction commits (rejects when it aborts).
 * `work` awaits only this transaction's requests, so the transaction stays active between them.
 */
export function transact<T>(
  db: IDBDatabase,
  stores: string[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let tx: IDBTransaction;
    try {
      tx = db.transaction(stores, mode);
    } catch (error) {
      reject(asError(error));
      return;
    }
    let value: T;
    tx.oncomplete = () => resolve(value);
    tx.onabort = () => reject(tx.error ?? new Error("The IndexedDB transaction was aborted"));
    tx.onerror = (event) => event.preventDefault(); // reported once, through onabort
    work(tx).then(
      (v) => (value = v),
      (error: unknown) => {
        try {
          tx.abort();
        } catch {
          // already finished
        }
        reject(asError(error));
      },
    );
  });
}

export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String((error as { message?: unknown })?.message ?? error));
}

/** The failure in words for `lastError` and the README's cases: full storage, or what the browser said. */
export function storageFailure(error: unknown): string {
  const e = asError(error);
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "QuotaExceededError" || /quota/i.test(e.message))
    return "The browser's storage for the add-in is full: results are not kept for the next opening.";
  return `The browser's storage refused a write (${typeof name === "string" ? name : e.name}: ${e.message}).`;
}
