import { parseFormula, type FormulaEngine } from "../formulas";
import { cellAddress, qualifiedAddress, type CellBlock } from "../sheet";
import { readTargets, type ReadTarget } from "./formula-text";
import type { WorkbookHost } from "./workbook-host";

/** A formula cell: its sheet (as the workbook spells it), row and column. */
export interface FormulaAt {
  sheet: string;
  row: number;
  column: number;
}

export interface Precedents {
  /** Formulas the reads depend on, directly or through other formulas. */
  formulas: FormulaAt[];
  /** SERVICE cells whose results they read ("Report!B2"). */
  serviceCells: string[];
}

function intersects(a: CellBlock, b: CellBlock): boolean {
  return (
    a.row < b.row + b.rowCount &&
    b.row < a.row + a.rowCount &&
    a.column < b.column + b.columnCount &&
    b.column < a.column + a.columnCount
  );
}

/**
 * The formulas an argument list depends on, found from the formulas' text: each reference's cells, the formulas
 * there and the spills that cover them, and theirs in turn. Used to recompute (and write back) a SERVICE cell's
 * inputs, and to find inputs that come from another SERVICE result, which cannot be known before it is read.
 */
export function precedentsOf(
  reads: readonly ReadTarget[],
  host: WorkbookHost,
  engine: FormulaEngine,
  serviceBlocks: ReadonlyMap<string, { sheet: string; block: CellBlock }>,
): Precedents {
  const seen = new Set<string>();
  const formulas: FormulaAt[] = [];
  const service = new Set<string>();
  const queue = [...reads];
  const spills = engine.spills();
  const visit = (sheet: string, row: number, column: number): void => {
    const id = `${sheet.toLowerCase()}!${row},${column}`;
    if (seen.has(id)) return;
    seen.add(id);
    const formula = host.formulaAt(sheet, row, column);
    if (formula === undefined) return;
    formulas.push({ sheet, row, column });
    try {
      queue.push(...readTargets(parseFormula(formula), sheet));
    } catch {
      // A formula the engine cannot read computes to #NAME?, which the argument's reader reports.
    }
  };
  while (queue.length > 0) {
    const target = queue.pop()!;
    const sheet = host.sheetNamed(target.sheet);
    if (sheet === null) continue;
    const block = target.spill
      ? { row: target.block.row, column: target.block.column, rowCount: 1, columnCount: 1 }
      : target.block;
    for (const [address, s] of serviceBlocks) {
      if (s.sheet.toLowerCase() === sheet.toLowerCase() && intersects(s.block, block)) service.add(address);
    }
    for (const spill of spills) {
      if (spill.sheet.toLowerCase() === sheet.toLowerCase() && intersects(spill, block))
        visit(spill.sheet, spill.row, spill.column);
    }
    host.formulasIn(sheet, block, (row, column) => visit(sheet, row, column));
  }
  const external = formulas.filter((f) => serviceBlocks.has(qualifiedAddress(f.sheet, cellAddress(f.row, f.column))));
  return {
    formulas: formulas.filter((f) => !external.includes(f)),
    serviceCells: [...service],
  };
}
