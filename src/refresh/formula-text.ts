import { parseFormula, printFormula, type FormulaNode } from "../formulas";
import type { CellBlock } from "../sheet";
import type { DefinedName } from "../xlsx";

/** Add-in namespaces the formulas of a refreshed file may call (`_xldudf_SERVICE_DATASET` → SERVICE.DATASET). */
export const UDF_NAMESPACES = ["SERVICE"] as const;

const LAST_ROW = 1_048_576;
const LAST_COLUMN = 16_384;

/** A formula in the file form, parsed; null when it cannot be read. */
export function parseFileFormula(text: string): FormulaNode | null {
  try {
    return parseFormula(text, { udfNamespaces: UDF_NAMESPACES });
  } catch {
    return null;
  }
}

/** Rebuilds a tree bottom-up: `visit` may replace any node (its children already rebuilt). */
export function mapNode(node: FormulaNode, visit: (n: FormulaNode) => FormulaNode): FormulaNode {
  switch (node.type) {
    case "unary":
    case "percent":
      return visit({ ...node, operand: mapNode(node.operand, visit) });
    case "binary":
      return visit({ ...node, left: mapNode(node.left, visit), right: mapNode(node.right, visit) });
    case "call":
      return visit({ ...node, args: node.args.map((a) => mapNode(a, visit)) });
    case "array":
      return visit({ ...node, rows: node.rows.map((r) => r.map((e) => mapNode(e, visit))) });
    case "spill":
      return visit({ ...node, anchor: mapNode(node.anchor, visit) as typeof node.anchor });
    default:
      return visit(node);
  }
}

/**
 * Defined names replaced by what they stand for (`Period` → `Report!$B$1`), a sheet's own names first, as Excel
 * resolves them: the formula engine has no names, and a report's inputs are often named cells. A name whose
 * formula cannot be read stays a name (the engine shows #NAME? for it, and the refresh says so).
 */
export function resolveNames(node: FormulaNode, sheet: string, names: readonly DefinedName[], depth = 0): FormulaNode {
  if (depth > 8) return node;
  return mapNode(node, (n) => {
    if (n.type !== "name") return n;
    const lower = n.name.toLowerCase();
    const found =
      names.find((d) => d.name.toLowerCase() === lower && d.sheet?.toLowerCase() === sheet.toLowerCase()) ??
      names.find((d) => d.name.toLowerCase() === lower && d.sheet === undefined);
    const parsed = found ? parseFileFormula(found.formula) : null;
    return parsed ? resolveNames(parsed, sheet, names, depth + 1) : n;
  });
}

/** Unqualified references given the sheet they mean, so the expression reads the same cells from anywhere. */
export function qualify(node: FormulaNode, sheet: string): FormulaNode {
  return mapNode(node, (n) => (n.type === "reference" && n.sheet === null ? { ...n, sheet } : n));
}

/** A stored formula as the engine takes it (typed, with "="), names resolved; unreadable text is passed as is. */
export function typedFormula(fileText: string, sheet: string, names: readonly DefinedName[]): string {
  const node = parseFileFormula(fileText);
  return node ? printFormula(resolveNames(node, sheet, names), { form: "typed" }) : `=${fileText}`;
}

/** A reference node's sheet (null: the formula's own) and block, as the engine reads it. */
export function referenceBlock(node: FormulaNode & { type: "reference" }): CellBlock {
  const end = node.end ?? node.start;
  const rows = [node.start.row ?? 0, end.row ?? LAST_ROW - 1];
  const columns = [node.start.column ?? 0, end.column ?? LAST_COLUMN - 1];
  const row = Math.min(...rows);
  const column = Math.min(...columns);
  return { row, column, rowCount: Math.max(...rows) - row + 1, columnCount: Math.max(...columns) - column + 1 };
}

/** What an expression reads: cells and ranges, and spills (`A2#`) by their anchor. */
export interface ReadTarget {
  sheet: string;
  block: CellBlock;
  spill: boolean;
}

/** Every reference in a formula, with the sheet each one reads (`ownSheet` where it names none). */
export function readTargets(node: FormulaNode, ownSheet: string): ReadTarget[] {
  const out: ReadTarget[] = [];
  mapNode(node, (n) => {
    if (n.type === "reference") out.push({ sheet: n.sheet ?? ownSheet, block: referenceBlock(n), spill: false });
    if (n.type === "spill") {
      const last = out.pop();
      if (last) out.push({ ...last, spill: true });
    }
    return n;
  });
  return out;
}
