import type { ExcelRun } from "./excel-run";

/**
 * A full recalculation: every formula is marked dirty and computed again, custom functions included (F9 and a
 * plain recalculation do not re-run non-volatile custom functions, and Excel does not recalculate them when a
 * workbook opens). SERVICE cells the cache cannot serve then fetch their data again, and reads cost credits.
 */
export async function recalculateAll(run: ExcelRun): Promise<void> {
  await run(async (context) => {
    context.workbook.application.calculate("Full");
    await context.sync();
  });
}
