/** One piece of a number format's section. */
export type FormatToken =
  | { kind: "literal"; text: string }
  | { kind: "digit"; char: "0" | "#" | "?" }
  | { kind: "point" }
  | { kind: "comma" }
  | { kind: "percent" }
  | { kind: "exponent"; sign: "+" | "-" }
  | { kind: "slash" }
  | { kind: "text" }
  | { kind: "general" }
  /** y, m, d, h, s runs (lower case; seconds carry their fraction, "ss.000"), AM/PM and A/P. */
  | { kind: "date"; code: string }
  | { kind: "ampm"; am: string; pm: string }
  /** [h], [mm], [ss]: hours, minutes or seconds elapsed, not wrapped at a day, hour or minute. */
  | { kind: "elapsed"; unit: "h" | "m" | "s"; width: number; fraction: number };

export interface Condition {
  op: "<" | "<=" | ">" | ">=" | "=" | "<>";
  value: number;
}

export interface Section {
  tokens: FormatToken[];
  condition?: Condition;
}

/** Splits a format at the semicolons outside quotes, brackets and escapes. */
export function splitSections(format: string): string[] {
  const out: string[] = [];
  let current = "";
  for (let i = 0; i < format.length; i++) {
    const ch = format[i];
    if (ch === '"') {
      const end = format.indexOf('"', i + 1);
      const stop = end < 0 ? format.length : end + 1;
      current += format.slice(i, stop);
      i = stop - 1;
    } else if (ch === "\\" || ch === "_" || ch === "*") {
      current += format.slice(i, i + 2);
      i++;
    } else if (ch === "[") {
      const end = format.indexOf("]", i);
      const stop = end < 0 ? format.length : end + 1;
      current += format.slice(i, stop);
      i = stop - 1;
    } else if (ch === ";") {
      out.push(current);
      current = "";
    } else current += ch;
  }
  out.push(current);
  return out;
}

const CONDITION = /^(<=|>=|<>|<|>|=)\s*(-?\d+(?:\.\d+)?)$/;
const ELAPSED = /^(h+|m+|s+)$/i;

/** A bracket's meaning: a condition, elapsed time, a currency symbol of a locale code, or nothing (colours). */
function bracket(inner: string, section: Section, tokens: FormatToken[]): void {
  const condition = CONDITION.exec(inner);
  if (condition) {
    section.condition = { op: condition[1] as Condition["op"], value: Number(condition[2]) };
    return;
  }
  if (ELAPSED.test(inner)) {
    const unit = inner[0].toLowerCase() as "h" | "m" | "s";
    tokens.push({ kind: "elapsed", unit, width: inner.length, fraction: 0 });
    return;
  }
  // [$€-407]: the currency symbol is shown; the locale after "-" is not applied (see the playground's README).
  if (inner.startsWith("$")) {
    const symbol = inner.slice(1).split("-")[0];
    if (symbol) tokens.push({ kind: "literal", text: symbol });
  }
  // Colours ([Red], [Color10]) and anything else: a grid without colours shows nothing for them.
}

/** The tokens of one section (its condition, if any, set on it). */
export function tokenize(text: string): Section {
  const section: Section = { tokens: [] };
  const tokens = section.tokens;
  const lit = (t: string) => tokens.push({ kind: "literal", text: t });
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    const lower = ch.toLowerCase();
    const rest = text.slice(i);
    if (ch === '"') {
      const end = text.indexOf('"', i + 1);
      const stop = end < 0 ? text.length : end;
      lit(text.slice(i + 1, stop));
      i = stop + 1;
    } else if (ch === "\\") {
      lit(text[i + 1] ?? "");
      i += 2;
    } else if (ch === "_") {
      lit(" "); // the width of the next character: a space in a text rendering
      i += 2;
    } else if (ch === "*") {
      i += 2; // repeat to fill the column: a text rendering has no column width
    } else if (ch === "[") {
      const end = text.indexOf("]", i);
      const stop = end < 0 ? text.length : end;
      bracket(text.slice(i + 1, stop), section, tokens);
      i = stop + 1;
      const last = tokens[tokens.length - 1];
      if (last?.kind === "elapsed" && last.unit === "s") i += secondsFraction(text, i, (n) => (last.fraction = n));
    } else if (/^general/i.test(rest)) {
      tokens.push({ kind: "general" });
      i += 7;
    } else if (/^am\/pm/i.test(rest)) {
      tokens.push({ kind: "ampm", am: "AM", pm: "PM" });
      i += 5;
    } else if (/^a\/p/i.test(rest)) {
      tokens.push({ kind: "ampm", am: text[i] === "a" ? "a" : "A", pm: text[i + 2] === "p" ? "p" : "P" });
      i += 3;
    } else if ((ch === "E" || ch === "e") && (text[i + 1] === "+" || text[i + 1] === "-")) {
      tokens.push({ kind: "exponent", sign: text[i + 1] as "+" | "-" });
      i += 2;
    } else if ("ymdhse".includes(lower)) {
      let end = i;
      while (end < text.length && text[end].toLowerCase() === lower) end++;
      let code = lower === "e" ? "yyyy" : text.slice(i, end).toLowerCase();
      i = end;
      if (lower === "s") i += secondsFraction(text, i, (n) => (code += "." + "0".repeat(n)));
      tokens.push({ kind: "date", code });
    } else if (ch === "0" || ch === "#" || ch === "?") {
      tokens.push({ kind: "digit", char: ch });
      i++;
    } else if (ch === ".") {
      tokens.push({ kind: "point" });
      i++;
    } else if (ch === ",") {
      tokens.push({ kind: "comma" });
      i++;
    } else if (ch === "%") {
      tokens.push({ kind: "percent" });
      i++;
    } else if (ch === "/") {
      tokens.push({ kind: "slash" });
      i++;
    } else if (ch === "@") {
      tokens.push({ kind: "text" });
      i++;
    } else {
      lit(ch);
      i++;
    }
  }
  return section;
}

/** ".000" after seconds: its length (consumed) reported through `set`. */
function secondsFraction(text: string, at: number, set: (digits: number) => void): number {
  const m = /^\.(0+)/.exec(text.slice(at));
  if (!m) return 0;
  set(m[1].length);
  return m[0].length;
}

export const isDateSection = (tokens: readonly FormatToken[]): boolean =>
  tokens.some((t) => t.kind === "date" || t.kind === "ampm" || t.kind === "elapsed");
