import { MAX_ROWS } from "../../sheet";
import type { ExcelRunLike } from "../workbook";

/**
 * What the user does to cells goes through `Excel.run` like any add-in write: typed text is written through
 * `range.values`, so Excel's entry rules apply (`=` starts a formula, an apostrophe keeps text, numbers and
 * dates are recognised). Failures are reported, never thrown into the UI.
 */
export class SheetWriter {
  constructor(
    private readonly run: ExcelRunLike,
    private readonly report: (text: string, isError: boolean) => void,
  ) {}

  async write(sheet: string, address: string, text: string): Promise<void> {
    await this.batch(async (ctx) => {
      ctx.workbook.worksheets.getItem(sheet).getRange(address).values = [[text]];
      await ctx.sync();
    });
  }

  async clear(sheet: string, address: string): Promise<void> {
    await this.batch(async (ctx) => {
      ctx.workbook.worksheets.getItem(sheet).getRange(address).clear("Contents");
      await ctx.sync();
    });
  }

  /** Excel's autofit of one column (double-click on its header's border). */
  async autofitColumn(sheet: string, column: number): Promise<void> {
    await this.batch(async (ctx) => {
      ctx.workbook.worksheets.getItem(sheet).getRangeByIndexes(0, column, MAX_ROWS, 1).format.autofitColumns();
      await ctx.sync();
    });
  }

  /** Adds a sheet; returns its name. */
  async addSheet(): Promise<string | undefined> {
    return this.batch(async (ctx) => {
      const sheet = ctx.workbook.worksheets.add();
      sheet.load("name");
      await ctx.sync();
      return sheet.name;
    });
  }

  private async batch<T>(fn: (ctx: Excel.RequestContext) => Promise<T>): Promise<T | undefined> {
    try {
      return await this.run(fn);
    } catch (error) {
      this.report(error instanceof Error ? error.message : String(error), true);
      return undefined;
    }
  }
}
