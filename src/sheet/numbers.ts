import { EXCEL_SIGNIFICANT_DIGITS } from "../client";

interface Decimal {
  negative: boolean;
  /** Significant digits without leading or trailing zeros; "" for zero. */
  digits: string;
  /** value = digits × 10^scale */
  scale: number;
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

function parseDecimal(text: string): Decimal | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const int = m[2] ?? "";
  const frac = m[3] ?? "";
  if (int === "" && frac === "") return null;
  let digits = (int + frac).replace(/^0+/, "");
  let scale = Number(m[4] ?? 0) - frac.length;
  const trailing = /0+$/.exec(digits);
  if (trailing) {
    digits = digits.slice(0, trailing.index);
    scale += trailing[0].length;
  }
  return { negative: m[1] === "-" && digits !== "", digits, scale: digits === "" ? 0 : scale };
}

function same(a: Decimal, b: Decimal): boolean {
  return a.negative === b.negative && a.digits === b.digits && a.scale === b.scale;
}

/**
 * A number when the decimal text converts to a double without losing anything Excel would keep
 * (at most 15 significant digits, and the double prints back as the same decimal); null otherwise.
 */
export function exactNumberFromText(text: string): number | null {
  const d = parseDecimal(text);
  if (!d || d.digits.length > EXCEL_SIGNIFICANT_DIGITS) return null;
  const n = Number(text.trim());
  if (!Number.isFinite(n)) return null;
  const back = parseDecimal(String(n));
  return back && same(back, d) ? n : null;
}

/** Exact decimal text of an integral double, without exponent notation (1e21 → "1000000000000000000000"). */
export function integerText(n: number): string {
  const s = String(n);
  return /e/i.test(s) ? BigInt(n).toString() : s;
}

/** True when an integer (number or bigint) has more significant digits than Excel keeps. */
export function isWideInteger(n: number | bigint): boolean {
  const text = typeof n === "bigint" ? n.toString() : integerText(n);
  return (parseDecimal(text)?.digits.length ?? 0) > EXCEL_SIGNIFICANT_DIGITS;
}
