import { MAX_COLUMNS, MAX_ROWS } from "../../sheet";

/**
 * "B3" → { row: 2, column: 1 }, or null for anything else (lower case, `$`, off the grid). The reading and
 * editing of a sheet call this once per cell, so it reads character codes where the sheet module's `parseA1`
 * (which accepts every way a user may type an address) uses a regular expression; a parity test holds the two
 * together.
 */
export function parseCellRef(ref: string): { row: number; column: number } | null {
  let i = 0;
  let column = 0;
  for (; i < ref.length; i++) {
    const ch = ref.charCodeAt(i);
    if (ch < 65 || ch > 90) break;
    column = column * 26 + (ch - 64);
  }
  if (i === 0 || i > 3 || i === ref.length) return null;
  let row = 0;
  for (let j = i; j < ref.length; j++) {
    const ch = ref.charCodeAt(j);
    if (ch < 48 || ch > 57 || (j === i && ch === 48)) return null;
    row = row * 10 + (ch - 48);
  }
  if (column > MAX_COLUMNS || row > MAX_ROWS) return null;
  return { row: row - 1, column: column - 1 };
}
