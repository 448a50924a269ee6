/**
 * Values kept within a byte budget, least recently used first out. A `Map` keeps insertion order, so re-inserting on
 * every hit leaves the least recently used key first. A value larger than a quarter of the budget is not kept: one
 * huge entry would push out everything else.
 */
export class ByteBudgetLru<V> {
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  #bytes = 0;

  constructor(readonly budgetBytes: number) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value`, costing `bytes` of the budget; false when it is too large to keep. */
  set(key: string, value: V, bytes: number): boolean {
    this.delete(key);
    if (bytes > this.budgetBytes / 4) return false;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.budgetBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
    return true;
  }

  delete(key: string): void {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#entries.delete(key);
    this.#bytes -= old.bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Bytes of the budget in use. */
  get bytes(): number {
    return this.#bytes;
  }
}
