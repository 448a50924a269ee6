import { a1Range, cellAddress, type CellBlock } from "../../sheet";

export interface CellPoint {
  row: number;
  column: number;
}

/** A selection as Excel keeps it: the active cell (where typing goes) and the opposite corner. */
export class Selection {
  constructor(
    public active: CellPoint = { row: 0, column: 0 },
    public corner: CellPoint = { ...active },
  ) {}

  static at(row: number, column: number): Selection {
    return new Selection({ row, column });
  }

  get block(): CellBlock {
    const row = Math.min(this.active.row, this.corner.row);
    const column = Math.min(this.active.column, this.corner.column);
    return {
      row,
      column,
      rowCount: Math.abs(this.active.row - this.corner.row) + 1,
      columnCount: Math.abs(this.active.column - this.corner.column) + 1,
    };
  }

  /** "B3" or "B3:D7". */
  get address(): string {
    const b = this.block;
    return a1Range(b.row, b.column, b.rowCount, b.columnCount);
  }

  get activeAddress(): string {
    return cellAddress(this.active.row, this.active.column);
  }

  contains(row: number, column: number): boolean {
    const b = this.block;
    return row >= b.row && row < b.row + b.rowCount && column >= b.column && column < b.column + b.columnCount;
  }
}
