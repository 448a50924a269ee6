/** One saved copy of the workbook as the store reads it back. */
export interface StoredCopy {
  /** The document as JSON, settings left out (the pointer holds them). */
  json: string;
  /** The settings bag as JSON, kept with the pointer: read without reading the workbook. */
  settings: string;
  savedAt: number;
  /** UTF-16 length of the copy (what the browser stores). */
  size: number;
}

/** Why a save failed: the browser's storage is full ("quota"), or anything else. */
export class FileSaveError extends Error {
  constructor(
    readonly kind: "quota" | "other",
    message: string,
  ) {
    super(message);
    this.name = "FileSaveError";
  }
}

const DB_VERSION = 1;
const COPIES = "copies";
const POINTER = "pointer";
const CURRENT = "current";

interface Pointer {
  key: string;
  settings: string;
  savedAt: number;
  size: number;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
  });
}

/** Runs `work` in one transaction; resolves when it commits, rejects with the reason when it aborts. */
function transact<T>(
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

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "QuotaExceededError" || /quota/i.test(error instanceof Error ? error.message : String(error));
}

/**
 * The playground's workbook file in IndexedDB (per origin: per address and port), written so that a failed save
 * never replaces the last good copy: the new copy goes under a new key, then the pointer switches to it (with the
 * settings bag), then the old copy is deleted. A save that fails at any step leaves the pointer on the previous
 * copy; copies no pointer names (a save cut short) are removed the next time the file is opened.
 */
export class IdbFileStore {
  private constructor(private readonly db: IDBDatabase) {}

  static open(factory: IDBFactory = indexedDB, name = "playground-workbook"): Promise<IdbFileStore> {
    const req = factory.open(name, DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(COPIES)) db.createObjectStore(COPIES);
      if (!db.objectStoreNames.contains(POINTER)) db.createObjectStore(POINTER);
    };
    return request(req).then((db) => new IdbFileStore(db));
  }

  /** The current copy, or undefined for a new file; copies left by an interrupted save are removed. */
  async read(): Promise<StoredCopy | undefined> {
    const pointer = await this.pointer();
    const json = pointer ? await this.copy(pointer.key) : undefined;
    await this.removeOrphans(pointer?.key).catch(() => undefined);
    if (!pointer || json === undefined) return undefined;
    return { json, settings: pointer.settings, savedAt: pointer.savedAt, size: pointer.size };
  }

  /** The settings bag of the current copy (JSON), without reading the workbook. */
  async settings(): Promise<string | undefined> {
    return (await this.pointer())?.settings;
  }

  /** Writes a new copy and makes it current; rejects with FileSaveError, the previous copy still current. */
  async write(json: string, settings: string, savedAt: number): Promise<StoredCopy> {
    const key = `copy-${savedAt}-${Math.random().toString(36).slice(2, 10)}`;
    const size = json.length + settings.length;
    try {
      await transact(this.db, [COPIES], "readwrite", (tx) => request(tx.objectStore(COPIES).put(json, key)));
    } catch (error) {
      throw this.failure(error);
    }
    let previous: Pointer | undefined;
    try {
      previous = await transact(this.db, [POINTER], "readwrite", async (tx) => {
        const store = tx.objectStore(POINTER);
        const old = (await request(store.get(CURRENT))) as Pointer | undefined;
        const pointer: Pointer = { key, settings, savedAt, size };
        await request(store.put(pointer, CURRENT));
        return old;
      });
    } catch (error) {
      await this.deleteCopy(key).catch(() => undefined);
      throw this.failure(error);
    }
    if (previous && previous.key !== key) await this.deleteCopy(previous.key).catch(() => undefined);
    return { json, settings, savedAt, size };
  }

  /** Forgets the file (a new workbook): pointer and every copy. */
  async clear(): Promise<void> {
    await transact(this.db, [COPIES, POINTER], "readwrite", async (tx) => {
      await request(tx.objectStore(POINTER).clear());
      await request(tx.objectStore(COPIES).clear());
    });
  }

  close(): void {
    this.db.close();
  }

  private failure(error: unknown): FileSaveError {
    if (error instanceof FileSaveError) return error;
    const why = error instanceof Error ? error.message : String(error);
    return isQuotaError(error)
      ? new FileSaveError("quota", "the browser's storage for this page is full")
      : new FileSaveError("other", why || "the browser refused to store it");
  }

  private async pointer(): Promise<Pointer | undefined> {
    return transact(this.db, [POINTER], "readonly", (tx) =>
      request(tx.objectStore(POINTER).get(CURRENT) as IDBRequest<Pointer | undefined>),
    );
  }

  private async copy(key: string): Promise<string | undefined> {
    return transact(this.db, [COPIES], "readonly", (tx) =>
      request(tx.objectStore(COPIES).get(key) as IDBRequest<string | undefined>),
    );
  }

  private deleteCopy(key: string): Promise<void> {
    return transact(this.db, [COPIES], "readwrite", (tx) => request(tx.objectStore(COPIES).delete(key)));
  }

  private async removeOrphans(current: string | undefined): Promise<void> {
    const keys = await transact(this.db, [COPIES], "readonly", (tx) => request(tx.objectStore(COPIES).getAllKeys()));
    for (const key of keys) if (key !== current) await this.deleteCopy(String(key));
  }
}
