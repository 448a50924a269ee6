import { compareScalars, toBoolean } from "../coerce";
import { lift, toScalar } from "../lift";
import { FormulaError, RangeRef, type Scalar, type Value } from "../values";
import { elements, scalarFn } from "./args";
import type { FunctionSpec, FunctionTable } from "./spec";

const B = "boolean" as const;

/** AND, OR, XOR: booleans and numbers count (text in ranges is skipped, typed text is #VALUE!). */
function logicalOver(name: string, combine: (values: boolean[]) => boolean): FunctionSpec {
  return {
    min: 1,
    max: 255,
    call: (args, ctx) => {
      const values: boolean[] = [];
      for (const [v, inRange] of elements(args, ctx)) {
        if (v instanceof FormulaError) return v;
        if (v === null || (inRange && typeof v === "string")) continue;
        const b = toBoolean(v);
        if (b instanceof FormulaError) return b;
        values.push(b);
      }
      if (values.length === 0) return new FormulaError("#VALUE!", `${name} found no TRUE or FALSE values.`);
      return combine(values);
    },
  };
}

const isError = (v: Scalar) => v instanceof FormulaError;
const isNA = (v: Scalar) => v instanceof FormulaError && v.code === "#N/A";

/** IFERROR and IFNA: the value, or the fallback where (each element of) the value is the error. */
function fallbackWhen(test: (v: Scalar) => boolean): FunctionSpec {
  return {
    min: 2,
    max: 2,
    call: ([value, fallback], ctx) => lift([value, fallback], ctx, (v, f) => (test(v) ? (f ?? 0) : (v ?? 0))),
  };
}

function matches(a: Scalar, b: Scalar): boolean {
  if (a instanceof FormulaError || b instanceof FormulaError) return false;
  return compareScalars(a, b) === 0 && typeof a === typeof b;
}

export const LOGICAL: FunctionTable = {
  IF: {
    min: 2,
    max: 3,
    call: ([condition, whenTrue, whenFalse], ctx) => {
      const pick = (c: Scalar, t: Scalar, f: Scalar | undefined): Scalar => {
        const b = toBoolean(c);
        if (b instanceof FormulaError) return b;
        return b ? (t ?? 0) : f === undefined ? false : (f ?? 0);
      };
      // A single condition picks a branch whole (a range or array there spills as it is).
      if (!Array.isArray(condition) && !(condition instanceof RangeRef && !condition.isCell)) {
        const b = toBoolean(toScalar(condition, ctx));
        if (b instanceof FormulaError) return b;
        if (b) return whenTrue ?? 0;
        return whenFalse === undefined ? false : (whenFalse ?? 0);
      }
      return whenFalse === undefined
        ? lift([condition, whenTrue], ctx, (x, t) => pick(x, t, undefined))
        : lift([condition, whenTrue, whenFalse], ctx, pick);
    },
  },
  IFS: {
    min: 2,
    max: 254,
    call: (args, ctx) => {
      if (args.length % 2 !== 0) return new FormulaError("#VALUE!", "IFS takes pairs: a condition, then its value.");
      for (let i = 0; i < args.length; i += 2) {
        const b = toBoolean(toScalar(args[i], ctx));
        if (b instanceof FormulaError) return b;
        if (b) return args[i + 1] ?? 0;
      }
      return new FormulaError("#N/A", "No condition of IFS is TRUE.");
    },
  },
  SWITCH: {
    min: 3,
    max: 254,
    call: ([expression, ...cases], ctx) => {
      const v = toScalar(expression, ctx);
      if (v instanceof FormulaError) return v;
      for (let i = 0; i + 1 < cases.length; i += 2) if (matches(v, toScalar(cases[i], ctx))) return cases[i + 1] ?? 0;
      if (cases.length % 2 === 1) return cases[cases.length - 1] ?? 0;
      return new FormulaError("#N/A", "No case of SWITCH matches and there is no default.");
    },
  },
  IFERROR: fallbackWhen(isError),
  IFNA: fallbackWhen(isNA),
  AND: logicalOver("AND", (v) => v.every(Boolean)),
  OR: logicalOver("OR", (v) => v.some(Boolean)),
  XOR: logicalOver("XOR", (v) => v.filter(Boolean).length % 2 === 1),
  NOT: scalarFn([B], 1, (b: boolean) => !b),
  TRUE: { min: 0, max: 0, call: (): Value => true },
  FALSE: { min: 0, max: 0, call: (): Value => false },
};
