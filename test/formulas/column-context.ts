import { parseFormula } from "../../src/formulas";
import type { EvalContext } from "../../src/formulas/context";
import { evaluateFormula } from "../../src/formulas/evaluate";
import { FormulaError, RangeRef, type Matrix, type Scalar } from "../../src/formulas/values";

// A column's matrix is built once: functions only read what they are given.
const matrices = new WeakMap<readonly Scalar[], Matrix>();

/**
 * Evaluates a formula whose `A1#` is a spill of the given column, without an engine or a workbook: the functions
 * see the same values a spill gives them, and a test of 1,048,576 values runs in seconds instead of minutes of
 * cell-by-cell reads through a test workbook's maps.
 */
export function evaluateOverColumn(formula: string, column: readonly Scalar[]): Scalar | Matrix {
  let whole = matrices.get(column);
  if (!whole) matrices.set(column, (whole = column.map((v) => [v])));
  const all = whole;
  const spill = new RangeRef("Sheet1", { row: 0, column: 0, rowCount: column.length, columnCount: 1 });
  const ctx: EvalContext = {
    sheet: "Sheet1",
    row: 0,
    column: 2,
    sheetNamed: (name) => (name.toLowerCase() === "sheet1" ? "Sheet1" : null),
    read: (ref) => {
      const { row, rowCount, column: c, columnCount } = ref.block;
      if (c !== 0 || columnCount !== 1) throw new Error("only column A is filled");
      if (row === 0 && rowCount >= column.length) return all;
      const out: Matrix = [];
      for (let r = row; r < row + rowCount && r < column.length; r++) out.push([column[r]]);
      return out;
    },
    spillOf: (_sheet, row, c) => (row === 0 && c === 0 ? spill : new FormulaError("#REF!", "Only A1 spills here.")),
    now: () => 0,
    volatile: () => undefined,
    isExternal: () => false,
    externalFunctions: () => undefined,
  };
  return evaluateFormula(parseFormula(formula), ctx);
}

/** 1, 2, … n, as SEQUENCE(n) spills them. */
export const sequence = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
