/** Excel's grid and cell limits (Excel specifications and limits; identical on the web, Windows and Mac). */
export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;
export const MAX_CELL_CHARS = 32_767;

export type SheetLimitKind = "rows" | "columns";

const REMEDY =
  "Narrow the result before inserting it: add filters, select fewer columns, set a row limit, " +
  "or download it as CSV instead.";

/** Thrown or returned when a block would not fit on a worksheet; the message is meant for the spreadsheet user. */
export class SheetLimitError extends Error {
  override readonly name = "SheetLimitError";
  constructor(
    readonly kind: SheetLimitKind,
    /** Rows or columns the result needs. */
    readonly requested: number,
    /** Rows or columns that fit from the chosen start cell. */
    readonly available: number,
    message: string,
  ) {
    super(message);
  }
}

export function isSheetLimitError(e: unknown): e is SheetLimitError {
  return e instanceof SheetLimitError || (e instanceof Error && e.name === "SheetLimitError");
}

function fmt(n: number): string {
  return n.toLocaleString("en-US");
}

/**
 * Checks that `rows` × `cols` fit on a sheet when written from the zero-based (startRow, startCol).
 * Returns the error instead of throwing so callers can show it before any request is made.
 */
export function checkSheetLimits(rows: number, cols: number, startRow = 0, startCol = 0): SheetLimitError | null {
  const rowRoom = MAX_ROWS - startRow;
  if (rows > rowRoom) {
    const where = startRow === 0 ? "" : ` from row ${fmt(startRow + 1)}`;
    return new SheetLimitError(
      "rows",
      rows,
      Math.max(0, rowRoom),
      `This result has ${fmt(rows)} rows (header included), but only ${fmt(Math.max(0, rowRoom))} fit${where}: ` +
        `an Excel sheet has ${fmt(MAX_ROWS)} rows. ${REMEDY}`,
    );
  }
  const colRoom = MAX_COLUMNS - startCol;
  if (cols > colRoom) {
    const where = startCol === 0 ? "" : ` from column ${fmt(startCol + 1)}`;
    return new SheetLimitError(
      "columns",
      cols,
      Math.max(0, colRoom),
      `This result has ${fmt(cols)} columns, but only ${fmt(Math.max(0, colRoom))} fit${where}: ` +
        `an Excel sheet has ${fmt(MAX_COLUMNS)} columns. Select fewer columns, or download it as CSV instead.`,
    );
  }
  return null;
}
