import type { CellBlock } from "../../sheet";

export type Axis = "rows" | "columns";

/**
 * A sparse layer of cells: row → column-indexed array. A sheet is 1,048,576 × 16,384 cells, almost all empty,
 * and writes come a row block at a time, so rows are the unit of storage.
 */
export class Grid<T> {
  private readonly rows = new Map<number, (T | undefined)[]>();

  get(row: number, col: number): T | undefined {
    return this.rows.get(row)?.[col];
  }

  set(row: number, col: number, value: T | undefined): void {
    if (value === undefined) {
      this.delete(row, col);
      return;
    }
    let r = this.rows.get(row);
    if (!r) this.rows.set(row, (r = []));
    r[col] = value;
  }

  delete(row: number, col: number): void {
    const r = this.rows.get(row);
    if (!r || r[col] === undefined) return;
    r[col] = undefined;
    if (col === r.length - 1) {
      while (r.length > 0 && r[r.length - 1] === undefined) r.pop();
    }
    if (r.length === 0) this.rows.delete(row);
  }

  /** Row keys inside [first, last], ascending; walks whichever is smaller, the block or the map. */
  private rowKeys(first: number, last: number): number[] {
    const keys: number[] = [];
    if (last - first + 1 <= this.rows.size) {
      for (let r = first; r <= last; r++) if (this.rows.has(r)) keys.push(r);
    } else {
      for (const r of this.rows.keys()) if (r >= first && r <= last) keys.push(r);
      keys.sort((a, b) => a - b);
    }
    return keys;
  }

  /** The filled rows in [first, last], ascending, each with its cells by column (the grid's own arrays: read only). */
  rowsIn(first: number, last: number): [number, readonly (T | undefined)[]][] {
    return this.rowKeys(first, last).map((r) => [r, this.rows.get(r)!]);
  }

  /** The indexes of the filled rows, in no order. */
  rowIndexes(): IterableIterator<number> {
    return this.rows.keys();
  }

  forEachIn(block: CellBlock, fn: (row: number, col: number, value: T) => void): void {
    const lastCol = block.column + block.columnCount - 1;
    for (const r of this.rowKeys(block.row, block.row + block.rowCount - 1)) {
      const cells = this.rows.get(r) ?? [];
      const end = Math.min(lastCol, cells.length - 1);
      for (let c = block.column; c <= end; c++) {
        const v = cells[c];
        if (v !== undefined) fn(r, c, v);
      }
    }
  }

  clearBlock(block: CellBlock): void {
    const hits: [number, number][] = [];
    this.forEachIn(block, (r, c) => hits.push([r, c]));
    for (const [r, c] of hits) this.delete(r, c);
  }

  /** Smallest block holding every cell inside `within` (the whole layer when omitted); null when none. */
  bounds(within?: CellBlock): CellBlock | null {
    let top = Infinity;
    let bottom = -1;
    let left = Infinity;
    let right = -1;
    const visit = (r: number, c: number): void => {
      top = Math.min(top, r);
      bottom = Math.max(bottom, r);
      left = Math.min(left, c);
      right = Math.max(right, c);
    };
    if (within) this.forEachIn(within, visit);
    else
      for (const [r, cells] of this.rows)
        cells.forEach((v, c) => {
          if (v !== undefined) visit(r, c);
        });
    if (bottom < 0) return null;
    return { row: top, column: left, rowCount: bottom - top + 1, columnCount: right - left + 1 };
  }

  /**
   * Moves the cells at or after `at` along `axis` by `delta` within the cross band [crossFirst, crossLast]
   * (columns when shifting rows, rows when shifting columns). A negative delta first drops the cells in
   * [at, at - delta - 1]: that is deleting cells with shift up/left; a positive delta is inserting.
   */
  shift(axis: Axis, at: number, crossFirst: number, crossLast: number, delta: number): void {
    const crossCount = crossLast - crossFirst + 1;
    const region: CellBlock =
      axis === "rows"
        ? { row: at, rowCount: this.maxRow() - at + 1, column: crossFirst, columnCount: crossCount }
        : { row: crossFirst, rowCount: crossCount, column: at, columnCount: this.maxColumn() - at + 1 };
    if (region.rowCount <= 0 || region.columnCount <= 0) return;
    const hits: [number, number, T][] = [];
    this.forEachIn(region, (r, c, v) => hits.push([r, c, v]));
    for (const [r, c] of hits) this.delete(r, c);
    for (const [r, c, v] of hits) {
      const pos = axis === "rows" ? r : c;
      if (delta < 0 && pos < at - delta) continue; // inside the deleted band
      if (axis === "rows") this.set(r + delta, c, v);
      else this.set(r, c + delta, v);
    }
  }

  maxRow(): number {
    let max = -1;
    for (const r of this.rows.keys()) if (r > max) max = r;
    return max;
  }

  maxColumn(): number {
    let max = -1;
    for (const cells of this.rows.values()) if (cells.length - 1 > max) max = cells.length - 1;
    return max;
  }

  get isEmpty(): boolean {
    return this.rows.size === 0;
  }
}
