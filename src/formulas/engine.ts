import { cellAddress, type CellBlock } from "../sheet";
import type { Clock } from "../clock";
import { CellContext, type ReadGate } from "./cell-context";
import type { EngineHost } from "./engine-host";
import { evaluateFormula } from "./evaluate";
import { blockContains, blocksIntersect, cellKey, FormulaCell } from "./formula-cell";
import { DependencyGraph } from "./graph";
import { clearSpill, layOut } from "./layout";
import { formulaReferences } from "./references";
import { FormulaSyntaxError } from "./syntax-error";
import { FormulaError, RangeRef, type Matrix, type Scalar } from "./values";

export interface EngineOptions {
  /** TODAY and NOW read it, so tests and tools decide what day it is. */
  clock: Pick<Clock, "now">;
  /** Add-in namespaces, for formulas read in the file form (`_xldudf_SERVICE_DATASET`). */
  udfNamespaces?: readonly string[];
}

/** A formula's spill as a file keeps it. */
export interface EngineSpill {
  sheet: string;
  row: number;
  column: number;
  rowCount: number;
  columnCount: number;
}

/**
 * How many formulas deep one evaluation may settle others before the loop evaluates the deepest first instead (a
 * long chain would otherwise exhaust the call stack).
 */
const MAX_DEPTH = 100;

/** Thrown through an evaluation that needs a formula too deep to settle in place: the loop evaluates it first. */
class NeedFirst {
  constructor(readonly cell: FormulaCell) {}
}

const WHOLE_SHEET: CellBlock = { row: 0, column: 0, rowCount: 1_048_576, columnCount: 16_384 };
const oneCell = (row: number, column: number): CellBlock => ({ row, column, rowCount: 1, columnCount: 1 });

/**
 * The workbook's calculation: formula cells, what each read last time (its precedents), and their spills. A change
 * reported by the host recalculates only the formulas that read the changed cells, then theirs, and so on, in
 * dependency order (a formula settles the formulas whose cells it reads before reading them); volatile formulas
 * (TODAY, NOW, RAND) are recalculated on every calculation. A circular reference is shown as Excel shows one with
 * iterative calculation off: the formulas in the circle show 0 (Microsoft's "Remove or allow a circular reference"),
 * with a note naming the circle.
 */
export class FormulaEngine implements ReadGate {
  readonly #graph = new DependencyGraph();
  readonly #cells = this.#graph.cells;
  readonly #stack: FormulaCell[] = [];
  readonly #evaluated = new Set<FormulaCell>();
  readonly #circular = new Map<FormulaCell, string>();
  #running = false;

  constructor(
    readonly host: EngineHost,
    private readonly options: EngineOptions,
  ) {}

  now(): number {
    return this.options.clock.now();
  }

  /** Reads every formula of the workbook again (after opening a file or a structural change); all recalculate. */
  rebuild(): void {
    const seen = new Set<string>();
    // Formulas of a sheet that was renamed keep their spills under the new name.
    const renamed = new Map<string, FormulaCell>();
    for (const cell of this.#cells.values()) {
      if (this.host.sheetNamed(cell.sheet) === null) renamed.set(`${cell.row},${cell.column},${cell.formula}`, cell);
    }
    for (const sheet of this.host.sheets()) {
      this.host.formulasIn(sheet, WHOLE_SHEET, (row, column, formula) => {
        const key = cellKey(sheet, row, column);
        seen.add(key);
        const cell = this.#cells.get(key);
        if (cell?.formula === formula) this.#graph.markDirty(cell);
        else this.#add(sheet, row, column, formula, cell ?? renamed.get(`${row},${column},${formula}`));
      });
    }
    for (const cell of [...this.#cells.values()]) if (!seen.has(cell.key)) this.#remove(cell);
  }

  /** Cells of a block changed (typed, cleared, written by the host): formulas there and their dependents recompute. */
  changed(sheet: string, block: CellBlock): void {
    this.#sync(sheet, block);
    const lower = sheet.toLowerCase();
    for (const cell of this.#cells.values()) {
      const spill = cell.spill;
      if (!spill || cell.sheet.toLowerCase() !== lower || !blocksIntersect(spill.block, block)) continue;
      const onlyAnchor =
        block.rowCount === 1 && block.columnCount === 1 && block.row === cell.row && block.column === cell.column;
      if (onlyAnchor) continue;
      // Something was written over the spill: those cells are no longer ours, and the formula lays out again.
      spill.entered.push(block);
      this.#graph.markDirty(cell);
    }
    this.#markDependents(sheet, block);
  }

  /** Calculates what is out of date, and every volatile formula. */
  recalculate(): void {
    if (this.#running) return;
    this.#running = true;
    this.#evaluated.clear();
    this.#circular.clear();
    try {
      for (const cell of this.#cells.values()) if (cell.volatile) this.#graph.markDirty(cell);
      // Each formula normally calculates once; a spill that grows may recalculate a few again. The bound only
      // guards against a loop the cycle detection would miss.
      let budget = 20 * this.#cells.size + 100;
      const work: FormulaCell[] = [];
      while (budget-- > 0) {
        while (work.length > 0 && !this.#graph.isDirty(work[work.length - 1])) work.pop();
        const next = work[work.length - 1] ?? this.#graph.firstDirty();
        if (!next) break;
        try {
          this.#ensure(next);
        } catch (e) {
          if (!(e instanceof NeedFirst)) throw e;
          const seen = work.indexOf(e.cell);
          if (seen < 0) work.push(e.cell);
          else this.#breakCircle([...new Set([...(this.#graph.cyclePath(e.cell) ?? []), ...work.splice(seen)])]);
        }
      }
    } finally {
      this.#running = false;
      // Outside a calculation every change dirties what it reaches (a circle may have been broken).
      this.#evaluated.clear();
      this.#circular.clear();
    }
  }

  /** Every formula recalculates (Excel's full calculation). */
  calculateFull(): void {
    for (const cell of this.#cells.values()) this.#graph.markDirty(cell);
    this.recalculate();
  }

  /** A reopened file's spill belongs to its formula: its next result replaces those cells instead of being blocked. */
  adoptSpill(spill: EngineSpill): void {
    const cell = this.#cells.get(cellKey(spill.sheet, spill.row, spill.column));
    if (!cell || cell.spill) return;
    const dirty = this.#graph.isDirty(cell);
    this.#graph.unmarkDirty(cell);
    cell.spill = { block: { ...spill }, entered: [] };
    if (dirty) this.#graph.markDirty(cell);
  }

  spills(): EngineSpill[] {
    return [...this.#cells.values()].flatMap((c) =>
      c.spill && !c.external ? [{ sheet: c.sheet, ...c.spill.block }] : [],
    );
  }

  /** The spill (or blocked spill area) a cell belongs to, for drawing its outline. */
  spillAt(sheet: string, row: number, column: number): { block: CellBlock; blocked: boolean } | undefined {
    const lower = sheet.toLowerCase();
    for (const c of this.#cells.values()) {
      if (c.sheet.toLowerCase() !== lower || c.external) continue;
      if (c.spill && blockContains(c.spill.block, row, column)) return { block: c.spill.block, blocked: false };
      if (!c.spill && c.wanted && blockContains(c.wanted, row, column)) return { block: c.wanted, blocked: true };
    }
    return undefined;
  }

  /** A note about a formula cell's value that is not an error's message (a circular reference). */
  noteAt(sheet: string, row: number, column: number): string | undefined {
    return this.#cells.get(cellKey(sheet, row, column))?.note;
  }

  /**
   * The formulas that read the blocks, directly or through other formulas, as the last calculation found them (what
   * each read): what a change to those cells reaches. External formulas are not followed: their values are the
   * host's, not computed from what they read.
   */
  dependentsOf(
    blocks: ReadonlyArray<{ sheet: string; block: CellBlock }>,
  ): Array<{ sheet: string; row: number; column: number }> {
    const found = new Set<FormulaCell>();
    const queue = [...blocks];
    for (let next = queue.pop(); next; next = queue.pop()) {
      for (const cell of this.#graph.dependentsOf(next.sheet, next.block)) {
        if (found.has(cell) || cell.external) continue;
        found.add(cell);
        queue.push({ sheet: cell.sheet, block: cell.output });
      }
    }
    return [...found].map((c) => ({ sheet: c.sheet, row: c.row, column: c.column }));
  }

  /** The formula cells in a circular reference, as "Sheet!A1". */
  circularReferences(): string[] {
    return [...this.#cells.values()].filter((c) => c.note).map((c) => `${c.sheet}!${cellAddress(c.row, c.column)}`);
  }

  // ---- the graph ----

  recordRead(cell: FormulaCell, sheet: string, block: CellBlock): void {
    this.#graph.recordRead(cell, sheet, block);
  }

  #add(sheet: string, row: number, column: number, formula: string, replaced?: FormulaCell): void {
    const cell = new FormulaCell(sheet, row, column, formula, this.options.udfNamespaces);
    // A new formula in the same cell takes over the old one's spill: its result replaces those cells.
    if (replaced?.spill && !replaced.external) cell.spill = replaced.spill;
    if (replaced) this.#graph.forget(replaced);
    this.#cells.set(cell.key, cell);
    this.#graph.markDirty(cell);
  }

  #remove(cell: FormulaCell): void {
    this.#cells.delete(cell.key);
    this.#graph.forget(cell);
    // As in Excel, the spill goes with its formula (cells written over since keep what was written).
    if (cell.spill && this.host.sheetNamed(cell.sheet) !== null) {
      clearSpill(this.host, cell, cell.spill);
      this.#markDependents(cell.sheet, cell.spill.block);
    }
  }

  /** Makes the engine's formulas in a block match the host's. */
  #sync(sheet: string, block: CellBlock): void {
    const found = new Map<string, [number, number, string]>();
    this.host.formulasIn(sheet, block, (row, column, formula) =>
      found.set(cellKey(sheet, row, column), [row, column, formula]),
    );
    const lower = sheet.toLowerCase();
    for (const cell of [...this.#cells.values()]) {
      if (cell.sheet.toLowerCase() !== lower || !blockContains(block, cell.row, cell.column)) continue;
      const now = found.get(cell.key);
      if (now && now[2] === cell.formula) continue;
      if (now) this.#add(sheet, now[0], now[1], now[2], cell);
      else this.#remove(cell);
    }
    for (const [key, [row, column, formula]] of found)
      if (!this.#cells.has(key)) this.#add(sheet, row, column, formula);
  }

  #markDependents(sheet: string, block: CellBlock, except?: FormulaCell): void {
    for (const cell of this.#graph.dependentsOf(sheet, block)) if (cell !== except) this.#dirtyAgain(cell);
  }

  /** Marks a formula for calculation; one already calculated in this pass that depends on itself is circular. */
  #dirtyAgain(cell: FormulaCell): void {
    if (this.#circular.has(cell)) return;
    if (this.#evaluated.has(cell)) {
      const path = this.#graph.cyclePath(cell);
      if (path) {
        this.#markCircular(path);
        for (const member of path) this.#apply(member, 0);
        return;
      }
    }
    this.#graph.markDirty(cell);
  }

  #markCircular(members: FormulaCell[]): void {
    const names = members.map((m) => cellAddress(m.row, m.column));
    const text = `Circular reference: ${[...names, names[0]].join(" → ")}. Excel shows 0 until the circle is broken.`;
    for (const m of members) this.#circular.set(m, text);
  }

  // ---- calculation ----

  /** A circle found through the loop's work list (longer than MAX_DEPTH): each of its formulas shows 0. */
  #breakCircle(members: FormulaCell[]): void {
    this.#markCircular(members);
    for (const m of members) {
      this.#graph.unmarkDirty(m);
      this.#evaluated.add(m);
      this.#apply(m, 0);
    }
  }

  settle(reader: FormulaCell, sheet: string, block: CellBlock): void {
    const lower = sheet.toLowerCase();
    for (const d of this.#graph.dirtyIn(sheet, block)) {
      if (!this.#graph.isDirty(d) || this.#stack.includes(d)) continue;
      if (this.#stack.length >= MAX_DEPTH) throw new NeedFirst(d);
      this.#ensure(d);
    }
    const i = this.#stack.findIndex((s) => s.sheet.toLowerCase() === lower && blockContains(block, s.row, s.column));
    if (i >= 0) this.#markCircular(this.#stack.slice(i));
    void reader;
  }

  spillOf(reader: FormulaCell, sheet: string, row: number, column: number): RangeRef | FormulaError {
    const anchor = oneCell(row, column);
    this.recordRead(reader, sheet, anchor);
    this.settle(reader, sheet, anchor);
    const address = cellAddress(row, column);
    const cell = this.#cells.get(cellKey(sheet, row, column));
    if (!cell) return new FormulaError("#REF!", `${address} holds no formula, so ${address}# refers to nothing.`);
    if (cell.external) return new RangeRef(sheet, this.host.externalSpill?.(sheet, row, column) ?? anchor);
    if (cell.spill) return new RangeRef(sheet, cell.spill.block);
    if (cell.wanted)
      return new FormulaError("#REF!", `${address} cannot spill (#SPILL!), so ${address}# refers to nothing.`);
    return new RangeRef(sheet, anchor);
  }

  #ensure(cell: FormulaCell): void {
    if (!this.#graph.isDirty(cell) || this.#stack.includes(cell)) return;
    this.#graph.unmarkDirty(cell);
    this.#stack.push(cell);
    this.#graph.forgetReads(cell);
    cell.volatile = false;
    let result: Scalar | Matrix;
    try {
      result = this.#evaluate(cell);
    } catch (e) {
      // Evaluated again once what it needs is up to date.
      if (e instanceof NeedFirst) this.#graph.markDirty(cell);
      throw e;
    } finally {
      this.#stack.pop();
    }
    this.#evaluated.add(cell);
    if (this.#circular.has(cell)) result = 0;
    this.#apply(cell, result);
  }

  #evaluate(cell: FormulaCell): Scalar | Matrix {
    const { host } = this;
    const node = cell.node;
    const top = node instanceof FormulaSyntaxError || node.type !== "call" ? null : node.name;
    if (host.external && (top === null || (host.isExternal?.(top) ?? true))) {
      // An add-in's function reads its arguments' cells itself: bring them up to date first.
      if (!(node instanceof FormulaSyntaxError)) {
        const ctx = new CellContext(this, cell);
        for (const ref of formulaReferences(node, ctx)) ctx.read(ref);
      }
      const v = host.external(cell.formula, cell.sheet, cell.row, cell.column);
      cell.external = v !== undefined;
      if (v !== undefined) return v;
    }
    cell.external = false;
    if (node instanceof FormulaSyntaxError) {
      return new FormulaError("#NAME?", `This formula can't be read: ${node.message}.`);
    }
    return evaluateFormula(node, new CellContext(this, cell));
  }

  #apply(cell: FormulaCell, result: Scalar | Matrix): void {
    cell.note = this.#circular.get(cell);
    const changed = layOut(this.host, cell, result);
    this.#graph.updateWanted(cell);
    // Dependents recalculate when any cell the formula had or has now changed.
    if (changed) this.#markDependents(cell.sheet, changed, cell);
  }
}
