/** `navigator.storage.estimate()`'s answer, as far as it is used. */
export interface StorageEstimateLike {
  quota?: number;
  usage?: number;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.max(1, Math.round(bytes / MB))} MB`;

/** Bytes per filled cell in the saved file before the first save tells better (a number and its position). */
const DEFAULT_BYTES_PER_CELL = 24;

/**
 * How much more the browser will store for this page, from `navigator.storage.estimate()` when the browser has it
 * (the quota is per origin; a new copy is written before the old one is deleted, so a save needs the copy's size
 * free). The workbook's saved size grows with the cells written since the last save; `warning` says, before the
 * save that would fail, when it will no longer fit.
 */
export class StorageBudget {
  #free: number | undefined;
  #savedSize = 0;
  #bytesPerCell = DEFAULT_BYTES_PER_CELL;
  #grownCells = 0;

  constructor(private readonly estimate: (() => Promise<StorageEstimateLike>) | undefined) {}

  static forPage(scope: { navigator?: Navigator }): StorageBudget {
    const storage = scope.navigator?.storage;
    return new StorageBudget(typeof storage?.estimate === "function" ? () => storage.estimate() : undefined);
  }

  /** Reads the estimate again (after a save, when the page opens). */
  async refresh(): Promise<void> {
    if (!this.estimate) return;
    try {
      const { quota, usage } = await this.estimate();
      this.#free = quota === undefined ? undefined : Math.max(0, quota - (usage ?? 0));
    } catch {
      this.#free = undefined;
    }
  }

  /** A save of `size` (UTF-16 units, 2 bytes each) holding `cells` cells succeeded. */
  saved(size: number, cells: number): void {
    this.#savedSize = size * 2;
    if (cells > 0) this.#bytesPerCell = Math.max(4, (size * 2) / cells);
    this.#grownCells = 0;
  }

  /** Cells written since the last save (an upper bound: a cell written twice counts twice). */
  grew(cells: number): void {
    this.#grownCells += cells;
  }

  /** The next save's size as far as can be told without writing it, in bytes. */
  get projected(): number {
    return this.#savedSize + this.#grownCells * this.#bytesPerCell;
  }

  /** Why the next save will not fit, or undefined (also when the browser cannot tell). */
  warning(): string | undefined {
    if (this.#free === undefined) return undefined;
    if (this.#grownCells === 0 || this.projected <= this.#free) return undefined;
    return (
      `This workbook is growing to about ${mb(this.projected)}, more than the ${mb(this.#free)} the browser has ` +
      `left for this page: it will not be saved. Cancel the insert, or delete rows or sheets.`
    );
  }
}
