/**
 * The refresh bus's address book: every streaming cell that is still on a sheet, by cache key. Excel cancels an
 * invocation when its cell is cleared, edited or recalculated to other arguments; `onCanceled` takes it out here,
 * so refresh never pushes into a cell that is gone.
 */
export interface LiveCell<V> {
  readonly key: string;
  readonly autoRefresh: boolean;
  /** The most a fetch for this cell may spend (`max_credits=`); absent: the user's default. */
  readonly capCredits?: number;
  /** `Sheet1!A1`, where Excel gave the invocation's address. */
  readonly address?: string;
  /** Sets the cell's value; does nothing once the cell is cancelled. */
  push(value: V): void;
}

export class LiveCells<V> {
  readonly #byKey = new Map<string, Set<LiveCell<V>>>();
  readonly #onEmpty: (key: string) => void;

  /** `onEmpty` runs when the last cell of a key leaves (its auto-refresh timer can go). */
  constructor(onEmpty: (key: string) => void = () => undefined) {
    this.#onEmpty = onEmpty;
  }

  add(cell: LiveCell<V>): () => void {
    let cells = this.#byKey.get(cell.key);
    if (!cells) {
      cells = new Set();
      this.#byKey.set(cell.key, cells);
    }
    cells.add(cell);
    return () => {
      const set = this.#byKey.get(cell.key);
      if (!set?.delete(cell)) return;
      if (set.size === 0) {
        this.#byKey.delete(cell.key);
        this.#onEmpty(cell.key);
      }
    };
  }

  cellsOf(key: string): LiveCell<V>[] {
    return [...(this.#byKey.get(key) ?? [])];
  }

  has(key: string): boolean {
    return this.#byKey.has(key);
  }

  keys(): string[] {
    return [...this.#byKey.keys()];
  }

  get count(): number {
    let n = 0;
    for (const cells of this.#byKey.values()) n += cells.size;
    return n;
  }
}
