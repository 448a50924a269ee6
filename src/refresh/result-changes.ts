import type { FormulaEngine, Scalar } from "../formulas";
import type { CellBlock } from "../sheet";
import type { WorkbookHost } from "./workbook-host";

function sameScalar(a: Scalar, b: Scalar): boolean {
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) return a.code === b.code;
  return a === b;
}

/**
 * The cells whose values this refresh changed: a SERVICE result, a bound table, a caption or a SERVICE.SOURCE line
 * written into the engine's host. Only a block whose values differ from what the file showed is passed to the
 * engine, so the formulas recalculated and written back are the ones a new value reaches, never a volatile formula
 * (RAND, NOW) that reads none.
 */
export class ResultChanges {
  readonly blocks: Array<{ sheet: string; block: CellBlock }> = [];

  constructor(
    private readonly host: WorkbookHost,
    private readonly engine: FormulaEngine,
  ) {}

  /** Runs `write` (which sets host values within `block`), and tells the engine when any of them changed. */
  apply(sheet: string, block: CellBlock, write: () => void): void {
    const before = this.valuesIn(sheet, block);
    write();
    if (this.unchanged(sheet, block, before)) return;
    this.blocks.push({ sheet, block });
    this.engine.changed(sheet, block);
  }

  private valuesIn(sheet: string, block: CellBlock): Scalar[] {
    const out: Scalar[] = [];
    for (let r = block.row; r < block.row + block.rowCount; r++)
      for (let c = block.column; c < block.column + block.columnCount; c++) out.push(this.host.value(sheet, r, c));
    return out;
  }

  /** Whether the block holds what it held (compared in place: a second copy of a large result is never made). */
  private unchanged(sheet: string, block: CellBlock, before: readonly Scalar[]): boolean {
    let i = 0;
    for (let r = block.row; r < block.row + block.rowCount; r++)
      for (let c = block.column; c < block.column + block.columnCount; c++)
        if (!sameScalar(this.host.value(sheet, r, c), before[i++])) return false;
    return true;
  }
}
