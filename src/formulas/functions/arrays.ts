import * as F from "@formulajs/formulajs";
import type { EvalContext } from "../context";
import { compareScalars, toBoolean, toNumber } from "../coerce";
import { toMatrix, toScalar } from "../lift";
import { FormulaError, type Matrix, type Scalar, type Value } from "../values";
import { matrixArg } from "./args";
import { fromLibrary } from "./library";
import type { FunctionTable } from "./spec";

function optionalNumber(v: Value | undefined, ctx: EvalContext, fallback: number): number | FormulaError {
  if (v === undefined || v === null) return fallback;
  const s = toScalar(v, ctx);
  return s === null ? fallback : toNumber(s);
}

const EMPTY = (why: string) => new FormulaError("#CALC!", why);

/** Excel sorts numbers, then text, then booleans, then errors; empty cells last. */
function sortKey(a: Scalar, b: Scalar): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (a instanceof FormulaError || b instanceof FormulaError) {
    return a instanceof FormulaError ? (b instanceof FormulaError ? 0 : 1) : -1;
  }
  return compareScalars(a, b);
}

function sort(args: Value[], ctx: EvalContext): Value {
  const m = matrixArg(args[0], ctx);
  if (m instanceof FormulaError) return m;
  const index = optionalNumber(args[1], ctx, 1);
  const order = optionalNumber(args[2], ctx, 1);
  const byColumn = args[3] === undefined || args[3] === null ? false : toBoolean(toScalar(args[3], ctx));
  for (const v of [index, order, byColumn]) if (v instanceof FormulaError) return v;
  const lines = byColumn ? (F.TRANSPOSE(m) as Matrix) : m;
  const k = Math.trunc(index as number) - 1;
  if (k < 0 || k >= lines[0].length) return new FormulaError("#VALUE!", "SORT's index is outside the array.");
  const sign = (order as number) < 0 ? -1 : 1;
  // A stable sort keeps rows with equal keys in their order, as Excel does.
  const sorted = [...lines].sort((x, y) => sign * sortKey(x[k], y[k]));
  return byColumn ? (F.TRANSPOSE(sorted) as Matrix) : sorted;
}

function filter(args: Value[], ctx: EvalContext): Value {
  const m = matrixArg(args[0], ctx);
  const include = matrixArg(args[1], ctx);
  if (m instanceof FormulaError) return m;
  if (include instanceof FormulaError) return include;
  const byRows = include[0].length === 1 && include.length === m.length;
  const byColumns = include.length === 1 && include[0].length === m[0].length;
  if (!byRows && !byColumns)
    return new FormulaError("#VALUE!", "FILTER's include must match the array's rows or columns.");
  const keep: boolean[] = [];
  for (const v of byRows ? include.map((r) => r[0]) : include[0]) {
    const b = toBoolean(v);
    if (b instanceof FormulaError) return b;
    keep.push(b);
  }
  const out = byRows ? m.filter((_, i) => keep[i]) : m.map((r) => r.filter((_, j) => keep[j]));
  if (out.length === 0 || out[0].length === 0) {
    return args[2] === undefined ? EMPTY("FILTER found no rows that match.") : args[2];
  }
  return out;
}

/** UNIQUE: distinct rows (or columns), text compared ignoring case; exactly_once keeps those seen once. */
function unique(args: Value[], ctx: EvalContext): Value {
  const m = matrixArg(args[0], ctx);
  if (m instanceof FormulaError) return m;
  const byColumn = args[1] === undefined || args[1] === null ? false : toBoolean(toScalar(args[1], ctx));
  const once = args[2] === undefined || args[2] === null ? false : toBoolean(toScalar(args[2], ctx));
  if (byColumn instanceof FormulaError) return byColumn;
  if (once instanceof FormulaError) return once;
  const lines = byColumn ? (F.TRANSPOSE(m) as Matrix) : m;
  const key = (line: Scalar[]) =>
    JSON.stringify(
      line.map((v) => (typeof v === "string" ? `s${v.toLowerCase()}` : v instanceof FormulaError ? `e${v.code}` : v)),
    );
  const counts = new Map<string, { line: Scalar[]; n: number }>();
  for (const line of lines) {
    const k = key(line);
    const seen = counts.get(k);
    if (seen) seen.n++;
    else counts.set(k, { line, n: 1 });
  }
  const out = [...counts.values()].filter((e) => !once || e.n === 1).map((e) => e.line);
  if (out.length === 0) return EMPTY("UNIQUE found no value that occurs once.");
  return byColumn ? (F.TRANSPOSE(out) as Matrix) : out;
}

function sequence(args: Value[], ctx: EvalContext): Value {
  const [rows, columns, start, step] = [
    optionalNumber(args[0], ctx, 1),
    optionalNumber(args[1], ctx, 1),
    optionalNumber(args[2], ctx, 1),
    optionalNumber(args[3], ctx, 1),
  ];
  for (const v of [rows, columns, start, step]) if (v instanceof FormulaError) return v;
  const [r, c] = [Math.trunc(rows as number), Math.trunc(columns as number)];
  if (r < 1 || c < 1) return EMPTY("SEQUENCE needs at least one row and one column.");
  if (r * c > 1_048_576 * 16) return new FormulaError("#NUM!", "SEQUENCE is larger than a sheet.");
  return Array.from({ length: r }, (_, i) =>
    Array.from({ length: c }, (_, j) => (start as number) + (i * c + j) * (step as number)),
  );
}

export const ARRAYS: FunctionTable = {
  SORT: { min: 1, max: 4, call: sort },
  FILTER: { min: 2, max: 3, call: filter },
  UNIQUE: { min: 1, max: 3, call: unique },
  SEQUENCE: { min: 1, max: 4, call: sequence },
  TRANSPOSE: {
    min: 1,
    max: 1,
    call: ([v], ctx) => (v instanceof FormulaError ? v : fromLibrary(F.TRANSPOSE(toMatrix(v, ctx)))),
  },
};
