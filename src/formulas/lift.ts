import type { EvalContext } from "./context";
import { FormulaError, RangeRef, type Matrix, type Scalar, type Value } from "./values";

/** A value as rows of scalars: a range's cells, an array, or a scalar as a 1×1 array. */
export function toMatrix(v: Value, ctx: EvalContext): Matrix {
  if (v instanceof RangeRef) return ctx.read(v);
  if (Array.isArray(v)) return v;
  return [[v]];
}

/** A value as one scalar: a one-cell range's value, an array's first element. */
export function toScalar(v: Value, ctx: EvalContext): Scalar {
  if (v instanceof RangeRef) {
    if (v.isCell) return ctx.read(v)[0][0];
    return new FormulaError("#VALUE!", "A range was given where one value is expected.");
  }
  if (Array.isArray(v)) return v[0][0];
  return v;
}

/** A range of one cell becomes its value, an array of one element that element; anything else stays as it is. */
function simplify(v: Value, ctx: EvalContext): Scalar | Matrix {
  if (v instanceof RangeRef) return v.isCell ? ctx.read(v)[0][0] : ctx.read(v);
  if (Array.isArray(v) && v.length === 1 && v[0].length === 1) return v[0][0];
  return v;
}

/**
 * Applies a scalar operation element by element when any argument is an array or a range (Excel's dynamic-array
 * lifting: `=A1:A3*2` spills three values). Arrays of different sizes broadcast a single row or column; where one
 * has no element the result is #N/A, as in Excel.
 */
export function lift(args: readonly Value[], ctx: EvalContext, op: (...values: Scalar[]) => Scalar): Scalar | Matrix {
  const values = args.map((a) => simplify(a, ctx));
  const arrays = values.filter((v): v is Matrix => Array.isArray(v));
  if (arrays.length === 0) return op(...(values as Scalar[]));
  const rows = Math.max(...arrays.map((m) => m.length));
  const columns = Math.max(...arrays.map((m) => m[0].length));
  const at = (v: Scalar | Matrix, r: number, c: number): Scalar => {
    if (!Array.isArray(v)) return v;
    const rr = v.length === 1 ? 0 : r;
    const cc = v[0].length === 1 ? 0 : c;
    return rr < v.length && cc < v[0].length ? v[rr][cc] : new FormulaError("#N/A");
  };
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => op(...values.map((v) => at(v, r, c)))),
  );
}
