import * as F from "@formulajs/formulajs";
import type { EvalContext } from "../context";
import { compareScalars, toNumber } from "../coerce";
import { toMatrix, toScalar } from "../lift";
import { FormulaError, RangeRef, type Matrix, type Scalar, type Value } from "../values";
import { matrixArg } from "./args";
import { criterion } from "./criteria";
import { fromLibrary } from "./library";
import type { FunctionTable } from "./spec";

const NOT_FOUND = (what: Scalar) =>
  new FormulaError("#N/A", `${typeof what === "string" ? `"${what}"` : String(what)} was not found.`);

function numberArg(v: Value | undefined, ctx: EvalContext, fallback: number): number | FormulaError {
  if (v === undefined || v === null) return fallback;
  const s = toScalar(v, ctx);
  return s === null ? fallback : toNumber(s);
}

function dims(v: Value, ctx: EvalContext): [number, number] {
  if (v instanceof RangeRef) return [v.block.rowCount, v.block.columnCount];
  const m = toMatrix(v, ctx);
  return [m.length, m[0].length];
}

/** INDEX(array, row, [column]): a cell of a range stays a reference, so `A1:INDEX(...)` and `INDEX(...)#` work. */
function index(args: Value[], ctx: EvalContext): Value {
  const [source, rowArg, columnArg] = args;
  if (source instanceof FormulaError) return source;
  const [rows, columns] = dims(source, ctx);
  let r = numberArg(rowArg, ctx, 0);
  let c = numberArg(columnArg, ctx, 0);
  if (r instanceof FormulaError) return r;
  if (c instanceof FormulaError) return c;
  // One index into a single row picks a column.
  if (rows === 1 && (columnArg === undefined || columnArg === null)) [r, c] = [1, r];
  r = Math.trunc(r);
  c = Math.trunc(c);
  if (r < 0 || c < 0 || r > rows || c > columns) return new FormulaError("#REF!", "INDEX is outside the range.");
  const rowFrom = r === 0 ? 0 : r - 1;
  const colFrom = c === 0 ? 0 : c - 1;
  const rowCount = r === 0 ? rows : 1;
  const columnCount = c === 0 ? columns : 1;
  if (source instanceof RangeRef) {
    const { row, column } = source.block;
    return new RangeRef(source.sheet, { row: row + rowFrom, column: column + colFrom, rowCount, columnCount });
  }
  const m = toMatrix(source, ctx);
  return m.slice(rowFrom, rowFrom + rowCount).map((line) => line.slice(colFrom, colFrom + columnCount));
}

/** XLOOKUP's match: 0 exact, -1 exact or next smaller, 1 exact or next larger, 2 wildcards. */
function xfind(key: Scalar, list: Scalar[], mode: number, searchLast: boolean): number {
  const order = list.map((_, i) => i);
  if (searchLast) order.reverse();
  if (mode === 2) {
    const test = criterion(typeof key === "string" ? key : key === null ? "" : String(key));
    return order.find((i) => test(list[i])) ?? -1;
  }
  let best = -1;
  for (const i of order) {
    const v = list[i];
    if (v instanceof FormulaError || key instanceof FormulaError) continue;
    if (typeof v !== typeof key && !(v === null && key === null)) continue;
    const cmp = compareScalars(v, key);
    if (cmp === 0) return i;
    if (mode === -1 && cmp < 0 && (best < 0 || compareScalars(v, list[best] as Exclude<Scalar, FormulaError>) > 0))
      best = i;
    if (mode === 1 && cmp > 0 && (best < 0 || compareScalars(v, list[best] as Exclude<Scalar, FormulaError>) < 0))
      best = i;
  }
  return best;
}

function xlookup(args: Value[], ctx: EvalContext): Value {
  const key = toScalar(args[0], ctx);
  if (key instanceof FormulaError) return key;
  const within = matrixArg(args[1], ctx);
  const results = matrixArg(args[2], ctx);
  if (within instanceof FormulaError) return within;
  if (results instanceof FormulaError) return results;
  const mode = numberArg(args[4], ctx, 0);
  const search = numberArg(args[5], ctx, 1);
  if (mode instanceof FormulaError) return mode;
  if (search instanceof FormulaError) return search;
  const vertical = within[0].length === 1;
  if (!vertical && within.length !== 1) {
    return new FormulaError("#VALUE!", "XLOOKUP looks in one row or one column.");
  }
  const list = vertical ? within.map((r) => r[0]) : within[0];
  if ((vertical ? results.length : results[0].length) !== list.length) {
    return new FormulaError("#VALUE!", "XLOOKUP's lookup and return arrays must have the same length.");
  }
  const i = xfind(key, list, mode, search < 0);
  if (i < 0) {
    const fallback = args[3];
    return fallback === undefined || fallback === null ? NOT_FOUND(key) : fallback;
  }
  const picked: Matrix = vertical ? [results[i]] : results.map((r) => [r[i]]);
  return picked.length === 1 && picked[0].length === 1 ? picked[0][0] : picked;
}

/** The library's VLOOKUP, HLOOKUP and MATCH, with their "not found" in words. */
function viaLibrary(name: string, impl: (...a: unknown[]) => unknown, arrayAt: number): FunctionTable[string] {
  return {
    min: 2,
    max: 4,
    call: (args, ctx) => {
      const values: unknown[] = [];
      for (let i = 0; i < args.length; i++) {
        const v = i === arrayAt ? matrixArg(args[i], ctx) : toScalar(args[i], ctx);
        if (v instanceof FormulaError) return v;
        values.push(v);
      }
      const out = fromLibrary(impl(...values));
      if (out instanceof FormulaError && out.code === "#N/A") return NOT_FOUND(values[0] as Scalar);
      if (out instanceof FormulaError && out.code === "#REF!")
        return new FormulaError("#REF!", `${name}'s column or row number is outside the range.`);
      return out;
    },
  };
}

export const LOOKUP: FunctionTable = {
  INDEX: { min: 2, max: 3, call: index },
  XLOOKUP: { min: 3, max: 6, call: xlookup },
  VLOOKUP: { ...viaLibrary("VLOOKUP", F.VLOOKUP as (...a: unknown[]) => unknown, 1), min: 3 },
  HLOOKUP: { ...viaLibrary("HLOOKUP", F.HLOOKUP as (...a: unknown[]) => unknown, 1), min: 3 },
  MATCH: { ...viaLibrary("MATCH", F.MATCH as (...a: unknown[]) => unknown, 1), max: 3 },
  ROWS: { min: 1, max: 1, call: ([v], ctx) => (v instanceof FormulaError ? v : dims(v, ctx)[0]) },
  COLUMNS: { min: 1, max: 1, call: ([v], ctx) => (v instanceof FormulaError ? v : dims(v, ctx)[1]) },
  CHOOSE: {
    min: 2,
    max: 255,
    call: ([which, ...choices], ctx) => {
      const i = numberArg(which, ctx, 0);
      if (i instanceof FormulaError) return i;
      const picked = choices[Math.trunc(i) - 1];
      return picked === undefined ? new FormulaError("#VALUE!", "CHOOSE's index is outside its choices.") : picked;
    },
  },
};
