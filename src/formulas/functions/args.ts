import type { EvalContext } from "../context";
import { toBoolean, toNumber, toText } from "../coerce";
import { lift, toMatrix } from "../lift";
import { FormulaError, RangeRef, type Matrix, type Scalar, type Value } from "../values";
import { fromLibrary } from "./library";
import type { FunctionSpec } from "./spec";

/** How a scalar parameter is converted before the implementation sees it. */
export type Kind = "number" | "text" | "boolean" | "any";

function convert(v: Scalar, kind: Kind): Scalar {
  if (kind === "any") return v;
  if (v instanceof FormulaError) return v;
  if (kind === "number") return toNumber(v);
  if (kind === "text") return toText(v);
  return toBoolean(v);
}

/**
 * A function of scalars (ROUND, LEFT, YEAR…): each argument converted by its kind (omitted optional arguments
 * stay null), the first error returned as the result, arrays lifted element by element.
 */
export function scalarFn(
  kinds: readonly Kind[],
  min: number,
  impl: (...values: never[]) => unknown,
  options: { errorsPass?: boolean } = {},
): FunctionSpec {
  return {
    min,
    max: kinds.length,
    call: (args, ctx) =>
      lift(args, ctx, (...values) => {
        const converted = values.map((v, i) => (v === null && i >= min ? null : convert(v, kinds[i])));
        if (!options.errorsPass) {
          const error = converted.find((v) => v instanceof FormulaError);
          if (error) return error;
        }
        const out = fromLibrary((impl as (...v: Scalar[]) => unknown)(...converted));
        return Array.isArray(out) ? out[0][0] : out;
      }),
  };
}

/** Every element of every argument, row by row, with whether it came from a range or array (or was typed). */
export function* elements(args: readonly Value[], ctx: EvalContext): Generator<[Scalar, boolean]> {
  for (const a of args) {
    if (a instanceof RangeRef || Array.isArray(a)) {
      for (const row of toMatrix(a, ctx)) for (const v of row) yield [v, true];
    } else yield [a, false];
  }
}

/**
 * Excel's rule for SUM, AVERAGE, MIN and the like: typed arguments count when they are numbers, TRUE/FALSE or
 * numeric text (other text is #VALUE!); inside ranges and arrays only numbers count (text, booleans and empty
 * cells are skipped). An error anywhere is the result.
 */
export function numbersOf(args: readonly Value[], ctx: EvalContext): number[] | FormulaError {
  const out: number[] = [];
  for (const [v, inRange] of elements(args, ctx)) {
    if (v instanceof FormulaError) return v;
    if (inRange) {
      if (typeof v === "number") out.push(v);
      continue;
    }
    if (v === null) continue; // an omitted argument
    const n = toNumber(v);
    if (n instanceof FormulaError) return n;
    out.push(n);
  }
  return out;
}

/** An aggregate over numbers (see numbersOf); `empty` answers when no number was found. */
export function numbersFn(impl: (numbers: number[]) => unknown, empty?: () => Scalar): FunctionSpec {
  return {
    min: 1,
    max: 255,
    call: (args, ctx) => {
      const numbers = numbersOf(args, ctx);
      if (numbers instanceof FormulaError) return numbers;
      if (numbers.length === 0 && empty) return empty();
      return fromLibrary(impl(numbers));
    },
  };
}

/** A matrix argument, or the error it is. */
export function matrixArg(v: Value, ctx: EvalContext): Matrix | FormulaError {
  if (v instanceof FormulaError) return v;
  return toMatrix(v, ctx);
}

export const flat = (m: Matrix): Scalar[] => m.flat();
