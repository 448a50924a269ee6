import type { CellBlock } from "../sheet";

/** Rows per bucket, and the most buckets one entry is filed under before it goes to the sheet's wide list. */
const BAND = 64;
const MAX_BUCKETS = 256;

type Buckets = { rows: [number, number]; columns: [number, number] };

function bucketsOf(block: CellBlock): Buckets {
  return {
    rows: [Math.floor(block.row / BAND), Math.floor((block.row + block.rowCount - 1) / BAND)],
    columns: [block.column, block.column + block.columnCount - 1],
  };
}

const count = (b: Buckets) => (b.rows[1] - b.rows[0] + 1) * (b.columns[1] - b.columns[0] + 1);
const key = (band: number, column: number) => column * 16_384 + band;

/**
 * Values (formula cells) filed by sheet under the 64-row by one-column buckets a block covers, so finding those a
 * changed block may concern looks at a few buckets instead of every formula of the workbook. Large blocks (whole
 * columns) go to one list per sheet that every query includes. Callers still test the exact blocks.
 */
export class CellIndex<T> {
  readonly #buckets = new Map<string, Map<number, Set<T>>>();
  readonly #wide = new Map<string, Set<T>>();

  #each(sheet: string, block: CellBlock, create: boolean, visit: (set: Set<T>, k: number) => void): boolean {
    const b = bucketsOf(block);
    if (count(b) > MAX_BUCKETS) return false;
    let map = this.#buckets.get(sheet);
    if (!map) {
      if (!create) return true;
      this.#buckets.set(sheet, (map = new Map()));
    }
    for (let c = b.columns[0]; c <= b.columns[1]; c++) {
      for (let r = b.rows[0]; r <= b.rows[1]; r++) {
        const k = key(r, c);
        let set = map.get(k);
        if (!set) {
          if (!create) continue;
          map.set(k, (set = new Set()));
        }
        visit(set, k);
      }
    }
    return true;
  }

  add(sheet: string, block: CellBlock, value: T): void {
    if (this.#each(sheet, block, true, (set) => set.add(value))) return;
    let set = this.#wide.get(sheet);
    if (!set) this.#wide.set(sheet, (set = new Set()));
    set.add(value);
  }

  remove(sheet: string, block: CellBlock, value: T): void {
    const map = this.#buckets.get(sheet);
    const filed = this.#each(sheet, block, false, (set, k) => {
      set.delete(value);
      if (set.size === 0) map?.delete(k);
    });
    if (!filed) this.#wide.get(sheet)?.delete(value);
  }

  /** Every value filed under a bucket the block touches, and the sheet's wide ones. */
  near(sheet: string, block: CellBlock): Set<T> {
    const out = new Set<T>(this.#wide.get(sheet));
    const visit = (set: Set<T>) => set.forEach((v) => out.add(v));
    if (!this.#each(sheet, block, false, visit)) {
      const b = bucketsOf(block);
      for (const [k, set] of this.#buckets.get(sheet) ?? []) {
        const [c, r] = [Math.floor(k / 16_384), k % 16_384];
        if (c >= b.columns[0] && c <= b.columns[1] && r >= b.rows[0] && r <= b.rows[1]) visit(set);
      }
    }
    return out;
  }
}
