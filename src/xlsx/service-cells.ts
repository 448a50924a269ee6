import { cellAddress, parseAddress } from "../sheet";
import { findServiceCalls, type ServiceCall } from "./formula/service-calls";
import type { XlsxValue } from "./model/cell-types";
import type { WorkbookFile } from "./workbook-file";

/** A cell whose formula calls SERVICE functions, with what Excel last cached for it. */
export interface ServiceCell {
  sheet: string;
  /** The formula's cell ("B2"): the top-left of its spill. */
  ref: string;
  /** As stored, without "=". */
  formula: string;
  /** Every SERVICE call in it; `calls[0].whole` when the formula is one call and nothing else. */
  calls: ServiceCall[];
  /** Names after `_xldudf_SERVICE_` that the add-in does not have (such a cell is reported, never guessed at). */
  unknownNames: string[];
  dynamicArray: boolean;
  /** The range its cached result fills: the array formula's range, or the cell alone. */
  spillRef: string;
  /** The cached values of that range, row by row (null for an empty cell). */
  cached: XlsxValue[][];
}

const MARK = "_xldudf_service_";

/** Every SERVICE cell of every worksheet, sheet by sheet, row by row. */
export function findServiceCells(book: WorkbookFile): ServiceCell[] {
  const found: ServiceCell[] = [];
  for (const sheet of book.worksheets()) {
    // Cells are kept in the order the sheet stores them, which the reader checked is row by row.
    for (const cell of sheet.cells.values()) {
      const f = cell.formula;
      if (!f || !f.text.toLowerCase().includes(MARK)) continue;
      const calls = findServiceCalls(f.text);
      if (!calls.length) continue;
      const spillRef = f.kind === "array" && f.ref ? f.ref : cell.ref;
      const block = parseAddress(spillRef);
      const cached: XlsxValue[][] = [];
      for (let r = 0; r < block.rowCount; r++) {
        const row: XlsxValue[] = [];
        for (let c = 0; c < block.columnCount; c++) {
          row.push(sheet.cells.get(cellAddress(block.row + r, block.column + c))?.value ?? null);
        }
        cached.push(row);
      }
      found.push({
        sheet: sheet.info.name,
        ref: cell.ref,
        formula: f.text,
        calls,
        unknownNames: calls.filter((c) => c.function === null).map((c) => c.storedName),
        dynamicArray: f.dynamicArray,
        spillRef,
        cached,
      });
    }
  }
  return found;
}
