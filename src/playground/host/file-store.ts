import { isQuotaError, request, transact } from "../../indexed-db";

/** One saved copy of the workbook as the store reads it back: whole, or in parts. */
export interface StoredCopy {
  /** A copy saved whole (before the file was kept in parts; File → Open): the document as JSON, settings left out. */
  json?: string;
  /** A copy saved in parts: the head as JSON (the workbook without its cells, each sheet's parts named in it)... */
  head?: string;
  /** ...and each part's JSON by its key. */
  parts?: Map<string, string>;
  /** Names this copy (another session's save makes another one current). */
  id: string;
  /** The settings bag as JSON, kept with the pointer: read without reading the workbook. */
  settings: string;
  savedAt: number;
  /** UTF-16 length of the copy (what the browser stores). */
  size: number;
}

/** A copy saved in parts, to be made current (its parts already stored). */
export interface PartsCopy {
  head: string;
  /** Every part the copy is made of. */
  keys: string[];
  /** The parts this save wrote (the others are the previous copy's). */
  fresh: string[];
  settings: string;
  savedAt: number;
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

/** The current copy is not the one a save's unchanged parts come from (another session saved, or File → New). */
export class StaleCopyError extends Error {
  constructor() {
    super("Another session saved the workbook meanwhile");
    this.name = "StaleCopyError";
  }
}

const DB_VERSION = 1;
const COPIES = "copies";
const POINTER = "pointer";
const CURRENT = "current";

/** The current copy: `key` names a whole copy; `head` and `keys` a copy in parts (`id` names it). */
interface Pointer {
  key?: string;
  id?: string;
  head?: string;
  keys?: string[];
  settings: string;
  savedAt: number;
  size: number;
}

const idOf = (p: Pointer | undefined) => p?.id ?? p?.key;
const keysOf = (p: Pointer | undefined) => p?.keys ?? (p?.key === undefined ? [] : [p.key]);
const newKey = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * The playground's workbook file in IndexedDB (per origin: per address and port), written so that a failed save
 * never replaces the last good copy. A copy is stored whole or, as AutoSave writes it, in parts (one sheet's block
 * of rows each) that are never changed once stored: a save stores the parts that changed under new keys, then in one
 * transaction makes the pointer name the new set (with the settings bag) and deletes the parts only the previous
 * copy used. A save that fails at any step leaves the pointer on the previous copy; parts no pointer names (a save
 * cut short) are removed the next time the file is opened.
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

  /** The current copy, or undefined for a new file (or one whose parts are missing); orphans are removed. */
  async read(): Promise<StoredCopy | undefined> {
    const found = await transact(this.db, [POINTER, COPIES], "readonly", async (tx) => {
      const pointer = (await request(tx.objectStore(POINTER).get(CURRENT))) as Pointer | undefined;
      const copies = tx.objectStore(COPIES);
      const texts = await Promise.all(keysOf(pointer).map((k) => request(copies.get(k) as IDBRequest<unknown>)));
      return { pointer, texts };
    });
    const { pointer, texts } = found;
    await this.removeOrphans().catch(() => undefined);
    if (!pointer || texts.some((t) => typeof t !== "string")) return undefined;
    const meta = { id: idOf(pointer)!, settings: pointer.settings, savedAt: pointer.savedAt, size: pointer.size };
    if (pointer.head === undefined) return { ...meta, json: texts[0] as string };
    const parts = new Map(keysOf(pointer).map((k, i) => [k, texts[i] as string]));
    return { ...meta, head: pointer.head, parts };
  }

  /** The settings bag of the current copy (JSON), without reading the workbook. */
  async settings(): Promise<string | undefined> {
    const pointer = await transact(this.db, [POINTER], "readonly", (tx) =>
      request(tx.objectStore(POINTER).get(CURRENT) as IDBRequest<Pointer | undefined>),
    );
    return pointer?.settings;
  }

  /** Writes a whole copy and makes it current; rejects with FileSaveError, the previous copy still current. */
  async write(json: string, settings: string, savedAt: number): Promise<StoredCopy> {
    const key = newKey("copy");
    const size = json.length + settings.length;
    try {
      await transact(this.db, [COPIES], "readwrite", (tx) => request(tx.objectStore(COPIES).put(json, key)));
      await this.makeCurrent({ key, settings, savedAt, size }, [key]);
    } catch (error) {
      await this.deleteParts([key]).catch(() => undefined);
      throw this.failure(error);
    }
    return { json, id: key, settings, savedAt, size };
  }

  /** A key for a new part. */
  newPartKey(): string {
    return newKey("part");
  }

  /** Stores new parts (not current until `switchTo` names them); rejects with FileSaveError. */
  async putParts(parts: readonly (readonly [string, string])[]): Promise<void> {
    if (parts.length === 0) return;
    try {
      await transact(this.db, [COPIES], "readwrite", async (tx) => {
        const copies = tx.objectStore(COPIES);
        await Promise.all(parts.map(([key, json]) => request(copies.put(json, key))));
      });
    } catch (error) {
      throw this.failure(error);
    }
  }

  /**
   * Makes a copy in parts current, in one transaction; resolves with its id. `expected` is the id of the copy its
   * unchanged parts come from: when another copy is current (or one of the fresh parts is gone), rejects with
   * StaleCopyError and changes nothing; any other failure rejects with FileSaveError. The caller deletes its fresh
   * parts after a failure.
   */
  async switchTo(copy: PartsCopy, expected: string | undefined): Promise<string> {
    const id = newKey("copy");
    const { head, keys, settings, savedAt, size } = copy;
    try {
      await this.makeCurrent({ id, head, keys, settings, savedAt, size }, copy.fresh, expected);
    } catch (error) {
      throw error instanceof StaleCopyError ? error : this.failure(error);
    }
    return id;
  }

  /** Deletes parts no copy names (a failed save's). */
  deleteParts(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return Promise.resolve();
    return transact(this.db, [COPIES], "readwrite", async (tx) => {
      const copies = tx.objectStore(COPIES);
      await Promise.all(keys.map((k) => request(copies.delete(k))));
    });
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

  /**
   * Points at `next` once its `fresh` records are all stored (and, with `expected`, only while that copy is current),
   * then deletes what only the previous copy used: one transaction, so a reader sees one copy or the other.
   */
  private makeCurrent(next: Pointer, fresh: readonly string[], expected?: string): Promise<void> {
    return transact(this.db, [POINTER, COPIES], "readwrite", async (tx) => {
      const pointers = tx.objectStore(POINTER);
      const copies = tx.objectStore(COPIES);
      const previous = (await request(pointers.get(CURRENT))) as Pointer | undefined;
      if (expected !== undefined && idOf(previous) !== expected) throw new StaleCopyError();
      const stored = await Promise.all(fresh.map((k) => request(copies.getKey(k))));
      if (stored.some((k) => k === undefined)) throw new StaleCopyError();
      await request(pointers.put(next, CURRENT));
      const kept = new Set(keysOf(next));
      await Promise.all(
        keysOf(previous)
          .filter((k) => !kept.has(k))
          .map((k) => request(copies.delete(k))),
      );
    });
  }

  private failure(error: unknown): FileSaveError {
    if (error instanceof FileSaveError) return error;
    const why = error instanceof Error ? error.message : String(error);
    return isQuotaError(error)
      ? new FileSaveError("quota", "the browser's storage for this page is full")
      : new FileSaveError("other", why || "the browser refused to store it");
  }

  /** Deletes what the current copy does not use, reading which copy is current in the same transaction. */
  private removeOrphans(): Promise<void> {
    return transact(this.db, [POINTER, COPIES], "readwrite", async (tx) => {
      const copies = tx.objectStore(COPIES);
      const pointer = (await request(tx.objectStore(POINTER).get(CURRENT))) as Pointer | undefined;
      const current = new Set(keysOf(pointer));
      const keys = await request(copies.getAllKeys());
      await Promise.all(keys.filter((k) => !current.has(String(k))).map((k) => request(copies.delete(k))));
    });
  }
}
