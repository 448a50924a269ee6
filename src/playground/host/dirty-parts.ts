import type { CellBlock } from "../../sheet";
import { ROWS_PER_PART } from "../workbook";

/** A stored part: its key, its size (UTF-16 code units) and how many cells it holds. */
export interface StoredPart {
  key: string;
  size: number;
  cells: number;
}

/** Each sheet's parts by block, as a copy holds them. */
export type SheetBlocks = Map<string, Map<number, StoredPart>>;

/** What changed since a save began: per sheet the blocks, or "all" (the whole sheet; `everything`: every sheet). */
export interface Changes {
  everything: boolean;
  sheets: Map<string, Set<number> | "all">;
}

/**
 * What the last stored copy holds, and what has changed since, by sheet and block of rows: a save serialises only
 * the changed blocks and names the rest by their stored parts. Until a copy in parts is known (a new file, one saved
 * whole), or after another session's save made another copy current, everything is changed.
 */
export class DirtyParts {
  /** The copy the stored parts belong to (undefined: none known). */
  copyId: string | undefined;
  #stored: SheetBlocks = new Map();
  #changes: Changes = { everything: true, sheets: new Map() };

  /** Cells of `sheet` changed within `block`; null: its structure (every block, the sheet's name or existence). */
  changed(sheet: string, block: CellBlock | null): void {
    if (this.#changes.everything) return;
    const sheets = this.#changes.sheets;
    const known = sheets.get(sheet);
    if (block === null || known === "all") {
      sheets.set(sheet, "all");
      return;
    }
    const set = known ?? new Set<number>();
    const last = Math.floor((block.row + block.rowCount - 1) / ROWS_PER_PART);
    for (let b = Math.floor(block.row / ROWS_PER_PART); b <= last; b++) set.add(b);
    sheets.set(sheet, set);
  }

  /** Nothing of the stored parts can be trusted (another copy current, the file forgotten). */
  everything(): void {
    this.copyId = undefined;
    this.#stored = new Map();
    this.#changes = { everything: true, sheets: new Map() };
  }

  /** A save begins: returns the stored parts and the changes to write, and starts collecting the next ones. */
  take(): { copyId: string | undefined; stored: SheetBlocks; changes: Changes } {
    const taken = { copyId: this.copyId, stored: this.#stored, changes: this.#changes };
    this.#changes = { everything: false, sheets: new Map() };
    return taken;
  }

  /** The save stored `copy` (made from the changes it took). */
  saved(copyId: string, stored: SheetBlocks): void {
    this.copyId = copyId;
    this.#stored = stored;
  }

  /** The save failed: what it took is still to be written, with whatever changed meanwhile. */
  failed(changes: Changes): void {
    if (changes.everything) {
      this.#changes = { everything: true, sheets: new Map() };
      return;
    }
    for (const [sheet, blocks] of changes.sheets) {
      if (blocks === "all") this.changed(sheet, null);
      else
        for (const b of blocks) this.changed(sheet, { row: b * ROWS_PER_PART, column: 0, rowCount: 1, columnCount: 1 });
    }
  }

  /** A copy in parts was opened: its parts are what is stored, nothing changed yet. */
  opened(copyId: string, stored: SheetBlocks): void {
    this.copyId = copyId;
    this.#stored = stored;
    this.#changes = { everything: false, sheets: new Map() };
  }
}
