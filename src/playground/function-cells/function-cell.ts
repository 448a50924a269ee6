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
 * One cell holding a SERVICE.* formula: the invocation serving its current arguments (its own, or one shared with
 * identical formulas), the last result, and what it shows (the anchor value, the spilled block, hover messages).
 */
export class FunctionCell implements CellPosition {
  invocation?: FakeStreamingInvocation<unknown>;
  /** Replaced or removed: its results are no longer shown (its invocation may be released a little later). */
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
  /** The full calculation this cell's invocation belongs to (a later full calculation invokes it again). */
  generation = 0;
  /** Re-invoked and showing its previous value until the first result arrives (Excel's loading mark). */
  loading = false;
  /** Kept as the file saved it, not invoked (until a full calculation or a change of its arguments). */
  dormant = false;
  /** Its result did not fit in Excel on the web's payload: it stays #BUSY!. */
  stuck?: "payload";
  /** Lets go of the invocation (cancels it, or leaves a shared stream); set by whoever started it. */
  release?: () => void;

  /** The worksheet's id: a renamed sheet's cells are found again under its new name. */
  sheetId?: string;

  constructor(
    /** The sheet's name (follows a rename). */
    public sheet: string,
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

  /** Shows nothing more; the invocation is released at once (see `retire` for a later release). */
  cancel(): void {
    this.retire();
    this.releaseNow();
  }

  /** Stops showing results; the caller releases the invocation when Excel's cancel order says. */
  retire(): void {
    this.canceled = true;
  }

  /** Excel calls onCanceled when the cell is cleared or edited, or its arguments change (unless shared on). */
  releaseNow(): void {
    const release = this.release;
    this.release = undefined;
    release?.();
  }
}
