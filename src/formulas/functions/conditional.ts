import type { EvalContext } from "../context";
import { toScalar } from "../lift";
import { FormulaError, type Matrix, type Scalar, type Value } from "../values";
import { max, min, sum } from "./aggregates";
import { matrixArg } from "./args";
import { criterion } from "./criteria";
import type { FunctionTable } from "./spec";

const SIZE = new FormulaError("#VALUE!", "The ranges of a conditional function must have the same size.");

/** The cells (positions) of equally sized ranges that meet every (range, criterion) pair. */
function matching(
  pairs: Value[],
  ctx: EvalContext,
): { rows: number; columns: number; hits: boolean[][] } | FormulaError {
  let shape: Matrix | undefined;
  let hits: boolean[][] | undefined;
  for (let i = 0; i < pairs.length; i += 2) {
    const range = matrixArg(pairs[i], ctx);
    if (range instanceof FormulaError) return range;
    const spec = toScalar(pairs[i + 1], ctx);
    if (spec instanceof FormulaError) return spec;
    if (shape && (range.length !== shape.length || range[0].length !== shape[0].length)) return SIZE;
    shape = range;
    const test = criterion(spec);
    const now = range.map((row) => row.map((v) => test(v)));
    hits = hits ? hits.map((row, r) => row.map((h, c) => h && now[r][c])) : now;
  }
  return { rows: shape?.length ?? 0, columns: shape?.[0].length ?? 0, hits: hits ?? [] };
}

/** The numbers of `values` (sized like the criteria ranges) where every criterion holds; errors there count. */
function picked(values: Value, pairs: Value[], ctx: EvalContext, sameSize: boolean): number[] | FormulaError {
  const m = matching(pairs, ctx);
  if (m instanceof FormulaError) return m;
  const target = matrixArg(values, ctx);
  if (target instanceof FormulaError) return target;
  if (sameSize && (target.length !== m.rows || target[0].length !== m.columns)) return SIZE;
  const out: number[] = [];
  for (let r = 0; r < m.rows; r++) {
    for (let c = 0; c < m.columns; c++) {
      if (!m.hits[r][c]) continue;
      // SUMIF's sum range is read from its top-left corner with the criteria range's size, as Excel does.
      const v: Scalar = target[r]?.[c] ?? null;
      if (v instanceof FormulaError) return v;
      if (typeof v === "number") out.push(v);
    }
  }
  return out;
}

const average = (n: number[]): Scalar =>
  n.length === 0 ? new FormulaError("#DIV/0!", "No cell meets the criteria.") : sum(n) / n.length;

function result(n: number[] | FormulaError, f: (n: number[]) => Scalar): Value {
  return n instanceof FormulaError ? n : f(n);
}

const pairsValid = (args: Value[], from: number) => (args.length - from) % 2 === 0;
const PAIRS = new FormulaError("#VALUE!", "Give the criteria as pairs: a range, then its criterion.");

export const CONDITIONAL: FunctionTable = {
  SUMIF: { min: 2, max: 3, call: ([r, c, s], ctx) => result(picked(s ?? r, [r, c], ctx, false), sum) },
  AVERAGEIF: { min: 2, max: 3, call: ([r, c, s], ctx) => result(picked(s ?? r, [r, c], ctx, false), average) },
  COUNTIF: {
    min: 2,
    max: 2,
    call: (args, ctx) => {
      const m = matching(args, ctx);
      return m instanceof FormulaError ? m : m.hits.flat().filter(Boolean).length;
    },
  },
  COUNTIFS: {
    min: 2,
    max: 254,
    call: (args, ctx) => {
      if (!pairsValid(args, 0)) return PAIRS;
      const m = matching(args, ctx);
      return m instanceof FormulaError ? m : m.hits.flat().filter(Boolean).length;
    },
  },
  SUMIFS: {
    min: 3,
    max: 255,
    call: ([s, ...p], ctx) => (pairsValid(p, 0) ? result(picked(s, p, ctx, true), sum) : PAIRS),
  },
  AVERAGEIFS: {
    min: 3,
    max: 255,
    call: ([s, ...p], ctx) => (pairsValid(p, 0) ? result(picked(s, p, ctx, true), average) : PAIRS),
  },
  MAXIFS: {
    min: 3,
    max: 255,
    call: ([s, ...p], ctx) =>
      pairsValid(p, 0) ? result(picked(s, p, ctx, true), (n) => (n.length ? max(n) : 0)) : PAIRS,
  },
  MINIFS: {
    min: 3,
    max: 255,
    call: ([s, ...p], ctx) =>
      pairsValid(p, 0) ? result(picked(s, p, ctx, true), (n) => (n.length ? min(n) : 0)) : PAIRS,
  },
};
