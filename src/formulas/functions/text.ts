import * as F from "@formulajs/formulajs";
import { toBoolean, toNumber, toText } from "../coerce";
import { toScalar } from "../lift";
import { displayText } from "../number-format";
import { coerceText } from "../text-values";
import { FormulaError, type Scalar } from "../values";
import { elements, scalarFn } from "./args";
import type { FunctionTable } from "./spec";

const [T, N] = ["text", "number"] as const;
const MAX_TEXT = 32_767;

const long = (s: string): Scalar =>
  s.length > MAX_TEXT ? new FormulaError("#VALUE!", `Text in a cell is at most ${MAX_TEXT} characters.`) : s;

/** FIND and SEARCH say what they did not find. */
const finder = (impl: (find: string, within: string, start?: number) => unknown) =>
  scalarFn([T, T, N], 2, (find: string, within: string, start: number | null) => {
    const out = impl(find, within, start ?? 1);
    return out instanceof Error ? new FormulaError("#VALUE!", `"${find}" was not found in "${within}".`) : out;
  });

export const TEXT_FUNCTIONS: FunctionTable = {
  LEN: scalarFn([T], 1, (s: string) => s.length),
  LEFT: scalarFn([T, N], 1, (s: string, n: number | null) => F.LEFT(s, n ?? 1)),
  RIGHT: scalarFn([T, N], 1, (s: string, n: number | null) => F.RIGHT(s, n ?? 1)),
  MID: scalarFn([T, N, N], 3, F.MID),
  UPPER: scalarFn([T], 1, F.UPPER),
  LOWER: scalarFn([T], 1, F.LOWER),
  PROPER: scalarFn([T], 1, F.PROPER),
  TRIM: scalarFn([T], 1, F.TRIM),
  REPT: scalarFn([T, N], 2, (s: string, n: number) => long(F.REPT(s, n) as string)),
  EXACT: scalarFn([T, T], 2, F.EXACT),
  SUBSTITUTE: scalarFn([T, T, T, N], 3, (s: string, from: string, to: string, which: number | null) =>
    which === null ? F.SUBSTITUTE(s, from, to) : F.SUBSTITUTE(s, from, to, which),
  ),
  FIND: finder(F.FIND as (find: string, within: string, start?: number) => unknown),
  SEARCH: finder(F.SEARCH as (find: string, within: string, start?: number) => unknown),
  /** Text as a number, by the same rules as typing into a cell (numbers, percentages, currency, dates, times). */
  VALUE: scalarFn(["any"], 1, (v: Scalar) => {
    if (typeof v === "number") return v;
    const c = typeof v === "string" ? coerceText(v) : null;
    return c && typeof c.value === "number" ? c.value : new FormulaError("#VALUE!", `"${String(v)}" is not a number.`);
  }),
  /** TEXT formats a number with the same number formats cells use. */
  TEXT: scalarFn(["any", T], 2, (v: Scalar, format: string) => {
    const n = typeof v === "string" ? toNumber(v) : v;
    return displayText(n instanceof FormulaError ? v : n, format);
  }),
  CONCATENATE: scalarFn(Array<"text">(255).fill(T), 1, (...parts: string[]) => long(parts.join(""))),
  /** CONCAT and TEXTJOIN take ranges whole; empty cells are "" (TEXTJOIN can skip them). */
  CONCAT: {
    min: 1,
    max: 254,
    call: (args, ctx) => {
      let out = "";
      for (const [v] of elements(args, ctx)) {
        const t = toText(v);
        if (t instanceof FormulaError) return t;
        out += t;
      }
      return long(out);
    },
  },
  TEXTJOIN: {
    min: 3,
    max: 252,
    call: ([delimiter, skip, ...rest], ctx) => {
      const d = toText(toScalar(delimiter, ctx));
      const ignoreEmpty = toBoolean(toScalar(skip, ctx));
      if (d instanceof FormulaError) return d;
      if (ignoreEmpty instanceof FormulaError) return ignoreEmpty;
      const parts: string[] = [];
      for (const [v] of elements(rest, ctx)) {
        const t = toText(v);
        if (t instanceof FormulaError) return t;
        if (!(ignoreEmpty && t === "")) parts.push(t);
      }
      return long(parts.join(d));
    },
  },
  /** The cell shows the friendly name (or the address); the playground does not follow links. */
  HYPERLINK: scalarFn(["any", "any"], 1, (link: Scalar, name: Scalar) => name ?? link),
};
