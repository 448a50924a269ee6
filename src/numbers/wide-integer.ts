import { EXCEL_SIGNIFICANT_DIGITS, significantDigits } from "./exact-number";

/** Exact decimal text of an integral double, without exponent notation (1e21 → "1000000000000000000000"). */
export function integerText(n: number): string {
  const s = String(n);
  return /e/i.test(s) ? BigInt(n).toString() : s;
}

/** True when an integer (number or bigint) has more significant digits than Excel keeps. */
export function isWideInteger(n: number | bigint): boolean {
  const text = typeof n === "bigint" ? n.toString() : integerText(n);
  return significantDigits(text).length > EXCEL_SIGNIFICANT_DIGITS;
}
