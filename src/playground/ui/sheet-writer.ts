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

  /** Text typed into a block, one string per cell (a paste of text from elsewhere). */
  async writeRows(sheet: string, address: string, rows: string[][]): Promise<void> {
    await this.batch(async (ctx) => {
      ctx.workbook.worksheets.getItem(sheet).getRange(address).values = rows;
      await ctx.sync();
    });
  }

  /** Delete ("Contents"), or the ribbon's Clear All and Clear Formats. */
  async clear(sheet: string, address: string, applyTo: "Contents" | "All" | "Formats" = "Contents"): Promise<void> {
    await this.batch(async (ctx) => {
      ctx.workbook.worksheets.getItem(sheet).getRange(address).clear(applyTo);
      await ctx.sync();
    });
  }

  /** One number format for every cell of a block (Office.js takes a single value for the whole range). */
  async setNumberFormat(sheet: string, address: string, format: string): Promise<void> {
    await this.batch(async (ctx) => {
      const range = ctx.workbook.worksheets.getItem(sheet).getRange(address);
      (range as unknown as { numberFormat: string }).numberFormat = format;
      await ctx.sync();
    });
  }

  /** Insert → Table: a table over the block, its first row the headers; returns the table's name. */
  async addTable(sheet: string, address: string): Promise<string | undefined> {
    return this.batch(async (ctx) => {
      const table = ctx.workbook.worksheets.getItem(sheet).tables.add(address, true);
      table.load("name");
      await ctx.sync();
      return table.name;
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
