/**
 * IndexedDB's callbacks as promises: the only contact the add-in's result store and the playground's workbook file
 * have with the raw API.
 */

/** An IndexedDB request as a promise. */
export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
  });
}

/**
 * Runs `work` in one transaction and resolves with its value once the transaction commits; rejects with the reason
 * when it aborts. `work` awaits only this transaction's requests, so the transaction stays active between them.
 */
export function transact<T>(
  db: IDBDatabase,
  stores: string[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T> | T,
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
    let done: Promise<T>;
    try {
      done = Promise.resolve(work(tx)); // at once: the transaction is active only in the task that made it
    } catch (error) {
      done = Promise.reject(asError(error));
    }
    done.then(
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

/** Whether a failure is the browser's storage being full (its quota). */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "QuotaExceededError" || /quota/i.test(asError(error).message);
}
