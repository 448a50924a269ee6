import { a1Range, blockAddress, checkSheetLimits, parseA1, qualifiedAddress, type CellBlock } from "../../sheet";
import { XlsxError } from "../errors";
import type { XlsxValue } from "../model/cell-types";
import { cellsOf, subtract } from "./blocks";
import type { Blocker, SheetState } from "./sheet-state";

/** What a spill write did: the range before and after, and the blocks of cells it took and left. */
export interface SpillPlan {
  sheet: string;
  anchor: string;
  oldRef: string;
  newRef: string;
  takes: string[];
  leaves: string[];
}

const refOf = (b: CellBlock) => blockAddress(b);

/**
 * The values a formula stored without the dynamic-array mark shows, as Excel computes it
 * (https://support.microsoft.com/office/dynamic-array-formulas-vs-legacy-cse-array-formulas-ca421f1b-fbb2-4c99-9924-df571bd4f1b4):
 * a plain formula is implicitly intersected (shown as `=@…` in Excel 365) and keeps one value, the result's first
 * (https://support.microsoft.com/office/implicit-intersection-operator-ce3be07b-0101-4450-a24e-c1c999be2b34); a
 * legacy array formula (Ctrl+Shift+Enter) keeps the range it was entered over: the result is cut to it, and its
 * cells beyond the result show #N/A.
 */
function legacyValues(block: CellBlock, values: readonly (readonly XlsxValue[])[]): XlsxValue[][] {
  return Array.from({ length: block.rowCount }, (_, r) =>
    Array.from({ length: block.columnCount }, (_, c) =>
      r < values.length && c < values[r].length ? (values[r][c] ?? null) : { error: "#N/A" },
    ),
  );
}

/**
 * What stands in the way of a dynamic array of `rows` × `columns` from `anchor`, checked as `writeSpillInto` would
 * (the cells it would newly take), nothing written: the first such cell, or null when the spill would fit.
 */
export function spillBlockerIn(state: SheetState, anchor: string, rows: number, columns: number): Blocker | null {
  const at = parseA1(anchor);
  const ref = a1Range(at.row, at.column, 1, 1);
  const old = state.arrays.get(ref) ?? { row: at.row, column: at.column, rowCount: 1, columnCount: 1 };
  const next: CellBlock = { row: at.row, column: at.column, rowCount: rows, columnCount: columns };
  for (const block of subtract(next, old)) {
    const blocker = state.blockerIn(block, { anchor: ref });
    if (blocker) return blocker;
  }
  return null;
}

/**
 * Writes a formula's new result: a dynamic array's over the range it spills to (its own cell keeps the formula with
 * its new range, the cells it newly takes get the values, the cells it leaves are cleared; refused, with the cell
 * named, when it would take a cell that holds anything or belongs to another formula's range, a table or merged
 * cells), a legacy formula's in the cells it has (`legacyValues`): it never spills, so nothing can block it.
 */
export function writeSpillInto(
  state: SheetState,
  anchor: string,
  values: readonly (readonly XlsxValue[])[],
): SpillPlan {
  const at = parseA1(anchor);
  const ref = a1Range(at.row, at.column, 1, 1);
  const cell = state.layout.cells.get(ref);
  const f = cell?.formula;
  const where = qualifiedAddress(state.name, ref);
  if (!f)
    throw new XlsxError(
      "not-found",
      `${where} holds no formula, so there is no result to write there.`,
      undefined,
      where,
    );
  const rows = values.length;
  const columns = Math.max(0, ...values.map((r) => r.length));
  if (!rows || !columns) throw new XlsxError("bad-value", `The result for ${where} has no rows or no columns.`);
  const limit = f.dynamicArray ? checkSheetLimits(rows, columns, at.row, at.column) : null;
  if (limit) throw new XlsxError("blocked", `${where}: ${limit.message}`, undefined, where);
  if (f.kind === "dataTable") {
    throw new XlsxError(
      "blocked",
      `${where} is part of a what-if data table, not a formula with a result to write; nothing was written.`,
      undefined,
      where,
    );
  }
  const old = state.arrays.get(ref) ?? { row: at.row, column: at.column, rowCount: 1, columnCount: 1 };
  const next: CellBlock = f.dynamicArray
    ? { row: at.row, column: at.column, rowCount: rows, columnCount: columns }
    : old;
  const shown = f.dynamicArray ? values : legacyValues(next, values);
  const takes = subtract(next, old);
  for (const block of takes) {
    state.refuseBlocked(
      `The result of the formula in ${where} needs ${qualifiedAddress(state.name, refOf(next))}`,
      block,
      { anchor: ref },
      "Clear or move that cell (or move the formula), then refresh again.",
    );
  }
  const leaves = subtract(old, next);
  state.writes.set(ref, {
    kind: "anchor",
    value: shown[0][0] ?? null,
    ref: f.dynamicArray ? refOf(next) : null,
  });
  for (const [r, c] of cellsOf(next)) {
    if (r === at.row && c === at.column) continue;
    state.writes.set(a1Range(r, c, 1, 1), { kind: "result", value: shown[r - at.row][c - at.column] ?? null });
  }
  for (const block of leaves)
    for (const [r, c] of cellsOf(block)) state.writes.set(a1Range(r, c, 1, 1), { kind: "clear" });
  if (f.kind === "array") state.arrays.set(ref, next);
  return {
    sheet: state.name,
    anchor: ref,
    oldRef: refOf(old),
    newRef: refOf(next),
    takes: takes.map(refOf),
    leaves: leaves.map(refOf),
  };
}
