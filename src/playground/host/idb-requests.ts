/** An IndexedDB request as a promise. */
export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
  });
}

/** Runs `work` in one transaction; resolves when it commits, rejects with the reason when it aborts. */
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
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    let value: T;
    tx.oncomplete = () => resolve(value);
    tx.onabort = () => reject(tx.error ?? new Error("The IndexedDB transaction was aborted"));
    tx.onerror = (event) => event.preventDefault(); // let it abort and report through onabort
    Promise.resolve(work(tx)).then(
      (v) => (value = v),
      (error: unknown) => {
        try {
          tx.abort();
        } catch {
          // already finished
        }
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "QuotaExceededError" || /quota/i.test(error instanceof Error ? error.message : String(error));
}
