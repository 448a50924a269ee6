import { cellAddress } from "../../sheet";
import type { CellReader } from "../formulas/resolve-args";
import { CellError, ERROR_CODES, type PlaygroundWorkbook } from "../workbook";

// The workbook's own error codes, plus #BUSY! (shown while a function computes, never typed in).
const ERROR_TEXTS = new Set<string>([...ERROR_CODES, "#BUSY!"]);

/** Reads cells for formula arguments: a missing sheet is #REF!, error values come back as errors. */
export function workbookCellReader(workbook: Pick<PlaygroundWorkbook, "inspect">): CellReader {
  return (sheet, row, column) => {
    if (!workbook.inspect.sheetNames().some((n) => n.toLowerCase() === sheet.toLowerCase()))
      return new CellError("#REF!");
    const snap = workbook.inspect.cell(sheet, cellAddress(row, column));
    if (snap.value === null) return undefined;
    const isError = snap.kind === "error" || snap.kind === "formula";
    if (isError && typeof snap.value === "string" && ERROR_TEXTS.has(snap.value))
      return new CellError(snap.value as CellError["code"]);
    return snap.value;
  };
}
