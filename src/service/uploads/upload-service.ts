import { randomUUID } from "node:crypto";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { formatBytes } from "../../billing";
import type { Clock } from "../../clock";
import type { Caller } from "../auth/keys";
import { uploadCredits } from "../../billing";
import { apiError } from "../errors";
import { namespaceOf } from "./namespace";
import { BodyTooLargeError, receiveBody } from "./receive-body";
import { createdBody, fullName, listElement } from "./upload-bodies";
import { UploadCatalog, type UploadRecord } from "./upload-catalog";
import { STORAGE_ALLOWANCE, type UploadColumn } from "./upload-rules";
import { checkColumns, matchColumns, removeStrays, writeText } from "./column-match";
import { DataError, UploadWriter, type ColumnSource, type DataFormat } from "./upload-writer";

/** What uploads need from the key's billing: whether it has credits left, and booking what an upload cost. */
export interface UploadBilling {
  checkRead(caller: Caller): void;
  charge(caller: Caller, credits: number): void;
}

export interface NewTable {
  tableName: string;
  columns: UploadColumn[];
  description: string;
  isPrivate: boolean;
}

/** A table SQL may read: where its rows are and its columns. */
export interface ReadableTable {
  namespace: string;
  tableName: string;
  columns: UploadColumn[];
  file: string;
}

/**
 * Uploaded tables: created, filled, cleared and deleted by the key of their namespace (see namespace.ts), listed to
 * it, and readable by SQL to it and, when public, to every key. Changes are made one at a time: each reads the
 * catalog as the previous one left it.
 */
export class UploadService {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly catalog: UploadCatalog,
    private readonly writer: UploadWriter,
    private readonly tmpDir: string,
    private readonly billing: UploadBilling,
    private readonly clock: Clock,
    private readonly storageBytes: number | undefined,
  ) {}

  /** `storageBytes`: each namespace's storage, in place of its plan's allowance. */
  static async open(
    dataDir: string,
    billing: UploadBilling,
    clock: Clock,
    storageBytes?: number,
  ): Promise<UploadService> {
    const catalog = await UploadCatalog.open(dataDir);
    const tmpDir = join(catalog.dir, "tmp");
    await rm(tmpDir, { recursive: true, force: true });
    await mkdir(join(tmpDir, "spill"), { recursive: true });
    const writer = await UploadWriter.open(join(tmpDir, "spill"));
    for (const name of await readdir(catalog.dir)) {
      if (name !== "tmp" && name !== "catalog.json") await removeStrays(join(catalog.dir, name));
    }
    return new UploadService(catalog, writer, tmpDir, billing, clock, storageBytes);
  }

  /** The caller's own tables, oldest first, a page at a time. */
  list(caller: Caller, limit: number, offset: number): Record<string, unknown> {
    const namespace = namespaceOf(caller);
    const own = this.catalog
      .all()
      .filter((r) => r.namespace === namespace)
      .sort((a, b) => a.createdAt - b.createdAt || a.tableName.localeCompare(b.tableName));
    const page = own.slice(offset, offset + limit);
    const next = offset + page.length < own.length ? { next_offset: offset + page.length } : {};
    return { tables: page.map(listElement), ...next };
  }

  /** A table the caller may read in SQL: its own namespace's, or a public one. */
  readable(caller: Caller, namespace: string, tableName: string): ReadableTable | undefined {
    const record = this.catalog.get(namespace, tableName);
    if (!record || (record.isPrivate && record.namespace !== namespaceOf(caller))) return undefined;
    return { namespace, tableName, columns: record.columns, file: this.catalog.file(namespace, tableName) };
  }

  /** What the key's namespace stores and may store (`POST /v1/usage`'s `bytes_used`, `bytes_allowed`). */
  storage(caller: Caller): { used: number; allowed: number } {
    return { used: this.bytesUsed(namespaceOf(caller)), allowed: this.allowance(caller) };
  }

  /** Bytes the namespace's tables take. */
  bytesUsed(namespace: string): number {
    return this.catalog.all().reduce((sum, r) => (r.namespace === namespace ? sum + r.bytes : sum), 0);
  }

  create(caller: Caller, namespace: string, table: NewTable): Promise<Record<string, unknown>> {
    return this.serial(async () => {
      this.checkWrite(caller, namespace);
      if (this.catalog.get(namespace, table.tableName)) throw apiError("upload_exists");
      this.billing.checkRead(caller);
      await mkdir(join(this.catalog.dir, namespace), { recursive: true });
      const file = this.catalog.file(namespace, table.tableName);
      const bytes = await this.writer.writeEmpty(table.columns, file);
      const record = this.newRecord(caller, namespace, table, 0, bytes);
      await this.catalog.put(record);
      this.billing.charge(caller, uploadCredits(bytes));
      return createdBody(record);
    });
  }

  /** `/v1/uploads/csv`: a table made from CSV text in one call, its columns read from the data; replaces one of that name. */
  uploadCsv(caller: Caller, table: Omit<NewTable, "columns">, csv: string): Promise<Record<string, unknown>> {
    return this.serial(async () => {
      const namespace = namespaceOf(caller);
      this.billing.checkRead(caller);
      const input = join(this.tmpDir, `${randomUUID()}.csv`);
      try {
        await writeText(input, csv);
        const sources = await this.csvColumns(input, csv);
        const columns = sources.map((s) => s.column);
        await mkdir(join(this.catalog.dir, namespace), { recursive: true });
        const file = this.catalog.file(namespace, table.tableName);
        const next = `${file}.next`;
        const { rows, bytes } = await this.dataStep(() => this.writer.append(input, "csv", sources, undefined, next));
        const previous = this.catalog.get(namespace, table.tableName)?.bytes ?? 0;
        await this.checkStorage(caller, namespace, bytes - previous, next);
        await rename(next, file);
        await this.catalog.put(this.newRecord(caller, namespace, { ...table, columns }, rows, bytes));
        this.billing.charge(caller, uploadCredits(bytes));
        return { success: true, table_name: table.tableName };
      } finally {
        await rm(input, { force: true });
      }
    });
  }

  insert(
    caller: Caller,
    namespace: string,
    tableName: string,
    format: DataFormat,
    body: Readable,
    limit: number,
  ): Promise<Record<string, unknown>> {
    return this.serial(async () => {
      this.checkWrite(caller, namespace);
      const record = this.catalog.get(namespace, tableName);
      if (!record) throw apiError("upload_not_found", { name: `${namespace}.${tableName}` });
      this.billing.checkRead(caller);
      const input = join(this.tmpDir, `${randomUUID()}.${format}`);
      try {
        const received = await receiveBody(body, input, limit).catch((error: unknown) => {
          if (error instanceof BodyTooLargeError) throw apiError("upload_too_large", { limit: formatBytes(limit) });
          throw error;
        });
        const sources = await this.dataStep(async () =>
          matchColumns(record.columns, await this.writer.names(input, format), format),
        );
        const file = this.catalog.file(namespace, tableName);
        const next = `${file}.next`;
        const { rows, bytes } = await this.dataStep(() => this.writer.append(input, format, sources, file, next));
        await this.checkStorage(caller, namespace, bytes - record.bytes, next);
        await rename(next, file);
        await this.catalog.put({ ...record, rowCount: record.rowCount + rows, bytes, updatedAt: this.clock.now() });
        this.billing.charge(caller, uploadCredits(received));
        return { rows_written: rows, bytes_written: received, name: fullName(namespace, tableName) };
      } finally {
        await rm(input, { force: true });
      }
    });
  }

  clear(caller: Caller, namespace: string, tableName: string): Promise<Record<string, unknown>> {
    return this.serial(async () => {
      this.checkWrite(caller, namespace);
      const record = this.catalog.get(namespace, tableName);
      if (!record) throw apiError("upload_not_found", { name: `${namespace}.${tableName}` });
      const bytes = await this.writer.writeEmpty(record.columns, this.catalog.file(namespace, tableName));
      await this.catalog.put({ ...record, rowCount: 0, bytes, updatedAt: this.clock.now() });
      return { message: `Table ${namespace}.${tableName} successfully cleared` };
    });
  }

  delete(caller: Caller, namespace: string, tableName: string): Promise<Record<string, unknown>> {
    return this.serial(async () => {
      this.checkWrite(caller, namespace);
      if (!this.catalog.get(namespace, tableName)) {
        throw apiError("upload_not_found", { name: `${namespace}.${tableName}` });
      }
      await this.catalog.remove(namespace, tableName);
      await rm(this.catalog.file(namespace, tableName), { force: true });
      return { message: `Table ${namespace}.${tableName} successfully deleted` };
    });
  }

  async close(): Promise<void> {
    await this.queue.catch(() => undefined);
    this.writer.close();
  }

  private checkWrite(caller: Caller, namespace: string): void {
    if (namespace !== namespaceOf(caller)) throw apiError("upload_forbidden", { namespace });
  }

  private async checkStorage(caller: Caller, namespace: string, growth: number, written: string): Promise<void> {
    const allowed = this.allowance(caller);
    if (growth > 0 && this.bytesUsed(namespace) + growth > allowed) {
      await rm(written, { force: true });
      throw apiError("upload_storage_full", { namespace, allowed: formatBytes(allowed) });
    }
  }

  private allowance(caller: Caller): number {
    return this.storageBytes ?? STORAGE_ALLOWANCE[caller.plan.plan];
  }

  private newRecord(caller: Caller, namespace: string, table: NewTable, rows: number, bytes: number): UploadRecord {
    const now = this.clock.now();
    return {
      namespace,
      tableName: table.tableName,
      description: table.description,
      isPrivate: table.isPrivate,
      columns: table.columns,
      owner: caller.user,
      createdAt: now,
      updatedAt: now,
      rowCount: rows,
      bytes,
    };
  }

  /** The columns of a CSV upload: the header's names (a trailing empty one, as in `a,b,`, is dropped). */
  private async csvColumns(input: string, csv: string): Promise<ColumnSource[]> {
    const header = (csv.split(/\r?\n/, 1)[0] ?? "").split(",").map((h) => h.trim().replace(/^"|"$/g, ""));
    const detected = await this.dataStep(() => this.writer.detectCsv(input));
    const sources: ColumnSource[] = [];
    detected.forEach((d, i) => {
      if ((header[i] ?? "") === "" && i === detected.length - 1) return;
      sources.push({ column: { name: d.name.toLowerCase(), type: d.type, nullable: true }, from: d.name });
    });
    return checkColumns(sources);
  }

  private async dataStep<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof DataError) throw apiError("upload_data_invalid", { reason: error.message });
      throw error;
    }
  }

  private serial<T>(change: () => Promise<T>): Promise<T> {
    const run = this.queue.then(change, change);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
