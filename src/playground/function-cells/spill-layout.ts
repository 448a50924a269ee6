import { a1Range, type CellBlock } from "../../sheet";
import { CellError, type PlaygroundWorkbook, type Stored } from "../workbook";
import type { FunctionCell } from "./function-cell";
import { blockContains, planSpill } from "../../formulas";

export type SpillWorkbook = Pick<PlaygroundWorkbook, "inspect" | "writeComputed">;

/** As `range.formulas` reads a value: errors as their code. */
function asRead(v: Stored): string | number | boolean {
  return v instanceof CellError ? v.code : v;
}

/**
 * Writes function results into the sheet the way Excel's calc engine spills a dynamic array: the anchor shows the
 * top-left value, the other cells get the rest unless any of them holds something (then the anchor shows
 * #SPILL! and nothing spills). Spilled cells are values without formulas, so they read back like any value.
 */
export class SpillLayout {
  constructor(
    private readonly workbook: () => SpillWorkbook,
    /** Writes through the workbook while the owner ignores the change events of its own writes. */
    private readonly write: (
      sheet: string,
      row: number,
      column: number,
      values: (Stored | undefined | null)[][],
    ) => void,
    /** Other formulas' spilled blocks on a sheet: a spill may not overlap another. */
    private readonly otherSpills: (cell: FunctionCell) => CellBlock[],
  ) {}

  /** Told after a spill was cleared: another formula blocked by it may spill now. */
  onCleared?: (sheet: string, block: CellBlock) => void;

  private read(sheet: string, block: CellBlock): unknown[][] {
    return this.workbook().inspect.formulas(sheet, a1Range(block.row, block.column, block.rowCount, block.columnCount));
  }

  /** Lays the cell's latest result out again: clears what it spilled, then spills or shows #SPILL!. */
  layout(cell: FunctionCell): void {
    const result = cell.result;
    if (!result || cell.canceled) return;
    this.clear(cell);
    const values = result.values;
    const rows = values.length;
    const columns = values[0].length;
    cell.wanted = undefined;
    if (rows > 1 || columns > 1) {
      const others = this.otherSpills(cell);
      let current: unknown[][] | undefined;
      const plan = planSpill(cell, rows, columns, (r, c) => {
        current ??= this.read(cell.sheet, { row: cell.row, column: cell.column, rowCount: rows, columnCount: columns });
        return current[r - cell.row][c - cell.column] !== "" || others.some((b) => blockContains(b, r, c));
      });
      cell.wanted = plan.block ?? undefined;
      if (plan.kind === "blocked") {
        cell.display = new CellError("#SPILL!");
        cell.message = plan.message;
        this.write(cell.sheet, cell.row, cell.column, [[cell.display]]);
        return;
      }
      cell.spilled = { block: plan.block, values };
    }
    cell.display = values[0][0];
    cell.message = result.messages.get("0,0");
    this.write(cell.sheet, cell.row, cell.column, values);
  }

  /** True when every spilled cell still holds what was spilled there (nobody typed or wrote over it). */
  intact(cell: FunctionCell): boolean {
    const spilled = cell.spilled;
    if (!spilled) return true;
    const current = this.read(cell.sheet, spilled.block);
    return spilled.values.every((line, i) => line.every((v, j) => (i === 0 && j === 0) || current[i][j] === asRead(v)));
  }

  /** Empties the cells this formula spilled into, leaving any that something else has written since. */
  clear(cell: FunctionCell): void {
    const spilled = cell.spilled;
    cell.spilled = undefined;
    if (
      !spilled ||
      !this.workbook()
        .inspect.sheetNames()
        .some((n) => n.toLowerCase() === cell.sheet.toLowerCase())
    )
      return;
    const current = this.read(cell.sheet, spilled.block);
    const clearing = spilled.values.map((line, i) =>
      line.map((v, j) => ((i === 0 && j === 0) || current[i][j] !== asRead(v) ? null : undefined)),
    );
    this.write(cell.sheet, spilled.block.row, spilled.block.column, clearing);
    this.onCleared?.(cell.sheet, spilled.block);
  }
}
