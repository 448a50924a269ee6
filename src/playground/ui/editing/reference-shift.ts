import { parseFormula, printFormula, type FormulaNode, type RefEnd } from "../../../formulas";
import { MAX_COLUMNS, MAX_ROWS, type CellBlock } from "../../../sheet";

type ReferenceNode = FormulaNode & { type: "reference" };

/** A reference in a formula's text: the node, whether `#` follows it (a spill), and where its text lies. */
interface Found {
  node: ReferenceNode;
  spill: boolean;
  from: number;
  to: number;
}

// The reference forms the lexer reads, for finding where a reference's text ends (it has no spaces inside).
const SHEET = /^(?:'(?:[^']|'')+'|[^'!\s]+)!/;
const COLUMNS = /^\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}/;
const ROWS = /^\$?\d{1,7}:\$?\d{1,7}/;
const CELL = /^\$?[A-Za-z]{1,3}\$?\d{1,7}/;

function referenceLength(body: string, node: ReferenceNode): number {
  const sheet = node.sheet === null ? "" : (SHEET.exec(body)?.[0] ?? "");
  const rest = body.slice(sheet.length);
  let length: number;
  if (node.start.row === null) length = COLUMNS.exec(rest)?.[0].length ?? 0;
  else if (node.start.column === null) length = ROWS.exec(rest)?.[0].length ?? 0;
  else {
    length = CELL.exec(rest)?.[0].length ?? 0;
    if (node.end) length += 1 + (CELL.exec(rest.slice(length + 1))?.[0].length ?? 0);
  }
  return sheet.length + length;
}

function collect(node: FormulaNode, body: string, out: Found[]): void {
  switch (node.type) {
    case "reference":
    case "spill": {
      const ref = node.type === "spill" ? node.anchor : node;
      const length = referenceLength(body.slice(ref.at), ref);
      out.push({
        node: ref,
        spill: node.type === "spill",
        from: ref.at,
        to: ref.at + length + (node.type === "spill" ? 1 : 0),
      });
      return;
    }
    case "unary":
    case "percent":
      return collect(node.operand, body, out);
    case "binary":
      collect(node.left, body, out);
      return collect(node.right, body, out);
    case "call":
      return node.args.forEach((a) => collect(a, body, out));
    default:
      return;
  }
}

/**
 * Rewrites each reference of a formula with `rewrite` (null leaves it as it is), keeping the rest of the text as
 * typed (spaces, case, number forms). Text the parser cannot read is returned unchanged: it holds no references
 * we could find, and Excel would not have let it into a cell.
 */
function rewriteReferences(formula: string, rewrite: (ref: ReferenceNode, spill: boolean) => string | null): string {
  if (!formula.startsWith("=")) return formula;
  const body = formula.slice(1);
  let tree: FormulaNode;
  try {
    tree = parseFormula(formula);
  } catch {
    return formula;
  }
  const found: Found[] = [];
  collect(tree, body, found);
  let out = "";
  let at = 0;
  for (const f of found.sort((a, b) => a.from - b.from)) {
    const text = rewrite(f.node, f.spill);
    if (text === null) continue;
    out += body.slice(at, f.from) + text;
    at = f.to;
  }
  return `=${out}${body.slice(at)}`;
}

function referenceText(ref: ReferenceNode, spill: boolean): string {
  return printFormula(ref).slice(1) + (spill ? "#" : "");
}

function moveEnd(end: RefEnd, rows: number, columns: number, absoluteToo: boolean): RefEnd | null {
  const row = end.row === null || (end.rowAbsolute && !absoluteToo) ? end.row : end.row + rows;
  const column = end.column === null || (end.columnAbsolute && !absoluteToo) ? end.column : end.column + columns;
  if (row !== null && (row < 0 || row >= MAX_ROWS)) return null;
  if (column !== null && (column < 0 || column >= MAX_COLUMNS)) return null;
  return { ...end, row, column };
}

/**
 * A formula copied `rows` down and `columns` right, as Excel pastes it: relative parts of each reference move by
 * the offset, `$` parts stay; a reference moved off the sheet becomes #REF! (Excel writes `Sheet2!#REF!` for a
 * reference to another sheet; the playground's parser reads no sheet before #REF!, so the sheet is dropped).
 */
export function shiftFormula(formula: string, rows: number, columns: number): string {
  if (rows === 0 && columns === 0) return formula;
  return rewriteReferences(formula, (ref, spill) => {
    const start = moveEnd(ref.start, rows, columns, false);
    const end = ref.end && moveEnd(ref.end, rows, columns, false);
    if (!start || (ref.end && !end)) return "#REF!";
    return referenceText({ ...ref, start, end }, spill);
  });
}

function within(end: RefEnd, block: CellBlock): boolean {
  return (
    end.row !== null &&
    end.column !== null &&
    end.row >= block.row &&
    end.row < block.row + block.rowCount &&
    end.column >= block.column &&
    end.column < block.column + block.columnCount
  );
}

/** Where cut cells went: from a block of one sheet to another place (maybe another sheet). */
export interface CellMove {
  sheet: string;
  block: CellBlock;
  toSheet: string;
  rows: number;
  columns: number;
}

/**
 * A formula after cells were cut and pasted elsewhere, as Excel adjusts it: a reference lying wholly inside the
 * moved block follows the cells (absolute parts too). `home` is the formula's sheet before and after (a formula
 * that was itself moved to another sheet names its old sheet where it still points there); every other reference
 * stays as it is.
 */
export function followMove(formula: string, home: { from: string; to: string }, move: CellMove): string {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  return rewriteReferences(formula, (ref, spill) => {
    const sheet = ref.sheet ?? home.from;
    const moved =
      same(sheet, move.sheet) && within(ref.start, move.block) && (ref.end === null || within(ref.end, move.block));
    const to = moved ? move.toSheet : sheet;
    const named = ref.sheet !== null || !same(to, home.to) ? to : null;
    if (!moved) return named === ref.sheet ? null : referenceText({ ...ref, sheet: named }, spill);
    const start = moveEnd(ref.start, move.rows, move.columns, true);
    const end = ref.end && moveEnd(ref.end, move.rows, move.columns, true);
    if (!start || (ref.end && !end)) return "#REF!";
    return referenceText({ ...ref, sheet: named, start, end }, spill);
  });
}
