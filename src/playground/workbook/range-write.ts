import type { CellBlock } from "../../sheet";
import type { SheetState } from "./cell-types";
import { officeError } from "./errors";
import { normalizeHeaders } from "./table-state";
import type { WorkbookState } from "./workbook-state";

export type MatrixKind = "values" | "formulas" | "numberFormat";

/** Largest block a single (non-array) value may be broadcast to, to keep the emulation's memory bounded. */
const BROADCAST_LIMIT = 2_100_000;
const MISMATCH = "The number of rows or columns in the input array doesn't match the size or dimensions of the range.";

/**
 * Applies an assignment of `values`, `formulas` or `numberFormat` to a block: a 2D array of exactly the block's
 * size, or a single value that Office.js applies to every cell. null entries leave their cell unchanged.
 * Values and formulas go through Excel's entry rules (entry.ts); headers of tables touched stay unique text.
 * A generator: it pauses after each row so the sync applying it can give the page a turn in a large write; the
 * size check runs before the first row, and the change is recorded after the last.
 */
export function* writeMatrixInput(
  state: WorkbookState,
  sheet: SheetState,
  block: CellBlock,
  kind: MatrixKind,
  input: unknown,
): Generator<void, void, void> {
  let at: (i: number, j: number) => unknown;
  if (Array.isArray(input)) {
    const rows = input as unknown[];
    if (rows.length !== block.rowCount || rows.some((r) => !Array.isArray(r) || r.length !== block.columnCount)) {
      throw officeError("InvalidArgument", MISMATCH);
    }
    at = (i, j) => (rows[i] as unknown[])[j];
  } else {
    if (block.rowCount * block.columnCount > BROADCAST_LIMIT)
      throw officeError("InvalidArgument", "The range is too large for the emulation.");
    at = () => input;
  }
  for (let i = 0; i < block.rowCount; i++) {
    for (let j = 0; j < block.columnCount; j++) {
      const v = at(i, j);
      if (kind !== "numberFormat") {
        state.writeInput(sheet, block.row + i, block.column + j, v);
        continue;
      }
      if (v === null || v === undefined) continue;
      if (typeof v !== "string") throw officeError("InvalidArgument", "A number format must be a string.");
      // "" resets to General, as in Office.js.
      sheet.formats.set(block.row + i, block.column + j, v === "" || v === "General" ? undefined : v);
    }
    yield;
  }
  if (kind !== "numberFormat") {
    for (const table of state.tablesOn(sheet.id)) {
      const header = table.block.row;
      if (header >= block.row && header < block.row + block.rowCount) normalizeHeaders(sheet, table);
    }
  }
  state.changes.touch(sheet.id, block);
}
