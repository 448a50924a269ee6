import type { Page } from "./result-reader";

/**
 * Rendered pages of immutable results, least recently used first out, within a byte budget. A completed result never
 * changes (its file's checksum is part of the key, and a damaged file is refused before the cache is asked), so a
 * page rendered once can be served again without the engine: the pager of a spreadsheet asks the same pages again on
 * every refresh, and many cells ask the same first page. Samples are random and never cached.
 */
export class PageCache {
  readonly #entries = new Map<string, { page: Page; bytes: number }>();
  #bytes = 0;

  constructor(private readonly budgetBytes: number) {}

  get(key: string): Page | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Re-insert: Map keeps insertion order, so the first key is always the least recently used.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.page;
  }

  set(key: string, page: Page): void {
    const bytes = page.rows.reduce((sum, row) => sum + row.length * 2, 64);
    if (bytes > this.budgetBytes / 4) return; // one huge page would push out everything else
    const old = this.#entries.get(key);
    if (old) this.#bytes -= old.bytes;
    this.#entries.delete(key);
    this.#entries.set(key, { page, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.budgetBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
