import { parseAddress, parseA1 } from "../../sheet";
import { ERROR_VALUES, type CellError } from "../model/cell-types";
import { skipBrackets, skipQuoted } from "./lexical";

/**
 * An argument of a call, as little as a refresh needs to know: a literal it can use as it is, a reference or a
 * range whose cells hold the value, or anything else, kept as formula text for a formula engine to evaluate.
 */
export type FormulaArgument =
  | { kind: "literal"; value: string | number | boolean | CellError | null; text: string }
  | { kind: "reference"; sheet?: string; ref: string; text: string }
  | { kind: "range"; sheet?: string; ref: string; text: string }
  | { kind: "expression"; text: string };

/**
 * Splits the argument list that starts after the "(" at `open` - 1, at top-level commas; returns the arguments'
 * texts (untrimmed) and the offset just after the closing ")" (or null when the call is never closed).
 */
export function splitArguments(text: string, open: number): { args: string[]; end: number | null } {
  const args: string[] = [];
  let depth = 0;
  let from = open;
  let i = open;
  while (i < text.length) {
    const c = text[i];
    if (c === '"' || c === "'") {
      i = skipQuoted(text, i);
      continue;
    }
    if (c === "[") {
      i = skipBrackets(text, i);
      continue;
    }
    if (c === "(" || c === "{") depth++;
    else if ((c === ")" || c === "}") && depth > 0) depth--;
    else if (c === ")") {
      if (i > from || args.length) args.push(text.slice(from, i));
      return { args, end: i + 1 };
    } else if (c === "," && depth === 0) {
      args.push(text.slice(from, i));
      from = i + 1;
    }
    i++;
  }
  return { args, end: null };
}

const SHEET = String.raw`(?:'((?:[^']|'')+)'|([A-Za-z0-9_.\u00C0-\uFFFF]+))!`;
const CELL = String.raw`\$?[A-Za-z]{1,3}\$?\d{1,7}`;
const AREA = String.raw`${CELL}:${CELL}|\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}|\$?\d{1,7}:\$?\d{1,7}`;
const REFERENCE = new RegExp(String.raw`^(?:${SHEET})?(${CELL})$`);
const RANGE = new RegExp(String.raw`^(?:${SHEET})?(${AREA})$`);
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function sheetOf(m: RegExpMatchArray): string | undefined {
  return m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2];
}

/** Whether a reference's cells lie on the grid (a name such as "TAX2024" would pass the pattern but not this). */
function onGrid(ref: string, parse: (r: string) => unknown): boolean {
  try {
    parse(ref.replace(/\$/g, ""));
    return true;
  } catch {
    return false;
  }
}

export function classifyArgument(raw: string): FormulaArgument {
  const text = raw.trim();
  if (text === "") return { kind: "literal", value: null, text };
  if (/^"(?:[^"]|"")*"$/.test(text)) return { kind: "literal", value: text.slice(1, -1).replace(/""/g, '"'), text };
  if (NUMBER.test(text)) return { kind: "literal", value: Number(text), text };
  if (/^(TRUE|FALSE)$/i.test(text)) return { kind: "literal", value: text.toUpperCase() === "TRUE", text };
  const error = ERROR_VALUES.find((e) => e === text.toUpperCase());
  if (error) return { kind: "literal", value: { error }, text };
  const ref = REFERENCE.exec(text);
  if (ref && onGrid(ref[3], parseA1)) return { kind: "reference", sheet: sheetOf(ref), ref: ref[3], text };
  const range = RANGE.exec(text);
  if (range && onGrid(range[3], parseAddress)) return { kind: "range", sheet: sheetOf(range), ref: range[3], text };
  return { kind: "expression", text };
}
