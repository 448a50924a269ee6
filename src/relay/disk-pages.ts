import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** Our files: a page, one being written, and the one-file-of-JSON form earlier versions wrote (unreadable now). */
const PAGE_FILE = /^[0-9a-f]{64}\.page$/;
const PARTIAL_FILE = /^[0-9a-f]{64}\.page\.\d+\.\d+\.partial$/;
const OLD_PAGE_FILE = /^[0-9a-f]{64}\.json$/;
/** A partial file this old is a write that died with its process. */
const STALE_PARTIAL_MS = 10 * 60 * 1000;

/**
 * Cached pages on disk within a byte budget, least recently used out, so a restart or a second process on the same
 * disk keeps them without the directory growing for ever. What is on disk is counted when the relay starts (oldest
 * written first out); after that each process counts what it writes and reads. Only files named as ours are ever
 * counted or removed, whatever else the directory holds. A file too large for a quarter of the budget is not kept.
 */
export class DiskPages {
  /** File name → bytes, least recently used first (a Map keeps insertion order). */
  readonly #files = new Map<string, number>();
  #bytes = 0;
  #writes = 0;
  /** Writes run one after another: a write starts only once the files an earlier one evicted are gone. */
  #writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    readonly budgetBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts what is already on disk, drops what cannot be ours any more, and evicts down to the budget. */
  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const found: { name: string; bytes: number; at: number }[] = [];
    for (const name of await readdir(this.dir)) {
      const info = await stat(join(this.dir, name)).catch(() => undefined);
      if (!info?.isFile()) continue;
      if (OLD_PAGE_FILE.test(name) || (PARTIAL_FILE.test(name) && this.now() - info.mtimeMs > STALE_PARTIAL_MS)) {
        await rm(join(this.dir, name), { force: true });
      } else if (PAGE_FILE.test(name)) found.push({ name, bytes: info.size, at: info.mtimeMs });
    }
    for (const file of found.sort((a, b) => a.at - b.at)) this.#count(file.name, file.bytes);
    await this.#evict();
  }

  async read(key: string): Promise<Buffer | undefined> {
    const name = fileName(key);
    const bytes = await readFile(join(this.dir, name)).catch(() => undefined);
    if (bytes === undefined) this.#forget(name);
    else this.#count(name, bytes.length);
    return bytes;
  }

  /**
   * Room is made first (least recently used out), then the page is written whole and renamed into place, so the
   * directory never holds more than the budget and a reader never sees half a page. A disk that refuses the write
   * keeps nothing.
   */
  write(key: string, bytes: Buffer): Promise<void> {
    if (bytes.length > this.budgetBytes / 4) return Promise.resolve();
    // Two writes at once could each make room for their own page and then write it while the other's evictions were
    // still being deleted: the directory would hold a page more than the budget for that moment.
    const done = this.#writing.then(() => this.#write(key, bytes));
    this.#writing = done;
    return done;
  }

  async #write(key: string, bytes: Buffer): Promise<void> {
    const name = fileName(key);
    this.#count(name, bytes.length);
    await this.#evict();
    const file = join(this.dir, name);
    const partial = `${file}.${process.pid}.${++this.#writes}.partial`;
    try {
      await writeFile(partial, bytes);
      await rename(partial, file);
    } catch {
      this.#forget(name);
      await rm(partial, { force: true }).catch(() => undefined);
    }
  }

  async remove(key: string): Promise<void> {
    const name = fileName(key);
    this.#forget(name);
    await rm(join(this.dir, name), { force: true }).catch(() => undefined);
  }

  /** Bytes of the budget in use (as this process counts them). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Counts a file as just used (most recently used last). */
  #count(name: string, bytes: number): void {
    this.#forget(name);
    this.#files.set(name, bytes);
    this.#bytes += bytes;
  }

  #forget(name: string): void {
    const bytes = this.#files.get(name);
    if (bytes === undefined) return;
    this.#files.delete(name);
    this.#bytes -= bytes;
  }

  async #evict(): Promise<void> {
    for (const [name] of this.#files) {
      if (this.#bytes <= this.budgetBytes) return;
      this.#forget(name);
      await rm(join(this.dir, name), { force: true }).catch(() => undefined);
    }
  }
}

function fileName(key: string): string {
  return `${createHash("sha256").update(key).digest("hex")}.page`;
}
