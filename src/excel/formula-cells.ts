import { cellAddress, parseAddress, qualifiedAddress } from "../sheet";
import type { ExcelRun } from "./excel-run";

/** A cell whose formula calls a function: where it is and the formula as Excel gives it (A1 form). */
export interface FormulaCell {
  /** `Sheet1!B3`, the sheet quoted as Excel quotes it. */
  address: string;
  sheet: string;
  formula: string;
}

/**
 * Every cell on the sheets whose formula calls `functionName` (for example "SERVICE.QUERY"), read from each sheet's
 * used range (ExcelApi 1.4). What the workbook holds, whatever the add-in's invocations say: Excel may run cells with
 * identical arguments as one invocation, naming one of them, and older builds name none.
 */
export async function findFormulaCells(run: ExcelRun, functionName: string): Promise<FormulaCell[]> {
  const call = new RegExp(`(^|[^A-Za-z0-9_.])${functionName.replace(/\./g, "\\.")}\\(`, "i");
  return run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    const used = sheets.items.map((sheet) => {
      const range = sheet.getUsedRangeOrNullObject();
      range.load(["address", "formulas"]);
      return { name: sheet.name, range };
    });
    await context.sync();
    const found: FormulaCell[] = [];
    for (const { name, range } of used) {
      if (range.isNullObject) continue;
      const origin = parseAddress(range.address);
      range.formulas.forEach((row, r) =>
        row.forEach((formula, c) => {
          if (typeof formula !== "string" || !formula.startsWith("=") || !call.test(formula)) return;
          const address = qualifiedAddress(name, cellAddress(origin.row + r, origin.column + c));
          found.push({ address, sheet: name, formula });
        }),
      );
    }
    return found;
  });
}
