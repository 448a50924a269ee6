import type { CellBlock } from "../sheet";
import { CellIndex } from "./cell-index";
import { blocksIntersect, type FormulaCell } from "./formula-cell";

/**
 * The formulas' dependencies: which formulas are out of date (filed by the cells they output), and which read
 * what (filed by the ranges they read), so a change finds the formulas it reaches without scanning them all.
 */
export class DependencyGraph {
  readonly cells = new Map<string, FormulaCell>();
  readonly #dirty = new Map<FormulaCell, CellBlock>();
  readonly #dirtyAt = new CellIndex<FormulaCell>();
  readonly #readers = new CellIndex<FormulaCell>();
  /** Formulas with an array result (spilled or blocked): a change in their area lays them out again. */
  readonly #wanting = new Set<FormulaCell>();

  get dirtyCount(): number {
    return this.#dirty.size;
  }

  isDirty(cell: FormulaCell): boolean {
    return this.#dirty.has(cell);
  }

  firstDirty(): FormulaCell | undefined {
    return this.#dirty.keys().next().value;
  }

  markDirty(cell: FormulaCell): void {
    if (this.#dirty.has(cell)) return;
    const block = cell.output;
    this.#dirty.set(cell, block);
    this.#dirtyAt.add(cell.sheet.toLowerCase(), block, cell);
  }

  unmarkDirty(cell: FormulaCell): void {
    const block = this.#dirty.get(cell);
    if (!block) return;
    this.#dirty.delete(cell);
    this.#dirtyAt.remove(cell.sheet.toLowerCase(), block, cell);
  }

  /** Out-of-date formulas whose anchor or spill is in the block. */
  dirtyIn(sheet: string, block: CellBlock): FormulaCell[] {
    const lower = sheet.toLowerCase();
    return [...this.#dirtyAt.near(lower, block)].filter((d) => {
      const at = this.#dirty.get(d);
      return at !== undefined && blocksIntersect(at, block);
    });
  }

  recordRead(cell: FormulaCell, sheet: string, block: CellBlock): void {
    const lower = sheet.toLowerCase();
    cell.reads.push({ sheet: lower, block });
    this.#readers.add(lower, block, cell);
  }

  forgetReads(cell: FormulaCell): void {
    for (const r of cell.reads) this.#readers.remove(r.sheet, r.block, cell);
    cell.reads = [];
  }

  /** After a formula was laid out: whether a change in its area concerns it. */
  updateWanted(cell: FormulaCell): void {
    if (cell.wanted) this.#wanting.add(cell);
    else this.#wanting.delete(cell);
  }

  /** Takes a formula out of every index (it was removed or replaced). */
  forget(cell: FormulaCell): void {
    this.unmarkDirty(cell);
    this.forgetReads(cell);
    this.#wanting.delete(cell);
  }

  /** The formulas a change to the block reaches: those that read it, and those whose array result wants it. */
  dependentsOf(sheet: string, block: CellBlock): FormulaCell[] {
    const lower = sheet.toLowerCase();
    const candidates = this.#readers.near(lower, block);
    for (const cell of this.#wanting) candidates.add(cell);
    return [...candidates].filter((cell) => {
      if (!this.cells.has(cell.key)) return false;
      const blocked = cell.wanted && cell.sheet.toLowerCase() === lower && blocksIntersect(cell.wanted, block);
      return blocked || cell.readsFrom(lower, block);
    });
  }

  /** A path of formulas from `start` back to itself through what each read, if there is one. */
  cyclePath(start: FormulaCell): FormulaCell[] | null {
    const producers = (cell: FormulaCell) =>
      [...this.cells.values()].filter((p) => cell.readsFrom(p.sheet.toLowerCase(), p.output));
    const visited = new Set<FormulaCell>();
    const walk = (cell: FormulaCell, path: FormulaCell[]): FormulaCell[] | null => {
      for (const p of producers(cell)) {
        if (p === start) return path;
        if (visited.has(p)) continue;
        visited.add(p);
        const found = walk(p, [...path, p]);
        if (found) return found;
      }
      return null;
    };
    return walk(start, [start]);
  }
}
