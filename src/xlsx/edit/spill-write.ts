import { a1Range, blockAddress, checkSheetLimits, parseA1, qualifiedAddress, type CellBlock } from "../../sheet";
import { XlsxError } from "../errors";
import type { XlsxValue } from "../model/cell-types";
import { cellsOf, subtract } from "./blocks";
import type { SheetState } from "./sheet-state";

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
 * Writes a formula's new result over the range it spills to: its own cell keeps the formula (its range and
 * dynamic-array mark set as Excel writes them), the cells it newly takes get the values, the cells it leaves are
 * cleared. Refused, with the cell named, when it would take a cell that holds anything or belongs to another
 * formula's range, a table or merged cells. `dynamicArrayCm` gives the cell-metadata index of a dynamic array
 * (adding the metadata the workbook lacks), asked only once nothing can refuse the write.
 */
export function writeSpillInto(
  state: SheetState,
  anchor: string,
  values: readonly (readonly XlsxValue[])[],
  dynamicArrayCm: () => number,
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
  const limit = checkSheetLimits(rows, columns, at.row, at.column);
  if (limit) throw new XlsxError("blocked", `${where}: ${limit.message}`, undefined, where);
  if (f.kind === "dataTable") {
    throw new XlsxError(
      "blocked",
      `${where} is part of a what-if data table, not a formula with a result to write; nothing was written.`,
      undefined,
      where,
    );
  }
  const multi = rows * columns > 1;
  if (multi && f.kind === "shared" && f.ref !== undefined) {
    throw new XlsxError(
      "blocked",
      `The result for ${where} fills ${rows}×${columns} cells, but ${ref} starts a group of filled-down formulas that ` +
        "Excel stores together; nothing was written. Enter the formula in that cell again (so it stands alone) and save.",
      undefined,
      where,
    );
  }
  const next: CellBlock = { row: at.row, column: at.column, rowCount: rows, columnCount: columns };
  const old = state.arrays.get(ref) ?? { row: at.row, column: at.column, rowCount: 1, columnCount: 1 };
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
  const array = f.kind === "array" || multi;
  const legacy = f.kind === "array" && !f.dynamicArray;
  const dynamicCm = array && !legacy && !f.dynamicArray ? dynamicArrayCm() : null;
  state.writes.set(ref, {
    kind: "anchor",
    value: values[0][0] ?? null,
    ref: array ? refOf(next) : null,
    dynamicCm,
    ...(f.kind === "shared" && multi ? { formulaText: f.text } : {}),
  });
  for (const [r, c] of cellsOf(next)) {
    if (r === at.row && c === at.column) continue;
    state.writes.set(a1Range(r, c, 1, 1), { kind: "result", value: values[r - at.row][c - at.column] ?? null });
  }
  for (const block of leaves)
    for (const [r, c] of cellsOf(block)) state.writes.set(a1Range(r, c, 1, 1), { kind: "clear" });
  if (array) state.arrays.set(ref, next);
  else state.arrays.delete(ref);
  return {
    sheet: state.name,
    anchor: ref,
    oldRef: refOf(old),
    newRef: refOf(next),
    takes: takes.map(refOf),
    leaves: leaves.map(refOf),
  };
}
