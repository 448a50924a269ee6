import { DYNAMIC_ARRAYS, officeSupports } from "../excel";
import { isExcelErrorValue, parseAddress } from "../sheet";

/**
 * What the workbook shows at a SERVICE cell while Excel runs it again as the file opens: its anchor's spill (or the
 * cell alone), with each value's type as Excel tells it. Undefined when it cannot be read (no Excel API here, the
 * sheet gone, a build without `getSpillingToRangeOrNullObject`).
 */
export interface ShownValues {
  values: unknown[][];
  /** Excel.RangeValueType per cell ("Empty", "Error", "String", "Double", "Boolean", …). */
  types: string[][];
}

export type FileValuesReader = (address: string) => Promise<ShownValues | undefined>;

/**
 * Whether what a re-invoked cell shows is a result the file holds. Current builds keep a pending cell's previous
 * value and spill under a loading mark (office-js#4152, 2024-02-21: "the previous data remains in the cell and a
 * refresh icon … shows up"; office-js#6930, 2026-09-23: the cell "continues to display its previous or stale value"
 * and `range.values` does not say `#BUSY!`), so the read gives the values the file saved. Older builds show
 * `#BUSY!` in the anchor and drop the spill (office-js#4152: "Previously, the cell used to change to #BUSY!"): one
 * cell holding an error. A cell saved empty, or as an error (a `#N/A` "Not loaded", a `#BUSY!`), holds nothing
 * either. A spill of more than one cell is a result even when one of its cells is an error (a note on its header).
 */
export function holdsResult(shown: ShownValues | undefined): shown is ShownValues {
  if (!shown || shown.values.length === 0 || (shown.values[0]?.length ?? 0) === 0) return false;
  // An anchor showing #BUSY! is a cell still being calculated on a build that shows so: whatever its old spill still
  // covers at the moment of the read (the host may not have dropped it yet), the cell holds no result now.
  if (shown.values[0]![0] === "#BUSY!") return false;
  const single = shown.values.length === 1 && shown.values[0]!.length === 1;
  if (!single) return true;
  const type = shown.types[0]?.[0];
  const value = shown.values[0]![0];
  if (type === "Empty" || type === "Error") return false;
  // Without types (a host that does not give them): Excel's error texts and an empty text say the same.
  return !(value === "" || value === null || value === undefined || isExcelErrorValue(value));
}

/**
 * Reads what a cell shows through the Excel API, as the shared runtime may from a custom function
 * (learn.microsoft.com/office/dev/add-ins/excel/call-excel-apis-from-custom-function: reading is allowed; a function
 * must not change other cells). `Range.getSpillingToRangeOrNullObject` (ExcelApi 1.12) gives the spill.
 */
export function excelFileValues(): FileValuesReader | undefined {
  if (typeof Excel === "undefined" || typeof Excel.run !== "function") return undefined;
  return async (address) => {
    // Without it the spill cannot be found: the cell says it is not loaded, as before.
    if (!officeSupports(DYNAMIC_ARRAYS)) return undefined;
    let at: ReturnType<typeof parseAddress>;
    try {
      at = parseAddress(address);
    } catch {
      return undefined;
    }
    if (at.sheet === undefined) return undefined;
    const sheetName = at.sheet;
    try {
      return await Excel.run(async (context) => {
        const cell = context.workbook.worksheets.getItem(sheetName).getCell(at.row, at.column);
        const spill = cell.getSpillingToRangeOrNullObject();
        cell.load("values, valueTypes");
        spill.load("values, valueTypes");
        await context.sync();
        const range = spill.isNullObject ? cell : spill;
        return { values: range.values as unknown[][], types: range.valueTypes as string[][] };
      });
    } catch {
      // Not readable here (an older build, the sheet renamed meanwhile): the cell says it is not loaded instead.
      return undefined;
    }
  };
}
