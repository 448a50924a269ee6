import { parseAddress } from "../sheet";
import type { ResultSource } from "../service-cells";

/** Where a SERVICE result is shown: its anchor cell and the size of its spill, and where its rows came from. */
export interface ResultPlace {
  sheet: string;
  row: number;
  column: number;
  rows: number;
  columns: number;
  source: ResultSource;
  /** The request the cell shows (a refresh of it may be held: see HeldRefreshes). */
  key?: string;
}

/** "Sheet1!B3" (or "'My sheet'!B3:C4": its first cell) as a sheet and a zero-based cell; undefined if it is none. */
export function cellOf(address: string): { sheet: string; row: number; column: number } | undefined {
  try {
    const parsed = parseAddress(address);
    return parsed.sheet === undefined ? undefined : { sheet: parsed.sheet, row: parsed.row, column: parsed.column };
  } catch {
    return undefined;
  }
}

const keyOf = (sheet: string, row: number, column: number) => `${sheet.toLowerCase()}!${row},${column}`;

/**
 * The SERVICE results on the sheets now, by the address of the cell that shows each (as Excel gives streaming
 * functions their own address): what SERVICE.SOURCE looks a reference up in. A cell Excel gave no address (an older
 * build, or a second cell sharing one stream) is not here; a cell that shows an error or was cleared is removed.
 */
export class ResultPlaces {
  readonly #places = new Map<string, ResultPlace>();
  readonly #listeners = new Set<() => void>();

  set(address: string | undefined, rows: number, columns: number, source: ResultSource, key?: string): void {
    const at = address === undefined ? undefined : cellOf(address);
    if (!at) return;
    this.#places.set(keyOf(at.sheet, at.row, at.column), { ...at, rows, columns, source, ...(key ? { key } : {}) });
    this.#changed();
  }

  remove(address: string | undefined): void {
    const at = address === undefined ? undefined : cellOf(address);
    if (at && this.#places.delete(keyOf(at.sheet, at.row, at.column))) this.#changed();
  }

  /** The result whose anchor is the cell, else the one whose spill contains it. */
  at(sheet: string, row: number, column: number): ResultPlace | undefined {
    const own = this.#places.get(keyOf(sheet, row, column));
    if (own) return own;
    const name = sheet.toLowerCase();
    for (const p of this.#places.values()) {
      if (p.sheet.toLowerCase() !== name) continue;
      if (row >= p.row && row < p.row + p.rows && column >= p.column && column < p.column + p.columns) return p;
    }
    return undefined;
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
