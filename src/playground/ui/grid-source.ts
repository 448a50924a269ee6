import { parseAddress, type CellBlock } from "../../sheet";
import type { FunctionCells } from "../function-cells/function-cells";
import type { ChangeEvent, PlaygroundWorkbook } from "../workbook";
import { CellViews } from "./cell-view";
import type { GridSource } from "./grid-view";

/** What the grid reads from the workbook and the SERVICE cells. */
export class WorkbookGridSource implements GridSource {
  readonly views: CellViews;
  private readonly usedCache = new Map<string, { rows: number; columns: number }>();

  constructor(
    private readonly workbook: Pick<PlaygroundWorkbook, "inspect">,
    private readonly functions: Pick<FunctionCells, "ownerOf">,
    readonly sheet: () => string,
  ) {
    this.views = new CellViews(workbook, functions);
  }

  /**
   * Rows and columns in use, for the scroll area. Finding them walks every stored cell, so it is found once and then
   * grown by each change (`changed`) rather than redone on every scroll frame or chunk of an insert: a
   * million-row insert would walk ten million cells per chunk. Like Excel's scroll area, it does not shrink when
   * cells are cleared, only when the sheet's structure changes.
   */
  used(sheet: string): { rows: number; columns: number } {
    const key = sheet.toLowerCase();
    let used = this.usedCache.get(key);
    if (!used) {
      const address = this.workbook.inspect.usedAddress(sheet);
      const b = address ? parseAddress(address) : null;
      used = b ? { rows: b.row + b.rowCount, columns: b.column + b.columnCount } : { rows: 0, columns: 0 };
      this.usedCache.set(key, used);
    }
    return used;
  }

  changed(event: Pick<ChangeEvent, "sheet" | "block" | "kind">): void {
    const key = event.sheet.toLowerCase();
    const used = this.usedCache.get(key);
    if (event.kind === "structure" || !event.block || !used) {
      this.usedCache.delete(key);
      return;
    }
    const { row, column, rowCount, columnCount } = event.block;
    used.rows = Math.max(used.rows, row + rowCount);
    used.columns = Math.max(used.columns, column + columnCount);
  }

  columnWidth(sheet: string, column: number): number | undefined {
    return this.workbook.inspect.columnWidth(sheet, column);
  }

  spillAround(sheet: string, row: number, column: number): { block: CellBlock; blocked: boolean } | undefined {
    const owner = this.functions.ownerOf(sheet, row, column);
    if (owner?.spilled) return { block: owner.spilled.block, blocked: false };
    if (owner?.wanted) return { block: owner.wanted, blocked: true };
    return this.workbook.inspect.spillAt(sheet, row, column);
  }
}
