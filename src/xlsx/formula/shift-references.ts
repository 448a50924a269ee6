import { columnLetter, MAX_COLUMNS, MAX_ROWS } from "../../sheet";
import { forEachCodeStretch, isNameChar } from "./lexical";

const CELL = /(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})(?![A-Za-z0-9_.(!])/y;
const COLUMNS = /(\$?)([A-Za-z]{1,3}):(\$?)([A-Za-z]{1,3})(?![A-Za-z0-9_.(!])/y;
const ROWS = /(\$?)(\d{1,7}):(\$?)(\d{1,7})(?![0-9.A-Za-z_(!])/y;

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function moveRow(absolute: string, row: number, by: number): number | null {
  const r = absolute ? row : row + by;
  return r >= 0 && r < MAX_ROWS ? r : null;
}

function moveColumn(absolute: string, column: number, by: number): number | null {
  const c = absolute ? column : column + by;
  return c >= 0 && c < MAX_COLUMNS ? c : null;
}

/** One reference at `at` moved by (rows, columns), with its length; null when there is no reference there. */
function shiftAt(text: string, at: number, rows: number, columns: number): { text: string; length: number } | null {
  for (const re of [COLUMNS, ROWS, CELL]) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) continue;
    if (re === CELL) {
      const column = columnNumber(m[2]);
      const row = Number(m[4]) - 1;
      if (column >= MAX_COLUMNS || row < 0 || row >= MAX_ROWS) return null;
      const c = moveColumn(m[1], column, columns);
      const r = moveRow(m[3], row, rows);
      const moved = c === null || r === null ? "#REF!" : `${m[1]}${columnLetter(c)}${m[3]}${r + 1}`;
      return { text: moved, length: m[0].length };
    }
    if (re === COLUMNS) {
      const [a, b] = [columnNumber(m[2]), columnNumber(m[4])];
      if (a >= MAX_COLUMNS || b >= MAX_COLUMNS) return null;
      const [c1, c2] = [moveColumn(m[1], a, columns), moveColumn(m[3], b, columns)];
      const moved = c1 === null || c2 === null ? "#REF!" : `${m[1]}${columnLetter(c1)}:${m[3]}${columnLetter(c2)}`;
      return { text: moved, length: m[0].length };
    }
    const [a, b] = [Number(m[2]) - 1, Number(m[4]) - 1];
    if (a < 0 || b < 0 || a >= MAX_ROWS || b >= MAX_ROWS) return null;
    const [r1, r2] = [moveRow(m[1], a, rows), moveRow(m[3], b, rows)];
    const moved = r1 === null || r2 === null ? "#REF!" : `${m[1]}${r1 + 1}:${m[3]}${r2 + 1}`;
    return { text: moved, length: m[0].length };
  }
  return null;
}

/**
 * The formula of a cell that shares its formula with the first cell of its group (`<f t="shared" si="…"/>`): the
 * group's formula with every relative reference moved by the cell's offset from that first cell, as Excel shows it
 * (ECMA-376 Part 1, the shared formula of `f`). A reference moved off the grid becomes #REF!.
 */
export function shiftReferences(formula: string, rows: number, columns: number): string {
  if (rows === 0 && columns === 0) return formula;
  const out: string[] = [];
  forEachCodeStretch(
    formula,
    (from, to) => {
      let i = from;
      let copied = from;
      while (i < to) {
        if (!isNameChar(formula[i - 1]) && /[$A-Za-z0-9]/.test(formula[i])) {
          const shifted = shiftAt(formula.slice(0, to), i, rows, columns);
          if (shifted) {
            out.push(formula.slice(copied, i), shifted.text);
            i = copied = i + shifted.length;
            continue;
          }
          while (i < to && (isNameChar(formula[i]) || formula[i] === "$")) i++;
        } else i++;
      }
      out.push(formula.slice(copied, to));
    },
    (from, to) => out.push(formula.slice(from, to)),
  );
  return out.join("");
}
