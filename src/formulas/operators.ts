import type { BinaryOperator } from "./ast";
import { compareScalars, toNumber, toText } from "./coerce";
import { FormulaError, type Scalar } from "./values";

const finite = (n: number): Scalar =>
  Number.isFinite(n) ? n : new FormulaError("#NUM!", "The result is too large or not a number.");

function arithmetic(op: "+" | "-" | "*" | "/" | "^", a: number, b: number): Scalar {
  switch (op) {
    case "+":
      return finite(a + b);
    case "-":
      return finite(a - b);
    case "*":
      return finite(a * b);
    case "/":
      return b === 0 ? new FormulaError("#DIV/0!", "Division by zero.") : finite(a / b);
    case "^":
      if (a === 0 && b === 0) return new FormulaError("#NUM!", "0^0 is not defined.");
      if (a === 0 && b < 0) return new FormulaError("#DIV/0!", "Division by zero.");
      return finite(Math.pow(a, b));
  }
}

/** One binary operator on two scalars, with Excel's coercions; the left operand's error wins. */
export function applyBinary(op: Exclude<BinaryOperator, ":">, a: Scalar, b: Scalar): Scalar {
  if (a instanceof FormulaError) return a;
  if (b instanceof FormulaError) return b;
  if (op === "&") {
    const [x, y] = [toText(a), toText(b)];
    if (x instanceof FormulaError) return x;
    if (y instanceof FormulaError) return y;
    return x + y;
  }
  if (op === "+" || op === "-" || op === "*" || op === "/" || op === "^") {
    const [x, y] = [toNumber(a), toNumber(b)];
    if (x instanceof FormulaError) return x;
    if (y instanceof FormulaError) return y;
    return arithmetic(op, x, y);
  }
  const cmp = compareScalars(a, b);
  switch (op) {
    case "=":
      return cmp === 0;
    case "<>":
      return cmp !== 0;
    case "<":
      return cmp < 0;
    case ">":
      return cmp > 0;
    case "<=":
      return cmp <= 0;
    case ">=":
      return cmp >= 0;
  }
}

export function applyNegate(v: Scalar): Scalar {
  const n = toNumber(v);
  return n instanceof FormulaError ? n : -n;
}

export function applyPercent(v: Scalar): Scalar {
  const n = toNumber(v);
  return n instanceof FormulaError ? n : n / 100;
}
