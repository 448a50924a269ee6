import { blockUnion, type CellBlock } from "../sheet";
import type { EngineHost } from "./engine-host";
import { blockContains, type FormulaCell } from "./formula-cell";
import { planSpill } from "./spill-plan";
import { FormulaError, type Matrix, type Scalar } from "./values";

function sameValue(a: Scalar, b: Scalar): boolean {
  if (a instanceof FormulaError || b instanceof FormulaError) {
    return a instanceof FormulaError && b instanceof FormulaError && a.code === b.code && a.message === b.message;
  }
  return a === b;
}

function snapshot(host: EngineHost, sheet: string, block: CellBlock): Scalar[] {
  const out: Scalar[] = [];
  for (let r = 0; r < block.rowCount; r++)
    for (let c = 0; c < block.columnCount; c++) out.push(host.value(sheet, block.row + r, block.column + c));
  return out;
}

/** Empties what a formula spilled, but its anchor and the cells written over since (null leaves a cell). */
export function clearSpill(
  host: EngineHost,
  cell: FormulaCell,
  spill: { block: CellBlock; entered: CellBlock[] },
): void {
  const { block, entered } = spill;
  const values = Array.from({ length: block.rowCount }, (_, i) =>
    Array.from({ length: block.columnCount }, (_, j) => {
      const [r, c] = [block.row + i, block.column + j];
      const keep = (r === cell.row && c === cell.column) || entered.some((e) => blockContains(e, r, c));
      return keep ? null : undefined;
    }),
  );
  host.write(cell.sheet, block.row, block.column, values);
}

/**
 * Writes a formula's result: one value, or a spill when the cells it needs are free (#SPILL! with Excel's message
 * otherwise), after clearing its previous spill. Returns the cells whose values changed (old and new spill
 * included), or null when nothing changed.
 */
export function layOut(host: EngineHost, cell: FormulaCell, result: Scalar | Matrix): CellBlock | null {
  const anchor: CellBlock = { row: cell.row, column: cell.column, rowCount: 1, columnCount: 1 };
  const old = cell.spill;
  cell.spill = undefined;
  const region = old ? blockUnion(old.block, anchor) : anchor;
  const before = snapshot(host, cell.sheet, region);
  // An external formula's spill is the host's to lay out (a reopened file's included).
  if (old && !cell.external) clearSpill(host, cell, old);
  cell.wanted = undefined;
  if (Array.isArray(result) && (result.length > 1 || result[0].length > 1) && !cell.external) {
    const plan = planSpill(cell, result.length, result[0].length, (r, c) => host.hasContent(cell.sheet, r, c));
    cell.wanted = plan.block ?? undefined;
    if (plan.kind === "blocked") {
      host.write(cell.sheet, cell.row, cell.column, [[new FormulaError("#SPILL!", plan.message)]]);
    } else {
      host.write(cell.sheet, cell.row, cell.column, result);
      cell.spill = { block: plan.block, entered: [] };
    }
  } else {
    host.write(cell.sheet, cell.row, cell.column, [[Array.isArray(result) ? result[0][0] : result]]);
  }
  const spill = cell.spill?.block;
  const grown =
    spill !== undefined &&
    !(old && blockContains(old.block, spill.row + spill.rowCount - 1, spill.column + spill.columnCount - 1));
  const after = snapshot(host, cell.sheet, region);
  if (!grown && before.every((v, i) => sameValue(v, after[i]))) return null;
  return spill ? blockUnion(region, spill) : region;
}
