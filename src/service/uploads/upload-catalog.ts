import { mkdir, open, readFile, rename } from "node:fs/promises";
import { join } from "node:path";
import type { UploadColumn } from "./upload-rules";

/** What the service keeps about one uploaded table; its rows are in `<namespace>/<table_name>.parquet`. */
export interface UploadRecord {
  namespace: string;
  tableName: string;
  description: string;
  isPrivate: boolean;
  columns: UploadColumn[];
  /** The user whose key created it (the owner the listing names). */
  owner: string;
  createdAt: number;
  updatedAt: number;
  rowCount: number;
  /** Size of the stored file: what the table counts against its namespace's storage. */
  bytes: number;
}

/**
 * The uploaded tables' records, in `uploads/catalog.json` in the data directory, written whole to a new file that is
 * synced and renamed over the old one after every change (uploads are few and changes rare), so a restart finds
 * every table and a crash leaves the old list or the new one. Table files are written before the record that names
 * them, and removed after the record that named them is gone.
 */
export class UploadCatalog {
  private constructor(
    readonly dir: string,
    private readonly records: Map<string, UploadRecord>,
  ) {}

  static async open(dataDir: string): Promise<UploadCatalog> {
    const dir = join(dataDir, "uploads");
    await mkdir(dir, { recursive: true });
    let records: UploadRecord[] = [];
    try {
      records = JSON.parse(await readFile(join(dir, "catalog.json"), "utf8")) as UploadRecord[];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    return new UploadCatalog(dir, new Map(records.map((r) => [key(r.namespace, r.tableName), r])));
  }

  get(namespace: string, tableName: string): UploadRecord | undefined {
    return this.records.get(key(namespace, tableName));
  }

  all(): UploadRecord[] {
    return [...this.records.values()];
  }

  /** The table's data file (names are checked against the naming rules before they get here). */
  file(namespace: string, tableName: string): string {
    return join(this.dir, namespace, `${tableName}.parquet`);
  }

  async put(record: UploadRecord): Promise<void> {
    this.records.set(key(record.namespace, record.tableName), record);
    await this.save();
  }

  async remove(namespace: string, tableName: string): Promise<void> {
    this.records.delete(key(namespace, tableName));
    await this.save();
  }

  private async save(): Promise<void> {
    const target = join(this.dir, "catalog.json");
    const temp = `${target}.tmp`;
    const handle = await open(temp, "w");
    try {
      await handle.writeFile(JSON.stringify(this.all()));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  }
}

function key(namespace: string, tableName: string): string {
  return `${namespace}.${tableName}`;
}
