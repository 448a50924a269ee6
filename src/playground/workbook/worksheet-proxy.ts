import type { EmulatedContext } from "./request-context";
import type { EmulatedWorksheet } from "./worksheet";

type MakeWorksheet = (
  context: EmulatedContext,
  payload: Record<string, unknown>,
  resolver: () => string | null,
) => EmulatedWorksheet;

let make: MakeWorksheet | undefined;

/**
 * `range.worksheet` and `table.worksheet` hand out a worksheet, and the worksheet hands out ranges and tables. To
 * keep the modules free of an import cycle, ranges and tables reach the worksheet class through this registration,
 * made by worksheet.ts when it loads (always first: a range or a table is only reached through a worksheet or the
 * workbook, which import it).
 */
export function registerWorksheetClass(factory: MakeWorksheet): void {
  make = factory;
}

export function worksheetProxy(
  context: EmulatedContext,
  payload: Record<string, unknown>,
  resolver: () => string | null,
): EmulatedWorksheet {
  if (!make) throw new Error("worksheet.ts has not been loaded");
  return make(context, payload, resolver);
}
