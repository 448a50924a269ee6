import type { BinaryOperator, FormulaNode, ReferenceNode } from "./ast";
import {
  BINARY_PRECEDENCE,
  FILE_ANCHORARRAY,
  FILE_PREFIX,
  FILE_SINGLE,
  FILE_UDF_PREFIX,
  FILE_WEB_PREFIX,
  isBinaryOperator,
} from "./grammar";
import { tokenize, type Token } from "./lexer";
import { FormulaSyntaxError } from "./syntax-error";

export interface ParseOptions {
  /**
   * Namespaces of add-in functions, for the file form `_xldudf_NS_NAME` → `NS.NAME` (a namespace may hold "_").
   * Without a match the name splits at its first "_".
   */
  udfNamespaces?: readonly string[];
}

const RANGE_LEVEL = BINARY_PRECEDENCE[":"];

/** The function name as we write it, from any of the forms an .xlsx file stores. */
export function canonicalFunctionName(raw: string, options: ParseOptions = {}): string {
  let name = raw.toUpperCase();
  if (name.startsWith(FILE_PREFIX.toUpperCase())) name = name.slice(FILE_PREFIX.length);
  if (name.startsWith(FILE_WEB_PREFIX.toUpperCase())) name = name.slice(FILE_WEB_PREFIX.length);
  if (name.startsWith(FILE_UDF_PREFIX.toUpperCase())) {
    const rest = name.slice(FILE_UDF_PREFIX.length);
    const ns = (options.udfNamespaces ?? []).find((n) => rest.startsWith(`${n.toUpperCase()}_`));
    const cut = ns ? ns.length : rest.indexOf("_");
    name = cut > 0 ? `${rest.slice(0, cut)}.${rest.slice(cut + 1)}` : rest;
  }
  return name;
}

class Parser {
  private pos = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly options: ParseOptions,
  ) {}

  private get current(): Token {
    return this.tokens[this.pos];
  }

  private isPunct(char: string): boolean {
    const t = this.current;
    return t.kind === "punct" && t.char === char;
  }

  private isOperator(op: string): boolean {
    const t = this.current;
    return t.kind === "operator" && t.op === op;
  }

  private expectPunct(char: string, what: string): void {
    if (!this.isPunct(char)) throw this.unexpected(what);
    this.pos++;
  }

  private unexpected(expected: string): FormulaSyntaxError {
    const t = this.current;
    const found = t.kind === "end" ? "the formula ends" : "found something else";
    return new FormulaSyntaxError(`Expected ${expected} but ${found}`, t.at);
  }

  parseFormula(): FormulaNode {
    if (this.current.kind === "end") throw new FormulaSyntaxError("The formula is empty", 0);
    const node = this.parseBinary(1);
    const t: Token = this.tokens[this.pos];
    if (t.kind !== "end") {
      const hint = t.kind === "punct" && t.char === ";" ? ' (separate arguments with "," not ";")' : "";
      throw new FormulaSyntaxError(`Expected an operator or the end of the formula${hint}`, t.at);
    }
    return node;
  }

  /** Binary operators by precedence climbing over BINARY_PRECEDENCE, all left-associative. */
  parseBinary(minLevel: number): FormulaNode {
    let left = this.parseUnary();
    for (;;) {
      const t = this.current;
      if (t.kind !== "operator" || !isBinaryOperator(t.op)) return left;
      const level = BINARY_PRECEDENCE[t.op];
      if (level < minLevel || level >= RANGE_LEVEL) return left;
      this.pos++;
      const right = this.parseBinary(level + 1);
      left = { type: "binary", op: t.op, left, right, at: t.at };
    }
  }

  /** Prefix + - @ bind tighter than every binary operator but the range operator. */
  parseUnary(): FormulaNode {
    const t = this.current;
    if (t.kind === "operator" && (t.op === "-" || t.op === "+" || t.op === "@")) {
      this.pos++;
      return { type: "unary", op: t.op, operand: this.parseUnary(), at: t.at };
    }
    return this.parsePercent();
  }

  parsePercent(): FormulaNode {
    let node = this.parseRange();
    while (this.isOperator("%")) {
      node = { type: "percent", operand: node, at: this.current.at };
      this.pos++;
    }
    return node;
  }

  /** `ref:ref` where either side is an expression giving a reference (`A1:INDEX(B:B,3)`). */
  parseRange(): FormulaNode {
    let node = this.parsePrimary();
    while (this.isOperator(":")) {
      const at = this.current.at;
      this.pos++;
      node = { type: "binary", op: ":" as BinaryOperator, left: node, right: this.parsePrimary(), at };
    }
    return node;
  }

  parsePrimary(): FormulaNode {
    const t = this.current;
    switch (t.kind) {
      case "number":
        this.pos++;
        return { type: "number", value: t.value, at: t.at };
      case "string":
        this.pos++;
        return { type: "string", value: t.value, at: t.at };
      case "error":
        this.pos++;
        return { type: "error", code: t.code, at: t.at };
      case "reference":
        return this.parseReference(t);
      case "identifier":
        return this.parseIdentifier(t);
      case "punct":
        if (t.char === "(") {
          this.pos++;
          const inner = this.parseBinary(1);
          this.expectPunct(")", '")"');
          return inner;
        }
        if (t.char === "{") return this.parseArray();
        throw this.unexpected("a value, a reference or a function");
      default:
        throw this.unexpected("a value, a reference or a function");
    }
  }

  parseReference(t: Token & { kind: "reference" }): FormulaNode {
    this.pos++;
    const ref: ReferenceNode = { type: "reference", sheet: t.sheet, start: t.start, end: t.end, at: t.at };
    return t.spill ? { type: "spill", anchor: ref, at: t.at } : ref;
  }

  parseIdentifier(t: Token & { kind: "identifier" }): FormulaNode {
    this.pos++;
    if (this.isPunct("(")) return this.parseCall(t);
    const upper = t.name.toUpperCase();
    if (upper === "TRUE" || upper === "FALSE") return { type: "boolean", value: upper === "TRUE", at: t.at };
    return { type: "name", name: t.name, at: t.at };
  }

  parseCall(t: Token & { kind: "identifier" }): FormulaNode {
    this.pos++; // "("
    const args = this.parseArguments();
    const name = canonicalFunctionName(t.name, this.options);
    // The file form of A1# and of @: ANCHORARRAY(A1) and SINGLE(x).
    if (name === FILE_ANCHORARRAY && args.length === 1 && args[0].type === "reference" && args[0].end === null) {
      return { type: "spill", anchor: args[0], at: t.at };
    }
    if (name === FILE_SINGLE && args.length === 1) return { type: "unary", op: "@", operand: args[0], at: t.at };
    return { type: "call", name, args, at: t.at };
  }

  parseArguments(): FormulaNode[] {
    const args: FormulaNode[] = [];
    if (this.isPunct(")")) {
      this.pos++;
      return args;
    }
    for (;;) {
      if (this.isPunct(",") || this.isPunct(")")) args.push({ type: "missing", at: this.current.at });
      else args.push(this.parseBinary(1));
      if (this.isPunct(",")) {
        this.pos++;
        continue;
      }
      if (this.isPunct(";")) {
        throw new FormulaSyntaxError('Separate a function\'s arguments with "," (not ";")', this.current.at);
      }
      this.expectPunct(")", '"," or ")"');
      return args;
    }
  }

  parseArray(): FormulaNode {
    const at = this.current.at;
    this.pos++; // "{"
    const rows: FormulaNode[][] = [[]];
    for (;;) {
      rows[rows.length - 1].push(this.parseArrayElement());
      if (this.isPunct(",")) this.pos++;
      else if (this.isPunct(";")) {
        this.pos++;
        rows.push([]);
      } else break;
    }
    this.expectPunct("}", '"," ";" or "}"');
    if (rows.some((r) => r.length !== rows[0].length)) {
      throw new FormulaSyntaxError("Every row of an array constant needs the same number of values", at);
    }
    return { type: "array", rows, at };
  }

  /** Array constants hold constants only: numbers (signed), text, booleans, errors. */
  parseArrayElement(): FormulaNode {
    const t = this.current;
    if (t.kind === "operator" && (t.op === "-" || t.op === "+")) {
      this.pos++;
      const n = this.current;
      if (n.kind !== "number") throw this.unexpected("a number");
      this.pos++;
      return { type: "number", value: t.op === "-" ? -n.value : n.value, at: t.at };
    }
    const node = t.kind === "identifier" ? this.parseIdentifier(t) : this.parsePrimary();
    if (!["number", "string", "boolean", "error"].includes(node.type)) {
      throw new FormulaSyntaxError("An array constant holds only numbers, text, TRUE/FALSE and error values", t.at);
    }
    return node;
  }
}

/**
 * Parses a formula as typed (`=SUM(A1:B2)`) or as an .xlsx file stores it (no "=", `_xlfn.` prefixes,
 * `_xlfn.ANCHORARRAY(A2)` for `A2#`, `_xldudf_NS_NAME` for an add-in's NS.NAME). Throws FormulaSyntaxError with
 * the position (counted after the "=") where the formula stops making sense.
 */
export function parseFormula(text: string, options: ParseOptions = {}): FormulaNode {
  const body = text.startsWith("=") ? text.slice(1) : text;
  return new Parser(tokenize(body), options).parseFormula();
}
