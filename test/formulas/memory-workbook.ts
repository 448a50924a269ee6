import { cellAddress, parseA1, parseAddress, type CellBlock } from "../../src/sheet";
import { FormulaEngine, FormulaError, type EngineHost, type Scalar } from "../../src/formulas";
import { ManualClock } from "../support/manual-clock";

interface MemorySheet {
  name: string;
  values: Map<number, Scalar>;
  formulas: Map<number, string>;
  /** Rows and columns up to the last used cell, worked out again after a change (see extent). */
  extent?: { rows: number; columns: number };
}

// Cells by number, not by "row,column" text: a spill of 1,048,576 values is read cell by cell, and building and
// hashing a string per read made a test of such ranges take minutes.
const COLUMNS = 16_384;
const key = (row: number, column: number) => row * COLUMNS + column;
const rowOf = (k: number) => Math.floor(k / COLUMNS);
const columnOf = (k: number) => k % COLUMNS;

/**
 * A workbook in maps, for the engine's tests: `set` is a user typing into cells, `calc` a calculation. Every
 * formula evaluation ends in a write at its anchor, so `evaluated` lists what calculated, in order. Formulas
 * calling EXT.* are "external": they show #BUSY! until the test delivers their result with `deliver`.
 */
export class MemoryWorkbook implements EngineHost {
  readonly sheetsByName = new Map<string, MemorySheet>();
  readonly evaluated: string[] = [];
  readonly externalCalls: string[] = [];
  readonly externalSpills = new Map<string, CellBlock>();
  readonly engine: FormulaEngine;

  constructor(
    names: string[] = ["Sheet1"],
    readonly clock = new ManualClock("2026-03-15T10:00:00Z"),
  ) {
    for (const name of names)
      this.sheetsByName.set(name.toLowerCase(), { name, values: new Map(), formulas: new Map() });
    this.engine = new FormulaEngine(this, { clock: this.clock });
  }

  private sheet(name: string): MemorySheet {
    const s = this.sheetsByName.get(name.toLowerCase());
    if (!s) throw new Error(`no sheet ${name}`);
    return s;
  }

  /** Types values or formulas from a cell down and right: rows of inputs ("=…" is a formula, null empties). */
  set(
    address: string,
    rows: (string | number | boolean | null)[][] | string | number | boolean | null,
    sheetName = "Sheet1",
  ) {
    const matrix = Array.isArray(rows) ? rows : [[rows]];
    const { row, column } = parseA1(address);
    const s = this.sheet(sheetName);
    s.extent = undefined;
    matrix.forEach((line, i) =>
      line.forEach((v, j) => {
        const k = key(row + i, column + j);
        s.formulas.delete(k);
        s.values.delete(k);
        if (typeof v === "string" && v.startsWith("=")) s.formulas.set(k, v);
        else if (v !== null) s.values.set(k, v);
      }),
    );
    this.engine.changed(sheetName, { row, column, rowCount: matrix.length, columnCount: matrix[0].length });
    return this;
  }

  calc(): this {
    this.evaluated.length = 0;
    this.engine.recalculate();
    return this;
  }

  /** The value shown (errors as their code). */
  get(address: string, sheetName = "Sheet1"): Scalar | string {
    const { row, column } = parseA1(address);
    const v = this.value(sheetName, row, column);
    return v instanceof FormulaError ? v.code : v;
  }

  error(address: string, sheetName = "Sheet1"): FormulaError | undefined {
    const { row, column } = parseA1(address);
    const v = this.value(sheetName, row, column);
    return v instanceof FormulaError ? v : undefined;
  }

  range(address: string, sheetName = "Sheet1"): (Scalar | string)[][] {
    const b = parseAddress(address);
    return Array.from({ length: b.rowCount }, (_, i) =>
      Array.from({ length: b.columnCount }, (_, j) => this.get(cellAddress(b.row + i, b.column + j), sheetName)),
    );
  }

  /** An external function's result arrives: written as values from its anchor, reported as changed cells. */
  deliver(address: string, rows: Scalar[][], sheetName = "Sheet1"): void {
    const { row, column } = parseA1(address);
    const s = this.sheet(sheetName);
    s.extent = undefined;
    const old = this.externalSpills.get(`${sheetName}!${address}`);
    if (old)
      for (let i = 0; i < old.rowCount; i++)
        for (let j = 0; j < old.columnCount; j++) if (i || j) s.values.delete(key(old.row + i, old.column + j));
    rows.forEach((line, i) => line.forEach((v, j) => s.values.set(key(row + i, column + j), v)));
    const block = { row, column, rowCount: rows.length, columnCount: rows[0].length };
    this.externalSpills.set(`${sheetName}!${address}`, block);
    const changed = old
      ? {
          row,
          column,
          rowCount: Math.max(old.rowCount, rows.length),
          columnCount: Math.max(old.columnCount, rows[0].length),
        }
      : block;
    this.engine.changed(sheetName, changed);
    this.engine.recalculate();
  }

  // ---- EngineHost ----
  sheetNamed(name: string): string | null {
    return this.sheetsByName.get(name.toLowerCase())?.name ?? null;
  }
  sheets(): string[] {
    return [...this.sheetsByName.values()].map((s) => s.name);
  }
  value(sheet: string, row: number, column: number): Scalar {
    return this.sheetsByName.get(sheet.toLowerCase())?.values.get(key(row, column)) ?? null;
  }
  hasContent(sheet: string, row: number, column: number): boolean {
    const s = this.sheetsByName.get(sheet.toLowerCase());
    return s !== undefined && (s.values.has(key(row, column)) || s.formulas.has(key(row, column)));
  }
  extent(sheet: string): { rows: number; columns: number } {
    const s = this.sheet(sheet);
    if (s.extent) return s.extent;
    let [rows, columns] = [0, 0];
    for (const map of [s.values, s.formulas]) {
      for (const k of map.keys()) {
        rows = Math.max(rows, rowOf(k) + 1);
        columns = Math.max(columns, columnOf(k) + 1);
      }
    }
    return (s.extent = { rows, columns });
  }
  formulasIn(sheet: string, block: CellBlock, visit: (row: number, column: number, formula: string) => void): void {
    for (const [k, f] of this.sheet(sheet).formulas) {
      const [r, c] = [rowOf(k), columnOf(k)];
      if (r >= block.row && r < block.row + block.rowCount && c >= block.column && c < block.column + block.columnCount)
        visit(r, c, f);
    }
  }
  write(sheet: string, row: number, column: number, values: readonly (readonly (Scalar | undefined)[])[]): void {
    const s = this.sheet(sheet);
    s.extent = undefined;
    if (s.formulas.has(key(row, column))) this.evaluated.push(cellAddress(row, column));
    values.forEach((line, i) =>
      line.forEach((v, j) => {
        if (v === null) return;
        if (v === undefined) s.values.delete(key(row + i, column + j));
        else s.values.set(key(row + i, column + j), v);
      }),
    );
  }
  external(formula: string, sheet: string, row: number, column: number): Scalar | undefined {
    if (!/^=EXT\./i.test(formula)) return undefined;
    this.externalCalls.push(`${sheet}!${cellAddress(row, column)}`);
    const delivered = this.externalSpills.get(`${sheet}!${cellAddress(row, column)}`);
    return delivered ? this.value(sheet, row, column) : new FormulaError("#BUSY!");
  }
  externalSpill(sheet: string, row: number, column: number): CellBlock | undefined {
    return this.externalSpills.get(`${sheet}!${cellAddress(row, column)}`);
  }
  isExternal(name: string): boolean {
    return name.toUpperCase().startsWith("EXT.");
  }
}
