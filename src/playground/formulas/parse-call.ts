import { parseAddress, type ParsedAddress } from "../../sheet";

/** One argument of a top-level call, as written in the formula. */
export type CallArgument =
  | { kind: "missing" }
  | { kind: "string"; value: string }
  | { kind: "number"; value: number }
  | { kind: "boolean"; value: boolean }
  | { kind: "reference"; address: ParsedAddress; text: string };

/** `=NAME(arg, …)` with the name upper-cased, as Excel stores function names. */
export interface ParsedCall {
  name: string;
  args: CallArgument[];
}

/** Why a formula is a call we cannot evaluate (an expression around or inside it), for the cell's hover text. */
export class UnsupportedFormulaError extends Error {
  override readonly name = "UnsupportedFormulaError";
  /** The called function's name, upper-cased, once known. */
  callName = "";
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.]*/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const BOOLEAN = /^(TRUE|FALSE)\b/i;
// A reference: optional sheet ('quoted name'! or plain!), a cell, optionally :cell. $ anchors are allowed.
const REFERENCE =
  /^(?:(?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?\$?[A-Za-z]{1,3}\$?\d{1,7}(?::\$?[A-Za-z]{1,3}\$?\d{1,7})?/;

/** Reads one string literal at `s[0] === '"'`; "" inside is one quote. Returns the value and its length. */
function readString(s: string): { value: string; length: number } {
  let value = "";
  for (let i = 1; i < s.length; i++) {
    if (s[i] !== '"') {
      value += s[i];
      continue;
    }
    if (s[i + 1] === '"') {
      value += '"';
      i++;
      continue;
    }
    return { value, length: i + 1 };
  }
  throw new UnsupportedFormulaError("A string in the formula has no closing quote.");
}

function readArgument(s: string): { arg: CallArgument; length: number } {
  if (s.startsWith('"')) {
    const { value, length } = readString(s);
    return { arg: { kind: "string", value }, length };
  }
  const ref = REFERENCE.exec(s);
  if (ref && !/^[A-Za-z0-9_.(]/.test(s.slice(ref[0].length))) {
    let address: ParsedAddress;
    try {
      address = parseAddress(ref[0]);
    } catch {
      throw new UnsupportedFormulaError(`${ref[0]} is outside the sheet.`);
    }
    return { arg: { kind: "reference", address, text: ref[0] }, length: ref[0].length };
  }
  const bool = BOOLEAN.exec(s);
  if (bool && !/^[A-Za-z0-9_.(]/.test(s.slice(bool[0].length))) {
    return { arg: { kind: "boolean", value: bool[1].toUpperCase() === "TRUE" }, length: bool[0].length };
  }
  const num = NUMBER.exec(s);
  if (num) return { arg: { kind: "number", value: Number(num[0]) }, length: num[0].length };
  throw new UnsupportedFormulaError(
    "The playground evaluates SERVICE arguments that are text, numbers, TRUE/FALSE or cell references.",
  );
}

/**
 * Parses a formula that is exactly one function call: `=NAME(args)`. Returns null when the formula is not of
 * that shape (an expression, a constant): the workbook's own evaluator handles those. Throws
 * UnsupportedFormulaError when it is a call whose arguments are expressions we do not evaluate.
 */
export function parseCall(formula: string): ParsedCall | null {
  const body = formula.trim().replace(/^=/, "").trim();
  const name = NAME.exec(body);
  if (!name) return null;
  let rest = body.slice(name[0].length).trimStart();
  if (!rest.startsWith("(") || !rest.trimEnd().endsWith(")")) return null;
  rest = rest.slice(1);
  const callName = name[0].toUpperCase();
  try {
    return finishCall(callName, rest);
  } catch (e) {
    if (e instanceof UnsupportedFormulaError) e.callName = callName;
    throw e;
  }
}

function finishCall(name: string, text: string): ParsedCall | null {
  let rest = text;
  const args: CallArgument[] = [];
  for (;;) {
    rest = rest.trimStart();
    if (rest.startsWith(")") && args.length === 0) {
      rest = rest.slice(1);
      break;
    }
    if (rest.startsWith(",") || rest.startsWith(")")) args.push({ kind: "missing" });
    else {
      const { arg, length } = readArgument(rest);
      args.push(arg);
      rest = rest.slice(length).trimStart();
    }
    if (rest.startsWith(",")) {
      rest = rest.slice(1);
      continue;
    }
    if (rest.startsWith(")")) {
      rest = rest.slice(1);
      break;
    }
    throw new UnsupportedFormulaError(
      "The playground evaluates SERVICE arguments that are text, numbers, TRUE/FALSE or cell references.",
    );
  }
  // Something after the closing parenthesis (=F(1)+1) is an expression, not a single call.
  if (rest.trim() !== "") return null;
  return { name, args };
}
