import { compareScalars } from "../coerce";
import { coerceText } from "../text-values";
import { FormulaError, type Scalar } from "../values";

export type Criterion = (cell: Scalar) => boolean;

const OPERATORS = ["<=", ">=", "<>", "<", ">", "="] as const;

/** `*` any run, `?` one character, `~*` `~?` `~~` literal; whole text, ignoring case. */
export function wildcard(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "~" && i + 1 < pattern.length && "*?~".includes(pattern[i + 1])) {
      source += `\\${pattern[++i]}`;
    } else if (ch === "*") source += "[\\s\\S]*";
    else if (ch === "?") source += "[\\s\\S]";
    else source += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "i");
}

function numberOf(v: Scalar): number | null {
  if (typeof v === "number") return v;
  if (typeof v === "string") {
    const c = coerceText(v);
    return c && typeof c.value === "number" ? c.value : null;
  }
  return null;
}

/**
 * The criteria of SUMIF, COUNTIF, AVERAGEIF and their *S forms, as Excel reads them: a number or TRUE/FALSE matches
 * equal cells; text may start with = <> < > <= >=; text compares ignoring case, with wildcards for = and <>;
 * "" matches empty cells, "=" empty cells only, "<>" any cell that is not empty.
 */
export function criterion(spec: Scalar): Criterion {
  if (spec instanceof FormulaError) return () => false;
  if (typeof spec === "number") return (v) => numberOf(v) === spec;
  if (typeof spec === "boolean") return (v) => v === spec;
  const text = spec ?? "";
  const op = OPERATORS.find((o) => text.startsWith(o));
  const operand = op ? text.slice(op.length) : text;
  const target = numberOf(operand);
  if (operand === "") {
    if (op === "<>") return (v) => v !== null && v !== "";
    if (op === "=") return (v) => v === null;
    if (!op) return (v) => v === null || v === "";
  }
  if (!op || op === "=" || op === "<>") {
    const matches: Criterion =
      target !== null
        ? (v) => numberOf(v) === target
        : (
            (re) => (v) =>
              typeof v === "string" && re.test(v)
          )(wildcard(operand));
    return op === "<>" ? (v) => !matches(v) : matches;
  }
  return (v) => {
    let cmp: number;
    if (target !== null) {
      if (typeof v !== "number") return false;
      cmp = v - target;
    } else {
      if (typeof v !== "string") return false;
      cmp = compareScalars(v, operand);
    }
    return op === "<" ? cmp < 0 : op === ">" ? cmp > 0 : op === "<=" ? cmp <= 0 : cmp >= 0;
  };
}
