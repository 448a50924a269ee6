import { classifyArgument, splitArguments, type FormulaArgument } from "./arguments";
import { forEachCodeStretch, isNameChar } from "./lexical";

/** The SERVICE functions the add-in registers; a `_xldudf_SERVICE_<other>` is reported as unknown, never guessed. */
export const SERVICE_FUNCTIONS = ["DATASET", "RESULTS", "STATUS", "QUERY", "SOURCE"] as const;
export type ServiceFunction = (typeof SERVICE_FUNCTIONS)[number];

/**
 * A call of one of our custom functions inside a stored formula. Excel stores an add-in's function `NS.NAME` as
 * `_xldudf_NS_NAME(...)` (the names as the add-in registered them; matched here without regard to case).
 */
export interface ServiceCall {
  /** The function, or null for a SERVICE name the add-in does not have. */
  function: ServiceFunction | null;
  /** The name as stored after `_xldudf_SERVICE_`. */
  storedName: string;
  args: FormulaArgument[];
  /** Offsets of the call in the formula text. */
  start: number;
  end: number;
  /** True when the call is the whole formula; false when it sits inside another expression. */
  whole: boolean;
}

const CALL = /_xldudf_SERVICE_([A-Za-z0-9_.]+)\s*\(/iy;

/** Every SERVICE call in a stored formula (nested ones included), in order of appearance. */
export function findServiceCalls(formula: string): ServiceCall[] {
  const calls: ServiceCall[] = [];
  const trimmed = formula.trim();
  const lead = formula.length - formula.trimStart().length;
  forEachCodeStretch(formula, (from, to) => {
    for (let i = from; i < to; i++) {
      if (formula[i] !== "_" || isNameChar(formula[i - 1])) continue;
      CALL.lastIndex = i;
      const m = CALL.exec(formula);
      if (!m) continue;
      const { args, end } = splitArguments(formula, CALL.lastIndex);
      const stop = end ?? formula.length;
      const upper = m[1].toUpperCase();
      calls.push({
        function: (SERVICE_FUNCTIONS as readonly string[]).includes(upper) ? (upper as ServiceFunction) : null,
        storedName: m[1],
        args: args.map(classifyArgument),
        start: i,
        end: stop,
        whole: i === lead && stop - i === trimmed.length,
      });
    }
  });
  return calls;
}
