import { COMPARISON_OPERATORS, lookup, UNSUPPORTED_SYMBOL_HINTS } from "./grammar";
import { show } from "./errors";
import type { Token } from "./tokens";

const WHITESPACE = /\s/;
// A number running into letters, digits or dots is a malformed number (`0x1f`, `1e`, `1.2.3`, `5abc`).
const NUMBER_TAIL = /[A-Za-z0-9_.]/;
/** Longest first, so `<=` is not read as `<` then `=`. */
const OPERATORS = Object.keys(COMPARISON_OPERATORS).sort((a, b) => b.length - a.length);
const TWO_CHAR_HINTS = Object.keys(UNSUPPORTED_SYMBOL_HINTS).filter((s) => s.length === 2);

/**
 * Splits `text` into tokens. Never throws: problems become a final `invalid` token, so the parser reports whichever
 * problem comes first in the text.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (WHITESPACE.test(c)) {
      i++;
      continue;
    }
    const token = readToken(text, i);
    tokens.push(token);
    if (token.kind === "invalid") return tokens;
    i += token.text.length;
  }
  tokens.push({ kind: "end", text: "", value: "", position: text.length });
  return tokens;
}

function readToken(text: string, start: number): Token {
  const c = text[start];
  if (c === "'") return readQuoted(text, start, "'", "string");
  if (c === '"') return readQuoted(text, start, '"', "quoted");

  // Sign only when glued to the digits: `x = -5` is a number, `x - 5` is arithmetic (rejected).
  const numberEnd = start + numberLength(text, start);
  if (numberEnd > start) {
    if (numberEnd < text.length && NUMBER_TAIL.test(text[numberEnd])) {
      let runEnd = numberEnd;
      while (runEnd < text.length && NUMBER_TAIL.test(text[runEnd])) runEnd++;
      return invalid(
        start,
        `malformed number ${show(text.slice(start, runEnd))}`,
        "write numbers like 42, -1.5 or 2e6",
      );
    }
    const number = text.slice(start, numberEnd);
    return { kind: "number", text: number, value: number, position: start };
  }

  const pair = text.slice(start, start + 2);
  if (TWO_CHAR_HINTS.includes(pair))
    return invalid(start, `unexpected ${show(pair)}`, UNSUPPORTED_SYMBOL_HINTS[pair] ?? "");
  for (const op of OPERATORS) {
    if (text.startsWith(op, start)) return { kind: "operator", text: op, value: op, position: start };
  }
  if (c === "(") return { kind: "lparen", text: c, value: c, position: start };
  if (c === ")") return { kind: "rparen", text: c, value: c, position: start };
  if (c === ",") return { kind: "comma", text: c, value: c, position: start };

  const wordEnd = start + wordLength(text, start);
  if (wordEnd > start) {
    const word = text.slice(start, wordEnd);
    return { kind: "word", text: word, value: word, position: start };
  }

  const hint = lookup(UNSUPPORTED_SYMBOL_HINTS, c);
  if (hint) return invalid(start, `unexpected ${show(c)}`, hint);
  const codePoint = String.fromCodePoint(text.codePointAt(start) ?? 0);
  return invalid(
    start,
    `unexpected character ${show(codePoint)}`,
    "put column names with other characters in double quotes and text values in single quotes",
  );
}

/** Reads a '...' string or "..." identifier, where a doubled quote stands for one quote character. */
function readQuoted(text: string, start: number, quote: string, kind: "string" | "quoted"): Token {
  let value = "";
  let i = start + 1;
  for (;;) {
    const next = text.indexOf(quote, i);
    if (next < 0) {
      return kind === "string"
        ? invalid(start, "unterminated text", `close it with ' (write '' for a quote inside the text)`)
        : invalid(start, "unterminated quoted column name", `close it with " (write "" for a quote inside the name)`);
    }
    value += text.slice(i, next);
    if (text[next + 1] === quote) {
      value += quote;
      i = next + 2;
      continue;
    }
    return { kind, text: text.slice(start, next + 1), value, position: start };
  }
}

function invalid(position: number, what: string, hint: string): Token {
  return { kind: "invalid", text: "", value: what, position, hint };
}

/** Length of the [A-Za-z_][A-Za-z0-9_]* word at `index` (0 if none). Hand-written: it runs once per token. */
function wordLength(text: string, index: number): number {
  if (!isWordStart(text.charCodeAt(index))) return 0;
  let end = index + 1;
  while (end < text.length && (isWordStart(text.charCodeAt(end)) || isDigit(text.charCodeAt(end)))) end++;
  return end - index;
}

/** Length of the number -?(digits[.digits*] | .digits)([eE][+-]?digits)? at `index` (0 if none). */
function numberLength(text: string, index: number): number {
  let i = index;
  if (text[i] === "-") i++;
  const intStart = i;
  while (isDigit(text.charCodeAt(i))) i++;
  const hasInt = i > intStart;
  if (text[i] === "." && (hasInt || isDigit(text.charCodeAt(i + 1)))) {
    i++;
    while (isDigit(text.charCodeAt(i))) i++;
  } else if (!hasInt) {
    return 0;
  }
  if (text[i] === "e" || text[i] === "E") {
    let j = i + 1;
    if (text[j] === "+" || text[j] === "-") j++;
    if (isDigit(text.charCodeAt(j))) {
      while (isDigit(text.charCodeAt(j))) j++;
      i = j;
    }
  }
  return i - index;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isWordStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}
