import { serialFromUtcMs } from "../../sheet";
import { ERROR_CODES, FormulaError, type ErrorCode, type Matrix, type Scalar } from "../values";

/**
 * The function library (@formulajs/formulajs) answers with JS values: Error objects named by their code, local
 * Dates for date results, NaN or Infinity for impossible numbers. This turns its answers into cell values.
 */
export function fromLibrary(result: unknown): Scalar | Matrix {
  if (Array.isArray(result)) {
    if (result.length === 0) return new FormulaError("#CALC!", "The result is an empty array.");
    const rows = result.map((r: unknown) => (Array.isArray(r) ? r : [r]));
    return rows.map((r) => r.map((v: unknown) => fromLibraryScalar(v)));
  }
  return fromLibraryScalar(result);
}

export function fromLibraryScalar(v: unknown): Scalar {
  if (v instanceof FormulaError) return v;
  if (v instanceof Error) {
    const code = (ERROR_CODES as readonly string[]).includes(v.message) ? (v.message as ErrorCode) : "#VALUE!";
    return new FormulaError(code);
  }
  if (v instanceof Date) return serialOfLocalDate(v);
  if (typeof v === "number") return Number.isFinite(v) ? v : new FormulaError("#NUM!");
  if (typeof v === "string" || typeof v === "boolean") return v;
  if (v === null || v === undefined) return null;
  return new FormulaError("#VALUE!");
}

/** The library builds dates in the runtime's local time: read them back from their local wall-clock fields. */
export function serialOfLocalDate(d: Date): Scalar {
  if (Number.isNaN(d.getTime())) return new FormulaError("#NUM!", "The date is not valid.");
  const ms = Date.UTC(
    d.getFullYear(),
    d.getMonth(),
    d.getDate(),
    d.getHours(),
    d.getMinutes(),
    d.getSeconds(),
    d.getMilliseconds(),
  );
  const serial = serialFromUtcMs(ms);
  return serial === null ? new FormulaError("#NUM!", "The date is outside 1900-01-01 to 9999-12-31.") : serial;
}
