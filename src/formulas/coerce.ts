import { coerceText } from "./text-values";
import { FormulaError, type Scalar } from "./values";

const VALUE = (why: string): FormulaError => new FormulaError("#VALUE!", why);

/** A number as Excel turns it into text: up to 15 significant digits, no trailing zeros. */
export function numberToText(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  const text = String(Number(n.toPrecision(15)));
  return text.replace(/e\+?/, "E+").replace("E+-", "E-");
}

/** Excel's conversion to a number: TRUE is 1, an empty cell 0, numeric or date text its value, other text #VALUE!. */
export function toNumber(v: Scalar): number | FormulaError {
  if (v === null) return 0;
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof FormulaError) return v;
  const coerced = coerceText(v);
  if (coerced && typeof coerced.value === "number") return coerced.value;
  return VALUE(`"${v.length > 40 ? `${v.slice(0, 40)}…` : v}" is text, not a number.`);
}

export function toText(v: Scalar): string | FormulaError {
  if (v === null) return "";
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (v instanceof FormulaError) return v;
  return numberToText(v);
}

export function toBoolean(v: Scalar): boolean | FormulaError {
  if (v === null) return false;
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  if (v instanceof FormulaError) return v;
  const upper = v.trim().toUpperCase();
  if (upper === "TRUE" || upper === "FALSE") return upper === "TRUE";
  return VALUE(`"${v}" is text, not TRUE or FALSE.`);
}

/** Excel sorts numbers before text before booleans; an empty cell compares as 0, "" or FALSE. */
function rank(v: Exclude<Scalar, null | FormulaError>): number {
  return typeof v === "number" ? 0 : typeof v === "string" ? 1 : 2;
}

/** Compares as Excel's comparison operators do (text ignoring case). Errors are handled by the caller. */
export function compareScalars(a: Exclude<Scalar, FormulaError>, b: Exclude<Scalar, FormulaError>): number {
  const blankLike = (other: Exclude<Scalar, FormulaError>) =>
    other === null ? 0 : typeof other === "number" ? 0 : typeof other === "string" ? "" : false;
  const x = a === null ? blankLike(b) : a;
  const y = b === null ? blankLike(a) : b;
  const [rx, ry] = [rank(x), rank(y)];
  if (rx !== ry) return rx - ry;
  if (typeof x === "string" && typeof y === "string") {
    const [lx, ly] = [x.toLowerCase(), y.toLowerCase()];
    return lx < ly ? -1 : lx > ly ? 1 : 0;
  }
  return Number(x) - Number(y);
}
