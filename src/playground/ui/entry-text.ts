import { cellAddress } from "../../sheet";
import type { FunctionCells } from "../function-cells/function-cells";
import type { PlaygroundWorkbook } from "../workbook";

/**
 * What the formula bar shows for a cell, as Excel does: the formula; for a spilled cell its anchor's formula
 * (greyed); text typed with an apostrophe with the apostrophe; dates as displayed; other numbers in full.
 */
export function entryText(
  workbook: Pick<PlaygroundWorkbook, "inspect">,
  functions: Pick<FunctionCells, "ownerOf">,
  sheet: string,
  row: number,
  column: number,
): { text: string; derived: boolean } {
  const snap = workbook.inspect.cell(sheet, cellAddress(row, column));
  if (snap.formula !== null) return { text: snap.formula, derived: false };
  const owner = functions.ownerOf(sheet, row, column);
  if (owner && owner.spilled && (owner.row !== row || owner.column !== column))
    return { text: owner.formula, derived: true };
  const v = snap.value;
  if (v === null) return { text: "", derived: false };
  if (snap.quotePrefix) return { text: `'${String(v)}`, derived: false };
  if (typeof v === "boolean") return { text: v ? "TRUE" : "FALSE", derived: false };
  if (typeof v === "number" && /[yd]|h:|ss/.test(snap.numberFormat)) return { text: snap.text, derived: false };
  return { text: String(v), derived: false };
}
