import { FormulaError, type FormulaEngine, type Scalar } from "../formulas";
import { cellAddress, parseAddress, qualifiedAddress } from "../sheet";
import { isCellError, isXlsxError, type WorkbookEdit, type WorkbookFile, type XlsxValue } from "../xlsx";
import { errorText } from "./call-arguments";
import type { FormulaAt } from "./precedents";
import type { DependentReport } from "./report";
import type { ResultChanges } from "./result-changes";
import { toXlsxValue, type WorkbookHost } from "./workbook-host";

function same(a: XlsxValue, b: XlsxValue): boolean {
  if (isCellError(a) || isCellError(b)) return isCellError(a) && isCellError(b) && a.error === b.error;
  return a === b;
}

/** The values a formula shows now: its spill, or its one value. */
function current(host: WorkbookHost, engine: FormulaEngine, f: FormulaAt): Scalar[][] {
  const spill = engine.spillAt(f.sheet, f.row, f.column);
  if (!spill || spill.blocked || spill.block.row !== f.row || spill.block.column !== f.column)
    return [[host.value(f.sheet, f.row, f.column)]];
  const { block } = spill;
  return Array.from({ length: block.rowCount }, (_, r) =>
    Array.from({ length: block.columnCount }, (_, c) => host.value(f.sheet, block.row + r, block.column + c)),
  );
}

/** What the file cached for the formula: its array range's values, or its one value. */
function cachedOf(book: WorkbookFile, f: FormulaAt): XlsxValue[][] {
  const cells = book.worksheet(f.sheet).cells;
  const anchor = cells.get(cellAddress(f.row, f.column));
  const block = anchor?.formula?.kind === "array" && anchor.formula.ref ? parseAddress(anchor.formula.ref) : undefined;
  if (!block) return [[anchor?.value ?? null]];
  return Array.from({ length: block.rowCount }, (_, r) =>
    Array.from(
      { length: block.columnCount },
      (_, c) => cells.get(cellAddress(block.row + r, block.column + c))?.value ?? null,
    ),
  );
}

const keyOf = (f: FormulaAt) => qualifiedAddress(f.sheet, cellAddress(f.row, f.column));

/**
 * Recalculates what the new values reach and writes back, beside `inputs` (the formulas SERVICE cells' inputs came
 * from, computed at today's date), every formula whose value changed and that reads, directly or through other
 * formulas, a cell whose value the refresh changed (`changes`). Nothing else is written: a volatile formula (RAND,
 * NOW, TODAY) that reads no new value keeps what the file shows (a date shown beside last month's data would say
 * they are this month's; a file with nothing new is not touched), nor is a value the engine cannot vouch for (an
 * error: a function it lacks shows #NAME?); Excel's full calculation on load does the rest.
 */
export function writeDependents(
  edit: WorkbookEdit,
  book: WorkbookFile,
  host: WorkbookHost,
  engine: FormulaEngine,
  inputs: readonly FormulaAt[],
  changes: ResultChanges,
  isServiceCell: (f: FormulaAt) => boolean,
): DependentReport[] {
  engine.recalculate();
  const reached = changes.blocks.length ? engine.dependentsOf(changes.blocks) : [];
  const seen = new Set<string>();
  const reports: DependentReport[] = [];
  const worksheets = new Set(book.worksheets().map((w) => w.info.name));
  for (const f of [...inputs, ...reached]) {
    const cell = keyOf(f);
    if (seen.has(cell) || !worksheets.has(f.sheet) || isServiceCell(f)) continue;
    seen.add(cell);
    const now = current(host, engine, f);
    const before = cachedOf(book, f);
    const unchanged =
      now.length === before.length &&
      now.every((row, r) => row.every((v, c) => same(toXlsxValue(v), before[r]?.[c] ?? null)));
    if (unchanged) continue;
    const error = now.flat().find((v): v is FormulaError => v instanceof FormulaError);
    if (error) {
      reports.push({ cell, status: "left to Excel", message: `computes to ${errorText(error)}` });
      continue;
    }
    try {
      edit.writeSpill(
        f.sheet,
        cellAddress(f.row, f.column),
        now.map((row) => row.map(toXlsxValue)),
      );
      reports.push({ cell, status: "recomputed" });
    } catch (e) {
      if (!isXlsxError(e)) throw e;
      reports.push({ cell, status: "left to Excel", message: e.message });
    }
  }
  return reports;
}
