import type { CellBlock } from "../sheet";
import type { EvalContext } from "./context";
import type { EngineHost } from "./engine-host";
import type { FormulaCell } from "./formula-cell";
import { LAST_COLUMN, LAST_ROW } from "./grammar";
import type { FormulaError, Matrix } from "./values";
import type { RangeRef } from "./values";

/** What a formula's evaluation asks of the engine: cells it reads must be up to date first. */
export interface ReadGate {
  readonly host: EngineHost;
  now(): number;
  /** Brings every formula whose output lies in the block up to date (or notes a circular reference). */
  settle(reader: FormulaCell, sheet: string, block: CellBlock): void;
  spillOf(reader: FormulaCell, sheet: string, row: number, column: number): RangeRef | FormulaError;
  /** Files a range the formula read, so a change there recalculates it. */
  recordRead(reader: FormulaCell, sheet: string, block: CellBlock): void;
}

/** The evaluation context of one formula cell: records what it reads and whether it is volatile. */
export class CellContext implements EvalContext {
  constructor(
    private readonly gate: ReadGate,
    private readonly cell: FormulaCell,
  ) {}

  get sheet(): string {
    return this.cell.sheet;
  }
  get row(): number {
    return this.cell.row;
  }
  get column(): number {
    return this.cell.column;
  }

  sheetNamed(name: string): string | null {
    return this.gate.host.sheetNamed(name);
  }

  isExternal(name: string): boolean {
    return this.gate.host.isExternal?.(name) ?? false;
  }

  externalFunctions(): readonly string[] | undefined {
    return this.gate.host.externalFunctions?.();
  }

  now(): number {
    this.cell.volatile = true;
    return this.gate.now();
  }

  volatile(): void {
    this.cell.volatile = true;
  }

  spillOf(sheet: string, row: number, column: number): RangeRef | FormulaError {
    return this.gate.spillOf(this.cell, sheet, row, column);
  }

  read(ref: RangeRef): Matrix {
    const { sheet, block } = ref;
    this.gate.recordRead(this.cell, sheet, block);
    this.gate.settle(this.cell, sheet, block);
    const host = this.gate.host;
    let { rowCount, columnCount } = block;
    // Whole columns and rows end at the sheet's last used cell: the cells after it are empty.
    if (rowCount === LAST_ROW || columnCount === LAST_COLUMN) {
      const extent = host.extent(sheet);
      if (rowCount === LAST_ROW) rowCount = Math.max(1, Math.min(rowCount, extent.rows - block.row));
      if (columnCount === LAST_COLUMN) columnCount = Math.max(1, Math.min(columnCount, extent.columns - block.column));
    }
    const out: Matrix = [];
    for (let r = 0; r < rowCount; r++) {
      const line = new Array(columnCount);
      for (let c = 0; c < columnCount; c++) line[c] = host.value(sheet, block.row + r, block.column + c);
      out.push(line);
    }
    return out;
  }
}
