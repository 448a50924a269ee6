import type { RefEnd } from "./ast";
import { LAST_COLUMN, LAST_ROW, OPERATOR_TOKENS } from "./grammar";
import { FormulaSyntaxError } from "./syntax-error";
import { ERROR_CODES } from "./values";

export type Token =
  | { kind: "number"; value: number; at: number }
  | { kind: "string"; value: string; at: number }
  | { kind: "error"; code: string; at: number }
  | { kind: "reference"; sheet: string | null; start: RefEnd; end: RefEnd | null; spill: boolean; at: number }
  | { kind: "identifier"; name: string; at: number }
  | { kind: "operator"; op: string; at: number }
  | { kind: "punct"; char: "(" | ")" | "," | "{" | "}" | ";"; at: number }
  | { kind: "end"; at: number };

const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const IDENTIFIER = /^[A-Za-z_\\\u00C0-\uFFFF][\w.\u00C0-\uFFFF]*/;
const SHEET = /^(?:'((?:[^']|'')+)'|([A-Za-z_\u00C0-\uFFFF][\w.\u00C0-\uFFFF]*))!/;
const CELL = /^(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})/;
const COLUMNS = /^(\$?)([A-Za-z]{1,3}):(\$?)([A-Za-z]{1,3})/;
const ROWS = /^(\$?)(\d{1,7}):(\$?)(\d{1,7})/;
// What may not follow a reference for it to be one: `LOG10(` is a call, `A1B` or `A1.x` a name.
const NAME_CONTINUES = /^[\w.(\u00C0-\uFFFF]/;
const LITERAL_ERRORS = [...ERROR_CODES, "#GETTING_DATA"];

export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

function cellEnd(m: RegExpExecArray): RefEnd | null {
  const column = columnNumber(m[2]);
  const row = Number(m[4]);
  if (column > LAST_COLUMN || row < 1 || row > LAST_ROW) return null;
  return { row: row - 1, column: column - 1, rowAbsolute: m[3] === "$", columnAbsolute: m[1] === "$" };
}

type RefBody = { start: RefEnd; end: RefEnd | null; length: number };

/** A reference body at the start of `s`: A1, $A$1:B2, B:B, 2:$5; null when `s` does not start with one. */
function readReferenceBody(s: string): RefBody | null {
  const cols = COLUMNS.exec(s);
  if (cols && !NAME_CONTINUES.test(s.slice(cols[0].length))) {
    const [a, b] = [columnNumber(cols[2]), columnNumber(cols[4])];
    if (a > LAST_COLUMN || b > LAST_COLUMN) return null;
    const start = { row: null, column: a - 1, rowAbsolute: false, columnAbsolute: cols[1] === "$" };
    const end = { row: null, column: b - 1, rowAbsolute: false, columnAbsolute: cols[3] === "$" };
    return { start, end, length: cols[0].length };
  }
  const rows = ROWS.exec(s);
  if (rows && !/^[\d.]/.test(s.slice(rows[0].length))) {
    const [a, b] = [Number(rows[2]), Number(rows[4])];
    if (a < 1 || b < 1 || a > LAST_ROW || b > LAST_ROW) return null;
    const start = { row: a - 1, column: null, rowAbsolute: rows[1] === "$", columnAbsolute: false };
    const end = { row: b - 1, column: null, rowAbsolute: rows[3] === "$", columnAbsolute: false };
    return { start, end, length: rows[0].length };
  }
  const first = CELL.exec(s);
  if (!first) return null;
  const start = cellEnd(first);
  let length = first[0].length;
  let end: RefEnd | null = null;
  if (s[length] === ":") {
    const second = CELL.exec(s.slice(length + 1));
    if (second && !NAME_CONTINUES.test(s.slice(length + 1 + second[0].length))) {
      end = cellEnd(second);
      if (!end) return null;
      length += 1 + second[0].length;
    }
  }
  if (!start || NAME_CONTINUES.test(s.slice(length))) return null;
  return { start, end, length };
}

function readString(src: string, at: number): { value: string; length: number } {
  let value = "";
  for (let i = at + 1; i < src.length; i++) {
    if (src[i] !== '"') value += src[i];
    else if (src[i + 1] === '"') {
      value += '"';
      i++;
    } else return { value, length: i + 1 - at };
  }
  throw new FormulaSyntaxError("A text in quotes has no closing quote", at);
}

/** Splits a formula (without its "=") into tokens; whitespace between tokens is dropped. */
export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    const rest = src.slice(i);
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '"') {
      const { value, length } = readString(src, i);
      out.push({ kind: "string", value, at: i });
      i += length;
      continue;
    }
    if (ch === "#") {
      const code = LITERAL_ERRORS.find((c) => rest.toUpperCase().startsWith(c));
      if (!code) throw new FormulaSyntaxError(`"${rest.slice(0, 8)}" is not an error value`, i);
      out.push({ kind: "error", code, at: i });
      i += code.length;
      continue;
    }
    const sheet = SHEET.exec(rest);
    const bodyAt = sheet ? sheet[0].length : 0;
    const body = readReferenceBody(rest.slice(bodyAt));
    if (body) {
      const name = sheet ? (sheet[1]?.replace(/''/g, "'") ?? sheet[2]) : null;
      let length = bodyAt + body.length;
      const spill = body.end === null && body.start.row !== null && rest[length] === "#";
      if (spill) length++;
      out.push({ kind: "reference", sheet: name, start: body.start, end: body.end, spill, at: i });
      i += length;
      continue;
    }
    if (sheet) throw new FormulaSyntaxError(`Expected a cell or range after "${sheet[0]}"`, i + bodyAt);
    const num = NUMBER.exec(rest);
    if (num) {
      out.push({ kind: "number", value: Number(num[0]), at: i });
      i += num[0].length;
      continue;
    }
    const id = IDENTIFIER.exec(rest);
    if (id) {
      out.push({ kind: "identifier", name: id[0], at: i });
      i += id[0].length;
      continue;
    }
    if ("(),{};".includes(ch)) {
      out.push({ kind: "punct", char: ch as "(" | ")" | "," | "{" | "}" | ";", at: i });
      i++;
      continue;
    }
    const op = OPERATOR_TOKENS.find((o) => rest.startsWith(o));
    if (!op) throw new FormulaSyntaxError(`Unexpected character "${ch}"`, i);
    out.push({ kind: "operator", op, at: i });
    i += op.length;
  }
  out.push({ kind: "end", at: src.length });
  return out;
}
