import type { FormatToken } from "./format-tokens";

type Digit = Extract<FormatToken, { kind: "digit" }>;

/** Writes digits into placeholders, right to left; extra digits go before the leftmost, "," groups by thousands. */
function fillInteger(tokens: readonly FormatToken[], digits: string, thousands: boolean): string {
  const slots = tokens.filter((t): t is Digit => t.kind === "digit").length;
  let left = digits === "0" ? "" : digits; // a zero integer part shows only through "0" placeholders
  const out: string[] = [];
  let seen = 0;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i];
    if (t.kind === "literal") out.push(t.text);
    if (t.kind !== "digit") continue;
    seen++;
    const take = seen === slots ? left : left.slice(-1);
    left = seen === slots ? "" : left.slice(0, -1);
    out.push(take || (t.char === "0" ? "0" : t.char === "?" ? " " : ""));
  }
  let text = out.reverse().join("");
  if (thousands) text = text.replace(/\d+/, (run) => run.replace(/\B(?=(\d{3})+(?!\d))/g, ","));
  return text;
}

/** Decimals: trailing zeros kept by "0", dropped by "#", spaces for "?". */
function fillDecimals(tokens: readonly FormatToken[], digits: string): string {
  let out = "";
  let k = 0;
  const lastSignificant = digits.replace(/0+$/, "").length;
  for (const t of tokens) {
    if (t.kind === "literal") out += t.text;
    if (t.kind !== "digit") continue;
    const ch = digits[k] ?? "0";
    out += k < lastSignificant || t.char === "0" ? ch : t.char === "?" ? " " : "";
    k++;
  }
  return out;
}

const digitCount = (tokens: readonly FormatToken[]) => tokens.filter((t) => t.kind === "digit").length;

/** Fixed decimals and thousands: `#,##0.00`, `0.0,,` (each trailing comma divides by 1,000), `0%`. */
function fixed(value: number, tokens: readonly FormatToken[]): string {
  const point = tokens.findIndex((t) => t.kind === "point");
  const intTokens = point < 0 ? tokens : tokens.slice(0, point);
  const decTokens = point < 0 ? [] : tokens.slice(point + 1);
  const decimals = digitCount(decTokens);
  const [int, dec = ""] = value.toFixed(Math.min(decimals, 100)).split(".");
  const thousands = tokens.some((t, i) => t.kind === "comma" && tokens.slice(i + 1).some((u) => u.kind === "digit"));
  return fillInteger(intTokens, int, thousands) + (point < 0 ? "" : "." + fillDecimals(decTokens, dec));
}

/** `0.00E+00`, and `##0.0E+0` (engineering: the exponent a multiple of the integer placeholders' count). */
function scientific(value: number, tokens: readonly FormatToken[]): string {
  const e = tokens.findIndex((t) => t.kind === "exponent");
  const sign = (tokens[e] as Extract<FormatToken, { kind: "exponent" }>).sign;
  const mantissaTokens = tokens.slice(0, e);
  const point = mantissaTokens.findIndex((t) => t.kind === "point");
  const intTokens = point < 0 ? mantissaTokens : mantissaTokens.slice(0, point);
  const intSlots = Math.max(1, digitCount(intTokens));
  const decimals = point < 0 ? 0 : digitCount(mantissaTokens.slice(point + 1));
  const step = intTokens.some((t) => t.kind === "digit" && t.char === "#") ? intSlots : 1;
  let exponent = value === 0 ? 0 : Math.floor(Math.log10(value));
  exponent = Math.floor(exponent / step) * step;
  let mantissa = value / 10 ** exponent;
  // Rounding can carry into another digit (9.99 → 10.0): move the exponent on.
  if (Number(mantissa.toFixed(decimals)) >= 10 ** step) {
    exponent += step;
    mantissa = value / 10 ** exponent;
  }
  const expDigits = Math.max(1, digitCount(tokens.slice(e + 1)));
  const expSign = exponent < 0 ? "-" : sign === "+" ? "+" : "";
  return fixed(mantissa, mantissaTokens) + "E" + expSign + String(Math.abs(exponent)).padStart(expDigits, "0");
}

/** The nearest fraction with a denominator of at most `maxDen` (or exactly `fixedDen`). */
function nearest(x: number, maxDen: number, fixedDen?: number): [number, number] {
  if (fixedDen) return [Math.round(x * fixedDen), fixedDen];
  let best: [number, number] = [Math.round(x), 1];
  for (let d = 1; d <= maxDen; d++) {
    const n = Math.round(x * d);
    if (Math.abs(x - n / d) < Math.abs(x - best[0] / best[1]) - 1e-12) best = [n, d];
  }
  return best;
}

const padded = (n: number, tokens: readonly FormatToken[], side: "start" | "end") => {
  const width = digitCount(tokens);
  const fill = tokens.some((t) => t.kind === "digit" && t.char === "0")
    ? "0"
    : tokens.some((t) => t.kind === "digit" && t.char === "?")
      ? " "
      : "";
  const s = String(n);
  if (!fill) return s;
  return side === "start" ? s.padStart(width, fill) : s.padEnd(width, fill);
};

/** `# ?/?`, `# ??/??`, `?/8`: a whole part (when the format has one) and the nearest fraction. */
function fraction(value: number, tokens: readonly FormatToken[]): string {
  const slash = tokens.findIndex((t) => t.kind === "slash");
  // The numerator is the run of placeholders just before "/"; placeholders before that (past a literal) are the whole part.
  let start = slash;
  while (start > 0 && tokens[start - 1].kind === "digit") start--;
  const wholeTokens = tokens.slice(0, start);
  const hasWhole = wholeTokens.some((t) => t.kind === "digit");
  const numTokens = tokens.slice(start, slash);
  const after = tokens.slice(slash + 1);
  let denEnd = 0;
  while (denEnd < after.length && after[denEnd].kind === "digit") denEnd++;
  const denTokens = after.slice(0, denEnd);
  let tail = after.slice(denEnd);
  let fixedDen: number | undefined;
  if (denEnd === 0 && tail[0]?.kind === "literal" && /^\d+$/.test(tail[0].text)) {
    let text = "";
    while (tail[0]?.kind === "literal" && /^\d$/.test(tail[0].text)) {
      text += tail[0].text;
      tail = tail.slice(1);
    }
    fixedDen = Number(text);
  }
  let whole = hasWhole ? Math.trunc(value) : 0;
  let [n, d] = nearest(value - whole, 10 ** Math.max(1, digitCount(denTokens)) - 1, fixedDen);
  if (hasWhole && n === d && !fixedDen) [whole, n] = [whole + 1, 0];
  const rest = tail.map((t) => (t.kind === "literal" ? t.text : "")).join("");
  const den = fixedDen ? String(d) : padded(d, denTokens, "end");
  const wholeText = hasWhole ? fillInteger(wholeTokens, String(whole), false) : "";
  if (hasWhole && n === 0) {
    // No fraction: Excel leaves its width blank (and shows 0 when there is no whole number either).
    const blank = " ".repeat(padded(0, numTokens, "start").length + 1 + den.length);
    return (whole === 0 ? wholeText.replace(/\s*$/, "") || "0" : wholeText) + blank + rest;
  }
  return wholeText + padded(n, numTokens, "start") + "/" + den + rest;
}

/**
 * A number section (no date parts) for a non-negative value: percent and scaling applied, then fixed,
 * scientific or fraction layout. Literals before and after the number are kept where they are written.
 */
export function formatNumber(value: number, tokens: readonly FormatToken[]): string {
  let v = value;
  for (const t of tokens) if (t.kind === "percent") v *= 100;
  // Commas after the last placeholder (before the point or the end) scale by 1,000 each.
  tokens.forEach((t, i) => {
    if (t.kind === "comma" && !tokens.slice(i + 1).some((u) => u.kind === "digit")) v /= 1000;
  });
  const shown = tokens.map((t) => (t.kind === "percent" ? ({ kind: "literal", text: "%" } as const) : t));
  const first = shown.findIndex((t) => t.kind === "digit" || t.kind === "point");
  if (first < 0) return shown.map((t) => (t.kind === "literal" ? t.text : "")).join("");
  let last = shown.length - 1;
  while (last > first && shown[last].kind !== "digit" && shown[last].kind !== "point") last--;
  const lead = shown
    .slice(0, first)
    .map((t) => (t.kind === "literal" ? t.text : ""))
    .join("");
  const trail = shown
    .slice(last + 1)
    .map((t) => (t.kind === "literal" ? t.text : ""))
    .join("");
  const body = shown.slice(first, last + 1);
  // A fraction's denominator may be a literal number (`?/8`): the fraction reads to the section's end.
  if (body.some((t) => t.kind === "slash") || shown[last + 1]?.kind === "slash")
    return lead + fraction(v, shown.slice(first));
  if (body.some((t) => t.kind === "exponent")) return lead + scientific(v, body) + trail;
  return lead + fixed(v, body) + trail;
}
