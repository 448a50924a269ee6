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
    this.#evictOverBudget();
    return true;
  }

  /**
   * Changes what a kept value costs (it grew, as a body gaining its encoded forms), without making it more recently
   * used; the least recently used go out if the budget is now exceeded, and the value itself if it is now too large.
   * Nothing happens for a key no longer kept.
   */
  recharge(key: string, bytes: number): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    if (bytes > this.budgetBytes / 4) return this.delete(key);
    this.#bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.#evictOverBudget();
  }

  delete(key: string): void {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#entries.delete(key);
    this.#bytes -= old.bytes;
  }

  #evictOverBudget(): void {
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.budgetBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Bytes of the budget in use. */
  get bytes(): number {
    return this.#bytes;
  }
}
