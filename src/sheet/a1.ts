import { MAX_COLUMNS, MAX_ROWS } from "./limits";

/** A rectangular block of cells, zero-based like `Worksheet.getRangeByIndexes`. */
export interface CellBlock {
  row: number;
  column: number;
  rowCount: number;
  columnCount: number;
}

/** A parsed A1 reference; `sheet` is present when the address was sheet-qualified. */
export interface ParsedAddress extends CellBlock {
  sheet?: string;
}

/** 0 → "A", 25 → "Z", 26 → "AA" … 16383 → "XFD". */
export function columnLetter(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_COLUMNS) {
    throw new RangeError(`Column index ${index} is outside A..XFD`);
  }
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** "A" → 0, "xfd" → 16383. */
export function columnIndex(letters: string): number {
  if (!/^[A-Za-z]{1,3}$/.test(letters)) throw new RangeError(`"${letters}" is not a column name`);
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  if (n > MAX_COLUMNS) throw new RangeError(`Column ${letters} is beyond XFD`);
  return n - 1;
}

/** "B3" (or "$B$3") → { row: 2, column: 1 }, zero-based. */
export function parseA1(cell: string): { row: number; column: number } {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(cell.trim());
  if (!m) throw new RangeError(`"${cell}" is not a cell reference like B3`);
  const row = Number(m[2]) - 1;
  if (row < 0 || row >= MAX_ROWS) throw new RangeError(`Row ${m[2]} is outside 1..${MAX_ROWS}`);
  return { row, column: columnIndex(m[1]) };
}

/** Zero-based cell → "B3". */
export function cellAddress(row: number, column: number): string {
  if (!Number.isInteger(row) || row < 0 || row >= MAX_ROWS)
    throw new RangeError(`Row index ${row} is outside the sheet`);
  return `${columnLetter(column)}${row + 1}`;
}

/** (2, 1, 3, 2) → "B3:C5"; a single cell gives "B3". Counts must be at least 1. */
export function a1Range(startRow: number, startCol: number, rows: number, cols: number): string {
  if (rows < 1 || cols < 1) throw new RangeError(`A range needs at least one row and one column (got ${rows}×${cols})`);
  const first = cellAddress(startRow, startCol);
  if (rows === 1 && cols === 1) return first;
  return `${first}:${cellAddress(startRow + rows - 1, startCol + cols - 1)}`;
}

/** Excel quotes a sheet name in an address unless it is a plain identifier; quotes inside are doubled. */
export function quoteSheetName(name: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !/^[A-Za-z]{1,3}\d+$/.test(name)) return name;
  return `'${name.replace(/'/g, "''")}'`;
}

/** "Sheet1" + "A1:B2" → "Sheet1!A1:B2", quoting the sheet name when Excel would. */
export function qualifiedAddress(sheet: string, a1: string): string {
  return `${quoteSheetName(sheet)}!${a1}`;
}

function splitSheet(address: string): { sheet?: string; ref: string } {
  const trimmed = address.trim();
  const quoted = /^'((?:[^']|'')+)'!(.+)$/.exec(trimmed);
  if (quoted) return { sheet: quoted[1].replace(/''/g, "'"), ref: quoted[2] };
  const bang = trimmed.lastIndexOf("!");
  if (bang > 0) return { sheet: trimmed.slice(0, bang), ref: trimmed.slice(bang + 1) };
  return { ref: trimmed };
}

/**
 * Parses "A1", "B3:C5", "Sheet1!A1:B2", "'My sheet'!C:C" (whole columns) and "2:4" (whole rows)
 * into a zero-based block. Corners may come in any order, as in Excel.
 */
export function parseAddress(address: string): ParsedAddress {
  const { sheet, ref } = splitSheet(address);
  const parts = ref.split(":");
  if (parts.length > 2 || parts.some((p) => p === "")) throw new RangeError(`"${address}" is not an A1 range`);
  const [a, b = parts[0]] = parts;
  let block: CellBlock;
  if (/^\$?[A-Za-z]{1,3}$/.test(a) && /^\$?[A-Za-z]{1,3}$/.test(b)) {
    const c1 = columnIndex(a.replace(/\$/g, ""));
    const c2 = columnIndex(b.replace(/\$/g, ""));
    block = { row: 0, rowCount: MAX_ROWS, column: Math.min(c1, c2), columnCount: Math.abs(c2 - c1) + 1 };
  } else if (/^\$?\d+$/.test(a) && /^\$?\d+$/.test(b)) {
    const r1 = Number(a.replace(/\$/g, "")) - 1;
    const r2 = Number(b.replace(/\$/g, "")) - 1;
    if (Math.min(r1, r2) < 0 || Math.max(r1, r2) >= MAX_ROWS)
      throw new RangeError(`"${address}" has a row outside the sheet`);
    block = { column: 0, columnCount: MAX_COLUMNS, row: Math.min(r1, r2), rowCount: Math.abs(r2 - r1) + 1 };
  } else {
    const p = parseA1(a);
    const q = parseA1(b);
    block = {
      row: Math.min(p.row, q.row),
      column: Math.min(p.column, q.column),
      rowCount: Math.abs(q.row - p.row) + 1,
      columnCount: Math.abs(q.column - p.column) + 1,
    };
  }
  return sheet === undefined ? block : { sheet, ...block };
}

/** The A1 text of a block ("A1:C3"). */
export function blockAddress(block: CellBlock): string {
  return a1Range(block.row, block.column, block.rowCount, block.columnCount);
}
