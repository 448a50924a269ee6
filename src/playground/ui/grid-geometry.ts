import { MAX_COLUMNS, MAX_ROWS } from "../../sheet";

export const ROW_HEIGHT = 22;
export const HEADER_HEIGHT = 24;
export const ROW_HEADER_WIDTH = 56;
/**
 * Unset columns are 80 px: Excel's default is 64 px (48 pt), a little narrow for the hashes and pairs the
 * service returns. Widths the add-in sets (points, as Office.js speaks) are honoured at 96 dpi.
 */
export const DEFAULT_COLUMN_PX = 80;
const PX_PER_POINT = 96 / 72;

/** Rows and columns the grid can scroll through: a margin beyond what is used, like Excel's scroll bars. */
export function gridExtent(
  used: { rows: number; columns: number },
  at: { row: number; column: number },
): { rows: number; columns: number } {
  return {
    rows: Math.min(MAX_ROWS, Math.max(100, used.rows + 60, at.row + 60)),
    columns: Math.min(MAX_COLUMNS, Math.max(26, used.columns + 8, at.column + 8)),
  };
}

/** Pixel positions of rows and columns (rows are all one height; columns may differ). */
export class GridGeometry {
  private readonly lefts: Float64Array;

  constructor(
    readonly rowCount: number,
    readonly columnCount: number,
    widthInPoints: (column: number) => number | undefined,
  ) {
    this.lefts = new Float64Array(columnCount + 1);
    for (let c = 0; c < columnCount; c++) {
      const pt = widthInPoints(c);
      this.lefts[c + 1] =
        this.lefts[c] + (pt === undefined ? DEFAULT_COLUMN_PX : Math.max(4, Math.round(pt * PX_PER_POINT)));
    }
  }

  get width(): number {
    return this.lefts[this.columnCount];
  }

  get height(): number {
    return this.rowCount * ROW_HEIGHT;
  }

  columnLeft(column: number): number {
    return this.lefts[Math.min(column, this.columnCount)];
  }

  columnWidth(column: number): number {
    return this.lefts[column + 1] - this.lefts[column];
  }

  /** The column under x (clamped to the grid). */
  columnAt(x: number): number {
    let lo = 0;
    let hi = this.columnCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lefts[mid] <= x) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  rowTop(row: number): number {
    return row * ROW_HEIGHT;
  }

  rowAt(y: number): number {
    return Math.max(0, Math.min(this.rowCount - 1, Math.floor(y / ROW_HEIGHT)));
  }
}
