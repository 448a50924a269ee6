import type { CellBlock } from "../../sheet";
import type { FakeStreamingInvocation } from "../custom-functions";
import { CellError, type Stored } from "../workbook";
import type { ShapedResult } from "./result-shape";

/** Where a formula cell is: sheet name and zero-based position. */
export interface CellPosition {
  sheet: string;
  row: number;
  column: number;
}

export function positionKey(sheet: string, row: number, column: number): string {
  return `${sheet.toLowerCase()}!${row},${column}`;
}

/**
 * One cell holding a SERVICE.* formula: the invocation running for its current arguments, the last result, and
 * what it shows (the anchor value, the spilled block, hover messages).
 */
export class FunctionCell implements CellPosition {
  invocation?: FakeStreamingInvocation<unknown>;
  canceled = false;
  result?: ShapedResult;
  /** What the anchor shows now; #BUSY! until the first result. */
  display: Stored = new CellError("#BUSY!");
  /** Hover text of the anchor (error message, #SPILL! cause). */
  message?: string;
  /** The block this cell's values were written to (anchor included), while spilled. */
  spilled?: { block: CellBlock; values: Stored[][] };
  /** The block the latest result needs, also while blocked: a change there may unblock it. */
  wanted?: CellBlock;

  constructor(
    readonly sheet: string,
    readonly row: number,
    readonly column: number,
    readonly formula: string,
    /** Function id and argument values: a recalculation with the same key keeps the running invocation. */
    readonly key: string,
  ) {}

  /** The hover message of a cell of this formula's spill, relative to the anchor. */
  messageAt(row: number, column: number): string | undefined {
    if (row === this.row && column === this.column) return this.message;
    return this.result?.messages.get(`${row - this.row},${column - this.column}`);
  }

  cancel(): void {
    if (this.canceled) return;
    this.canceled = true;
    // Excel calls onCanceled when the cell is cleared or edited, or its arguments change.
    this.invocation?.cancel();
  }
}
