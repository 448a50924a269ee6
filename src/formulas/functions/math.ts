import * as F from "@formulajs/formulajs";
import { toNumber } from "../coerce";
import { toMatrix, toScalar } from "../lift";
import { FormulaError, RangeRef, type Scalar } from "../values";
import * as A from "./aggregates";
import { elements, numbersFn, numbersOf, scalarFn } from "./args";
import { fromLibrary } from "./library";
import type { FunctionTable } from "./spec";

const N = "number" as const;

export const MATH: FunctionTable = {
  SUM: numbersFn(A.sum, () => 0),
  PRODUCT: numbersFn(A.product, () => 0),
  ROUND: scalarFn([N, N], 2, F.ROUND),
  ROUNDUP: scalarFn([N, N], 2, F.ROUNDUP),
  ROUNDDOWN: scalarFn([N, N], 2, F.ROUNDDOWN),
  ABS: scalarFn([N], 1, F.ABS),
  INT: scalarFn([N], 1, F.INT),
  TRUNC: scalarFn([N, N], 1, (n: number, d: number | null) => F.TRUNC(n, d ?? 0)),
  MOD: scalarFn([N, N], 2, (a: number, b: number) =>
    b === 0 ? new FormulaError("#DIV/0!", "MOD by zero.") : F.MOD(a, b),
  ),
  SQRT: scalarFn([N], 1, F.SQRT),
  POWER: scalarFn([N, N], 2, F.POWER),
  SIGN: scalarFn([N], 1, F.SIGN),
  EXP: scalarFn([N], 1, F.EXP),
  LN: scalarFn([N], 1, F.LN),
  LOG10: scalarFn([N], 1, F.LOG10),
  LOG: scalarFn([N, N], 1, (n: number, base: number | null) => F.LOG(n, base ?? 10)),
  CEILING: scalarFn([N, N], 2, F.CEILING),
  FLOOR: scalarFn([N, N], 2, F.FLOOR),
  PI: { min: 0, max: 0, call: () => Math.PI },
  RAND: { min: 0, max: 0, volatile: true, call: () => F.RAND() },
  RANDBETWEEN: {
    ...scalarFn([N, N], 2, (a: number, b: number) => F.RANDBETWEEN(a, b)),
    volatile: true,
  },
  /** Multiplies arrays of one size element by element and adds up; non-numbers count as 0, as in Excel. */
  SUMPRODUCT: {
    min: 1,
    max: 255,
    call: (args, ctx) => {
      const arrays = args.map((a) => toMatrix(a, ctx));
      const [rows, columns] = [arrays[0].length, arrays[0][0].length];
      if (arrays.some((m) => m.length !== rows || m[0].length !== columns)) {
        return new FormulaError("#VALUE!", "SUMPRODUCT's arrays must have the same size.");
      }
      for (const m of arrays) for (const row of m) for (const v of row) if (v instanceof FormulaError) return v;
      let total = 0;
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < columns; c++) {
          let p = 1;
          for (const m of arrays) {
            const v = m[r][c];
            p *= typeof v === "number" ? v : 0;
          }
          total += p;
        }
      }
      return fromLibrary(total);
    },
  },
};

/** COUNT counts numbers (and typed numeric text or TRUE/FALSE); errors and other text are skipped, not raised. */
function count(args: Parameters<FunctionTable[string]["call"]>[0], ctx: Parameters<FunctionTable[string]["call"]>[1]) {
  let n = 0;
  for (const [v, inRange] of elements(args, ctx)) {
    if (typeof v === "number") n++;
    else if (!inRange && v !== null && !(v instanceof FormulaError) && typeof toNumber(v) === "number") n++;
  }
  return n;
}

const noNumbers = (fn: string) => (): Scalar => new FormulaError("#DIV/0!", `${fn} found no numbers.`);
const needTwo = (fn: string, impl: (n: number[]) => unknown) => (n: number[]) =>
  n.length < 2 ? new FormulaError("#DIV/0!", `${fn} needs at least two numbers.`) : impl(n);

/** LARGE and SMALL: the k-th number of a list (k from 1). */
function kth(name: string, impl: (numbers: number[], k: number) => unknown): FunctionTable[string] {
  return {
    min: 2,
    max: 2,
    call: ([values, k], ctx) => {
      const numbers = numbersOf([values], ctx);
      if (numbers instanceof FormulaError) return numbers;
      const kk = toNumber(toScalar(k, ctx));
      if (kk instanceof FormulaError) return kk;
      if (kk < 1 || Math.ceil(kk) > numbers.length)
        return new FormulaError("#NUM!", `${name}'s k is outside the list.`);
      return fromLibrary(impl(numbers, Math.ceil(kk)));
    },
  };
}

export const STATISTICS: FunctionTable = {
  AVERAGE: numbersFn(A.average, noNumbers("AVERAGE")),
  MIN: numbersFn(A.min, () => 0),
  MAX: numbersFn(A.max, () => 0),
  MEDIAN: numbersFn(A.median, () => new FormulaError("#NUM!", "MEDIAN found no numbers.")),
  STDEV: numbersFn(
    needTwo("STDEV", (n) => Math.sqrt(A.varianceSample(n))),
    noNumbers("STDEV"),
  ),
  "STDEV.S": numbersFn(
    needTwo("STDEV.S", (n) => Math.sqrt(A.varianceSample(n))),
    noNumbers("STDEV.S"),
  ),
  "STDEV.P": numbersFn((n) => Math.sqrt(A.variancePopulation(n)), noNumbers("STDEV.P")),
  VAR: numbersFn(needTwo("VAR", A.varianceSample), noNumbers("VAR")),
  "VAR.S": numbersFn(needTwo("VAR.S", A.varianceSample), noNumbers("VAR.S")),
  "VAR.P": numbersFn(A.variancePopulation, noNumbers("VAR.P")),
  COUNT: { min: 1, max: 255, call: (args, ctx) => count(args, ctx) },
  COUNTA: {
    min: 1,
    max: 255,
    call: (args, ctx) => {
      let n = 0;
      for (const [v, inRange] of elements(args, ctx)) if (v !== null || !inRange) n++;
      return n;
    },
  },
  COUNTBLANK: {
    min: 1,
    max: 1,
    call: ([range], ctx) => {
      const m = toMatrix(range, ctx);
      // A whole column is read only down to the last used row: the cells below it are empty too.
      const total = range instanceof RangeRef ? range.block.rowCount * range.block.columnCount : 0;
      const read = m.length * m[0].length;
      let filled = 0;
      for (const row of m) for (const v of row) if (v !== null && v !== "") filled++;
      return Math.max(total, read) - filled;
    },
  },
  LARGE: kth("LARGE", A.large),
  SMALL: kth("SMALL", A.small),
};
