import type { Scalar } from "../formulas";

/**
 * A sheet's values by row, each row an array by column: a refresh holds every cell of a million-row table here,
 * and a key string and map entry per cell cost several times the values themselves (in memory and in collection).
 * Empty cells are holes (never `null`).
 */
export class CellGrid {
  readonly #rows = new Map<number, (Scalar | undefined)[]>();

  get(row: number, column: number): Scalar {
    return this.#rows.get(row)?.[column] ?? null;
  }

  has(row: number, column: number): boolean {
    return this.#rows.get(row)?.[column] !== undefined;
  }

  set(row: number, column: number, value: Scalar): void {
    let line = this.#rows.get(row);
    if (value === null) {
      if (line && column < line.length) line[column] = undefined;
      return;
    }
    if (!line) this.#rows.set(row, (line = []));
    while (line.length < column) line.push(undefined);
    line[column] = value;
  }

  /** Rows and columns up to the last cell that holds a value. */
  extent(): { rows: number; columns: number } {
    let [rows, columns] = [0, 0];
    for (const [row, line] of this.#rows) {
      let last = line.length - 1;
      while (last >= 0 && line[last] === undefined) last--;
      if (last < 0) continue;
      rows = Math.max(rows, row + 1);
      columns = Math.max(columns, last + 1);
    }
    return { rows, columns };
  }
}
