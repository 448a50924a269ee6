import { columnLetter } from "../sheet";
import type { FormulaNode, RefEnd } from "./ast";
import {
  BINARY_PRECEDENCE,
  FILE_ANCHORARRAY,
  FILE_PREFIX,
  FILE_SINGLE,
  FILE_UDF_PREFIX,
  FILE_WEB_PREFIX,
  FUTURE_FUNCTIONS,
  WEB_FUNCTIONS,
} from "./grammar";

export interface PrintOptions {
  /** "typed": as a user types it (`=XLOOKUP(…)`, `A2#`); "file": as an .xlsx stores it (no "=", prefixes). */
  form: "typed" | "file";
  /** Namespaces of add-in functions: in the file form NS.NAME is written `_xldudf_NS_NAME`. */
  udfNamespaces?: readonly string[];
}

const PLAIN_SHEET = /^[A-Za-z_][A-Za-z0-9_.]*$/;

function sheetPrefix(sheet: string | null): string {
  if (sheet === null) return "";
  const plain = PLAIN_SHEET.test(sheet) && !/^[A-Za-z]{1,3}\d+$/.test(sheet) && !/^(TRUE|FALSE)$/i.test(sheet);
  return plain ? `${sheet}!` : `'${sheet.replace(/'/g, "''")}'!`;
}

function refEnd(end: RefEnd): string {
  const column = end.column === null ? "" : `${end.columnAbsolute ? "$" : ""}${columnLetter(end.column)}`;
  const row = end.row === null ? "" : `${end.rowAbsolute ? "$" : ""}${end.row + 1}`;
  return column + row;
}

function functionName(name: string, options: PrintOptions): string {
  if (options.form === "typed") return name;
  const ns = (options.udfNamespaces ?? []).find((n) => name.startsWith(`${n.toUpperCase()}.`));
  if (ns) return `${FILE_UDF_PREFIX}${ns.toUpperCase()}_${name.slice(ns.length + 1)}`;
  if (WEB_FUNCTIONS.has(name)) return `${FILE_PREFIX}${FILE_WEB_PREFIX}${name}`;
  if (FUTURE_FUNCTIONS.has(name)) return `${FILE_PREFIX}${name}`;
  return name;
}

function numberText(n: number): string {
  return String(n).toUpperCase();
}

/** How tightly a node binds, to decide where parentheses are needed. */
function level(node: FormulaNode): number {
  if (node.type === "binary") return BINARY_PRECEDENCE[node.op];
  if (node.type === "unary") return 6;
  if (node.type === "percent") return 7;
  return 9;
}

function printNode(node: FormulaNode, options: PrintOptions): string {
  const p = (child: FormulaNode, min: number): string => {
    const text = printNode(child, options);
    return level(child) < min ? `(${text})` : text;
  };
  switch (node.type) {
    case "number":
      return numberText(node.value);
    case "string":
      return `"${node.value.replace(/"/g, '""')}"`;
    case "boolean":
      return node.value ? "TRUE" : "FALSE";
    case "error":
      return node.code;
    case "name":
      return node.name;
    case "missing":
      return "";
    case "reference":
      return sheetPrefix(node.sheet) + refEnd(node.start) + (node.end ? `:${refEnd(node.end)}` : "");
    case "spill": {
      const anchor = printNode(node.anchor, options);
      return options.form === "file" ? `${FILE_PREFIX}${FILE_ANCHORARRAY}(${anchor})` : `${anchor}#`;
    }
    case "unary":
      if (node.op === "@" && options.form === "file") {
        return `${FILE_PREFIX}${FILE_SINGLE}(${printNode(node.operand, options)})`;
      }
      return node.op + p(node.operand, 6);
    case "percent":
      return `${p(node.operand, 7)}%`;
    case "binary": {
      const own = BINARY_PRECEDENCE[node.op];
      // Left-associative: a right operand of the same level keeps its parentheses.
      return `${p(node.left, own)}${node.op}${p(node.right, own + 1)}`;
    }
    case "call":
      return `${functionName(node.name, options)}(${node.args.map((a) => printNode(a, options)).join(",")})`;
    case "array":
      return `{${node.rows.map((r) => r.map((e) => printNode(e, options)).join(",")).join(";")}}`;
  }
}

/** Writes a parsed formula back as text: with "=" in the typed form, without it in the file form. */
export function printFormula(node: FormulaNode, options: PrintOptions = { form: "typed" }): string {
  const body = printNode(node, options);
  return options.form === "typed" ? `=${body}` : body;
}
