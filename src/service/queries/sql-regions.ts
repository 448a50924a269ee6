/**
 * Where DuckDB's lexer sees literals, quoted identifiers and comments in a text of SQL. DuckDB lexes with PostgreSQL's
 * scanner (duckdb/duckdb, third_party/libpg_query/scan.l, with standard_conforming_strings on): these rules follow it,
 * because a placeholder is only safe where substitution knows exactly how the lexer will read the value.
 */
export type SqlRegion =
  | "string" // '…': a doubled quote is the only escape
  | "escape string" // E'…': a backslash escapes too, \' included
  | "bit string" // B'…': no escape at all, the first quote ends it
  | "hex string" // X'…': likewise
  | "national string" // N'…'
  | "Unicode string" // U&'…'
  | "dollar-quoted string" // $$…$$ or $tag$…$tag$: nothing is escaped, the closing tag ends it
  | "double-quoted identifier" // "…" or U&"…"
  | "comment"; // -- to the end of the line, or /* … */ (nested)

export interface RegionSpan {
  region: SqlRegion;
  start: number;
  /** Exclusive. */
  end: number;
}

const PREFIXED: Record<string, SqlRegion> = {
  e: "escape string",
  b: "bit string",
  x: "hex string",
  n: "national string",
};
const IDENT_START = /[A-Za-z_\u0080-\uffff]/;
const IDENT_CONT = /[A-Za-z0-9_$\u0080-\uffff]/;
const DIGIT = /[0-9]/;
/** An integer, decimal or real, as the scanner takes it: `1..2` is 1 then `..`; an exponent without digits is left. */
const NUMBER = /(?:\d(?:_?\d)*(?:\.(?!\.)(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[Ee][-+]?\d(?:_?\d)*)?/y;
const DOLLAR_TAG = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;
/** A quote, blanks with at least one line break (and `--` comments), and a quote: the literal goes on. */
const CONTINUATION = /(?:[ \t\f]|--[^\n\r]*)*[\n\r](?:[ \t\n\r\f]+|--[^\n\r]*[\n\r])*'/y;
const LINE_COMMENT = /--[^\n\r]*/g;

/** The non-code stretches of `sql`, in order. Everything outside them is code. */
export function sqlRegions(sql: string): RegionSpan[] {
  const spans: RegionSpan[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === "-" && next === "-") i = push(spans, "comment", i, lineEnd(sql, i));
    else if (c === "/" && next === "*") i = push(spans, "comment", i, blockCommentEnd(sql, i));
    else if (c === "'") i = quoted(sql, i, i, "string", spans);
    else if (c === '"') i = push(spans, "double-quoted identifier", i, identifierEnd(sql, i + 1));
    else if (c === "$") i = dollar(sql, i, spans);
    else if (DIGIT.test(c) || (c === "." && DIGIT.test(next ?? ""))) i = numberEnd(sql, i);
    else if (IDENT_START.test(c)) i = word(sql, i, spans);
    else i += 1;
  }
  return spans;
}

/** An identifier, unless its first letter and a quote make a prefixed literal (the scanner's longest match). */
function word(sql: string, i: number, spans: RegionSpan[]): number {
  const c = sql[i];
  const prefixed = PREFIXED[c.toLowerCase()];
  if (prefixed && sql[i + 1] === "'") return quoted(sql, i, i + 1, prefixed, spans);
  if ((c === "u" || c === "U") && sql[i + 1] === "&") {
    if (sql[i + 2] === "'") return quoted(sql, i, i + 2, "Unicode string", spans);
    if (sql[i + 2] === '"') return push(spans, "double-quoted identifier", i, identifierEnd(sql, i + 3));
  }
  let j = i + 1;
  while (j < sql.length && IDENT_CONT.test(sql[j])) j += 1;
  return j;
}

/**
 * A single-quoted literal from `start` (its prefix) with its opening quote at `open`. A literal followed by a line
 * break and another quote goes on in the same form (`E'a'` newline `'b'` is one escape string), so each part is a
 * span of that form and the `--` comments between them are comments.
 */
function quoted(sql: string, start: number, open: number, region: SqlRegion, spans: RegionSpan[]): number {
  const backslash = region === "escape string";
  const doubling = region !== "bit string" && region !== "hex string";
  let partStart = start;
  let j = open + 1;
  while (j < sql.length) {
    const ch = sql[j];
    if (backslash && ch === "\\") j += 2;
    else if (ch === "'" && doubling && sql[j + 1] === "'") j += 2;
    else if (ch === "'") {
      push(spans, region, partStart, j + 1);
      CONTINUATION.lastIndex = j + 1;
      if (!CONTINUATION.test(sql)) return j + 1;
      const gap = sql.slice(j + 1, CONTINUATION.lastIndex - 1);
      for (const m of gap.matchAll(LINE_COMMENT)) {
        push(spans, "comment", j + 1 + (m.index ?? 0), j + 1 + (m.index ?? 0) + m[0].length);
      }
      partStart = CONTINUATION.lastIndex - 1;
      j = CONTINUATION.lastIndex;
    } else j += 1;
  }
  return push(spans, region, partStart, sql.length);
}

/** `$tag$…$tag$` (or `$$…$$`); any other `$` is a character of its own (a parameter, or a tag never closed). */
function dollar(sql: string, i: number, spans: RegionSpan[]): number {
  DOLLAR_TAG.lastIndex = i;
  const tag = DOLLAR_TAG.exec(sql)?.[0];
  if (tag === undefined) return i + 1;
  const close = sql.indexOf(tag, i + tag.length);
  return push(spans, "dollar-quoted string", i, close < 0 ? sql.length : close + tag.length);
}

function identifierEnd(sql: string, from: number): number {
  let j = from;
  while (j < sql.length) {
    if (sql[j] === '"' && sql[j + 1] === '"') j += 2;
    else if (sql[j] === '"') return j + 1;
    else j += 1;
  }
  return sql.length;
}

function blockCommentEnd(sql: string, i: number): number {
  let depth = 0;
  let j = i + 2;
  while (j < sql.length) {
    if (sql.startsWith("/*", j)) {
      depth += 1;
      j += 2;
    } else if (sql.startsWith("*/", j)) {
      if (depth === 0) return j + 2;
      depth -= 1;
      j += 2;
    } else j += 1;
  }
  return sql.length;
}

function lineEnd(sql: string, i: number): number {
  const m = /[\n\r]/.exec(sql.slice(i));
  return m ? i + m.index : sql.length;
}

function numberEnd(sql: string, i: number): number {
  NUMBER.lastIndex = i;
  return NUMBER.test(sql) ? NUMBER.lastIndex : i + 1;
}

function push(spans: RegionSpan[], region: SqlRegion, start: number, end: number): number {
  spans.push({ region, start, end });
  return end;
}
