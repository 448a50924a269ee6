import { FormulaError, type Scalar } from "../values";
import { formatDate } from "./format-date";
import { formatNumber } from "./format-number";
import {
  isDateSection,
  splitSections,
  tokenize,
  type Condition,
  type FormatToken,
  type Section,
} from "./format-tokens";

/** General: up to 11 characters like a default-width column (10 significant digits), scientific beyond. */
export function general(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e11) return String(n);
  const abs = Math.abs(n);
  const plain = String(Number(n.toPrecision(10)));
  // JavaScript writes 1e-7 where Excel writes 1E-07.
  if (abs !== 0 && (abs >= 1e11 || abs < 1e-9 || plain.includes("e")))
    return n
      .toExponential(5)
      .replace(/\.?0+e/, "E")
      .replace(/E([+-])(\d)$/, "E$10$2")
      .toUpperCase();
  return plain;
}

const holds = (c: Condition, n: number): boolean =>
  ({
    "<": n < c.value,
    "<=": n <= c.value,
    ">": n > c.value,
    ">=": n >= c.value,
    "=": n === c.value,
    "<>": n !== c.value,
  })[c.op];

/**
 * The section a number uses, and whether the minus sign is the format's business (a negative number's own
 * section writes it, or not, itself). Without conditions: positive;negative;zero. With conditions: the first
 * section whose condition holds, else the next section without one.
 */
function pick(sections: Section[], n: number): { section: Section; signed: boolean } | undefined {
  const numeric = sections.slice(0, 3);
  if (numeric.some((s) => s.condition)) {
    const [a, b, c] = numeric;
    if (a.condition && holds(a.condition, n)) return { section: a, signed: true };
    if (b?.condition ? holds(b.condition, n) : b) return { section: b, signed: !b.condition };
    if (c) return { section: c, signed: true };
    // No section fits: Excel fills the cell with #; a text rendering shows the number in General.
    return undefined;
  }
  if (n < 0 && numeric.length >= 2) return { section: numeric[1], signed: false };
  if (n === 0 && numeric.length >= 3) return { section: numeric[2], signed: false };
  return { section: numeric[0], signed: true };
}

function render(tokens: readonly FormatToken[], n: number): string {
  if (tokens.some((t) => t.kind === "general")) {
    return tokens.map((t) => (t.kind === "literal" ? t.text : t.kind === "general" ? general(n) : "")).join("");
  }
  if (isDateSection(tokens)) return formatDate(n, tokens);
  if (tokens.some((t) => t.kind === "digit")) return formatNumber(n, tokens);
  // Only literals (`"zero"`, `-`): the number is not shown.
  return tokens.map((t) => (t.kind === "literal" ? t.text : t.kind === "percent" ? "%" : "")).join("");
}

function renderText(section: Section | undefined, s: string): string {
  if (!section) return s;
  return section.tokens.map((t) => (t.kind === "literal" ? t.text : t.kind === "text" ? s : "")).join("");
}

/**
 * What a cell shows (and TEXT returns) for a value under a number format, by Excel's number format codes:
 * sections (positive;negative;zero;text) and conditions, digits (`0 # ?`), thousands and scaling commas, percent,
 * scientific, fractions, dates and times (elapsed `[h]`, fractions of seconds), literals, `@` and General.
 * Colours are ignored; a locale code's currency symbol is shown, its locale not applied.
 */
export function displayText(value: Scalar | undefined, format: string): string {
  if (value === undefined || value === null) return "";
  if (value instanceof FormulaError) return value.code;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  const sections = splitSections(format || "General").map(tokenize);
  if (typeof value === "string") {
    const textSection = sections[3] ?? sections.find((s) => s.tokens.some((t) => t.kind === "text"));
    return renderText(textSection, value);
  }
  const picked = pick(sections, value);
  if (!picked) return general(value);
  const { section, signed } = picked;
  // A number in a text format (`@`) shows as in General, as Excel shows a number typed before the format was set.
  if (section.tokens.some((t) => t.kind === "text")) return general(value);
  if (isDateSection(section.tokens)) {
    // Negative dates and times do not exist in the 1900 date system: Excel fills the cell with #.
    return value < 0 ? "#".repeat(8) : formatDate(value, section.tokens);
  }
  const shown = render(section.tokens, Math.abs(value));
  const minus = signed && value < 0 ? "-" : "";
  return minus + shown;
}
