import type { EvalContext } from "../context";
import { toBoolean, toNumber } from "../coerce";
import { toMatrix, toScalar } from "../lift";
import { FormulaError, RangeRef, type Matrix, type Scalar, type Value } from "../values";
import { matrixArg } from "./args";
import { matchPosition, xlookupPosition } from "./match";
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
  const length = vertical ? within.length : within[0].length;
  const at = vertical ? (i: number) => within[i][0] : (i: number) => within[0][i];
  if ((vertical ? results.length : results[0].length) !== length) {
    return new FormulaError("#VALUE!", "XLOOKUP's lookup and return arrays must have the same length.");
  }
  const fromLast = search < 0;
  // An empty key finds the first (or last) empty cell.
  const i = key === null ? nullPosition(length, at, fromLast) : xlookupPosition(key, length, at, mode, fromLast);
  if (i < 0) {
    const fallback = args[3];
    return fallback === undefined || fallback === null ? NOT_FOUND(key) : fallback;
  }
  const picked: Matrix = vertical ? [results[i]] : results.map((r) => [r[i]]);
  return picked.length === 1 && picked[0].length === 1 ? picked[0][0] : picked;
}

function nullPosition(length: number, at: (i: number) => Scalar, fromLast: boolean): number {
  for (let n = 0; n < length; n++) {
    const i = fromLast ? length - 1 - n : n;
    if (at(i) === null) return i;
  }
  return -1;
}

/** MATCH(key, list, [type]): the position of the key in one row or one column (see matchPosition). */
function match(args: Value[], ctx: EvalContext): Value {
  const key = toScalar(args[0], ctx);
  if (key instanceof FormulaError) return key;
  const list = matrixArg(args[1], ctx);
  if (list instanceof FormulaError) return list;
  const type = numberArg(args[2], ctx, 1);
  if (type instanceof FormulaError) return type;
  const vertical = list[0].length === 1;
  if (!vertical && list.length !== 1) return new FormulaError("#N/A", "MATCH looks in one row or one column.");
  if (key === null) return NOT_FOUND(key);
  const at = vertical ? (i: number) => list[i][0] : (i: number) => list[0][i];
  const i = matchPosition(key, vertical ? list.length : list[0].length, at, type > 0 ? 1 : type < 0 ? -1 : 0);
  return i < 0 ? NOT_FOUND(key) : i + 1;
}

/**
 * VLOOKUP (down a table's first column) and HLOOKUP (along its first row): the value `offset` columns (rows) into
 * the table where the key is; an approximate match unless the last argument is FALSE.
 */
function tableLookup(name: "VLOOKUP" | "HLOOKUP"): FunctionTable[string] {
  const down = name === "VLOOKUP";
  return {
    min: 3,
    max: 4,
    call: (args, ctx) => {
      const key = toScalar(args[0], ctx);
      if (key instanceof FormulaError) return key;
      const table = matrixArg(args[1], ctx);
      if (table instanceof FormulaError) return table;
      const offset = numberArg(args[2], ctx, 0);
      if (offset instanceof FormulaError) return offset;
      const approximate = args[3] === undefined || args[3] === null ? true : toBoolean(toScalar(args[3], ctx));
      if (approximate instanceof FormulaError) return approximate;
      const n = Math.trunc(offset);
      const across = down ? table[0].length : table.length;
      const what = down ? "column" : "row";
      if (n < 1) return new FormulaError("#VALUE!", `${name}'s ${what} number must be 1 or more.`);
      if (n > across) return new FormulaError("#REF!", `${name}'s ${what} number is outside the range.`);
      if (key === null) return NOT_FOUND(key);
      const length = down ? table.length : table[0].length;
      const at = down ? (i: number) => table[i][0] : (i: number) => table[0][i];
      const i = matchPosition(key, length, at, approximate ? 1 : 0);
      if (i < 0) return NOT_FOUND(key);
      return down ? table[i][n - 1] : table[n - 1][i];
    },
  };
}

export const LOOKUP: FunctionTable = {
  INDEX: { min: 2, max: 3, call: index },
  XLOOKUP: { min: 3, max: 6, call: xlookup },
  VLOOKUP: tableLookup("VLOOKUP"),
  HLOOKUP: tableLookup("HLOOKUP"),
  MATCH: { min: 2, max: 3, call: match },
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
