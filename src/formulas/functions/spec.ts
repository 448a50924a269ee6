import type { EvalContext } from "../context";
import type { Value } from "../values";

/** One function of the table: how many arguments it takes and what it does with their values. */
export interface FunctionSpec {
  min: number;
  max: number;
  /** Recalculated on every calculation (RAND); TODAY and NOW become volatile by reading the clock. */
  volatile?: boolean;
  call(args: Value[], ctx: EvalContext): Value;
}

export type FunctionTable = Record<string, FunctionSpec>;
