import type { FormulaNode, ReferenceNode } from "./ast";
import type { EvalContext } from "./context";
import { FUNCTIONS } from "./functions";
import { LAST_COLUMN, LAST_ROW } from "./grammar";
import { lift } from "./lift";
import { unknownFunctionMessage } from "./unknown-function";
import { applyBinary, applyNegate, applyPercent } from "./operators";
import { FormulaError, RangeRef, type Matrix, type Scalar, type Value } from "./values";

export const notAvailable = (name: string): FormulaError =>
  new FormulaError("#NAME?", `${name} is not available in the playground.`);

function reference(node: ReferenceNode, ctx: EvalContext): RangeRef | FormulaError {
  let sheet = ctx.sheet;
  if (node.sheet !== null) {
    const found = ctx.sheetNamed(node.sheet);
    if (found === null) return new FormulaError("#REF!", `There is no sheet named "${node.sheet}".`);
    sheet = found;
  }
  const end = node.end ?? node.start;
  const rows = [node.start.row ?? 0, end.row ?? LAST_ROW - 1];
  const columns = [node.start.column ?? 0, end.column ?? LAST_COLUMN - 1];
  const row = Math.min(...rows);
  const column = Math.min(...columns);
  return new RangeRef(sheet, {
    row,
    column,
    rowCount: Math.max(...rows) - row + 1,
    columnCount: Math.max(...columns) - column + 1,
  });
}

/** `A1:B2` written with expressions on either side: the smallest range holding both. */
function rangeBetween(a: Value, b: Value): Value {
  if (a instanceof FormulaError) return a;
  if (b instanceof FormulaError) return b;
  if (!(a instanceof RangeRef) || !(b instanceof RangeRef) || a.sheet !== b.sheet) {
    return new FormulaError("#VALUE!", 'The range operator ":" joins two references on one sheet.');
  }
  const row = Math.min(a.block.row, b.block.row);
  const column = Math.min(a.block.column, b.block.column);
  const lastRow = Math.max(a.block.row + a.block.rowCount, b.block.row + b.block.rowCount);
  const lastColumn = Math.max(a.block.column + a.block.columnCount, b.block.column + b.block.columnCount);
  return new RangeRef(a.sheet, { row, column, rowCount: lastRow - row, columnCount: lastColumn - column });
}

/** `@`: the one cell of a range in the formula's row or column (implicit intersection). */
function intersect(v: Value, ctx: EvalContext): Value {
  if (Array.isArray(v)) return v[0][0];
  if (!(v instanceof RangeRef) || v.isCell) return v;
  const { block } = v;
  if (v.sheet === ctx.sheet && block.columnCount === 1 && ctx.row >= block.row && ctx.row < block.row + block.rowCount)
    return new RangeRef(v.sheet, { row: ctx.row, column: block.column, rowCount: 1, columnCount: 1 });
  if (
    v.sheet === ctx.sheet &&
    block.rowCount === 1 &&
    ctx.column >= block.column &&
    ctx.column < block.column + block.columnCount
  )
    return new RangeRef(v.sheet, { row: block.row, column: ctx.column, rowCount: 1, columnCount: 1 });
  return new FormulaError("#VALUE!", "@ found no single cell of the range in the formula's row or column.");
}

function call(node: FormulaNode & { type: "call" }, ctx: EvalContext): Value {
  const spec = FUNCTIONS.get(node.name);
  if (!spec) {
    if (ctx.isExternal(node.name)) {
      const known = ctx.externalFunctions();
      if (known && !known.some((k) => k.toUpperCase() === node.name.toUpperCase()))
        return new FormulaError("#NAME?", unknownFunctionMessage(node.name, known));
      return new FormulaError(
        "#VALUE!",
        `In the playground ${node.name} must be a formula of its own (=${node.name}(…)); refer to its result from ` +
          "other formulas, with A1# for its whole spill.",
      );
    }
    return notAvailable(node.name);
  }
  if (node.args.length < spec.min || node.args.length > spec.max) {
    const range =
      spec.min === spec.max
        ? `${spec.min}`
        : spec.max === Infinity
          ? `at least ${spec.min}`
          : `${spec.min} to ${spec.max}`;
    return new FormulaError("#VALUE!", `${node.name} takes ${range} argument${range === "1" ? "" : "s"}.`);
  }
  if (spec.volatile) ctx.volatile();
  return spec.call(
    node.args.map((a) => evaluateNode(a, ctx)),
    ctx,
  );
}

/** Evaluates one node; Excel's errors are values here, never exceptions. */
export function evaluateNode(node: FormulaNode, ctx: EvalContext): Value {
  switch (node.type) {
    case "number":
    case "string":
    case "boolean":
      return node.value;
    case "error":
      return new FormulaError(node.code as FormulaError["code"]);
    case "missing":
      return null;
    case "name":
      return new FormulaError("#NAME?", `"${node.name}" is not a function, reference or name the playground knows.`);
    case "reference":
      return reference(node, ctx);
    case "spill": {
      const anchor = reference(node.anchor, ctx);
      if (anchor instanceof FormulaError) return anchor;
      return ctx.spillOf(anchor.sheet, anchor.block.row, anchor.block.column);
    }
    case "unary": {
      const operand = evaluateNode(node.operand, ctx);
      if (node.op === "@") return intersect(operand, ctx);
      if (node.op === "+") return operand;
      return lift([operand], ctx, applyNegate);
    }
    case "percent":
      return lift([evaluateNode(node.operand, ctx)], ctx, applyPercent);
    case "binary": {
      const left = evaluateNode(node.left, ctx);
      const right = evaluateNode(node.right, ctx);
      if (node.op === ":") return rangeBetween(left, right);
      const op = node.op;
      return lift([left, right], ctx, (a, b) => applyBinary(op, a, b));
    }
    case "call":
      return call(node, ctx);
    case "array":
      return node.rows.map((r) => r.map((e) => evaluateNode(e, ctx) as Scalar));
  }
}

/** A formula's result as a cell holds it: a scalar (an empty cell's value shows as 0), or an array that spills. */
export function evaluateFormula(node: FormulaNode, ctx: EvalContext): Scalar | Matrix {
  const v = evaluateNode(node, ctx);
  const out: Scalar | Matrix = v instanceof RangeRef ? (v.isCell ? ctx.read(v)[0][0] : ctx.read(v)) : v;
  if (!Array.isArray(out)) return out ?? 0;
  if (out.length === 1 && out[0].length === 1) return out[0][0] ?? 0;
  return out.map((r) => r.map((e) => e ?? 0));
}
