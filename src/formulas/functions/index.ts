// The function table: every function the engine evaluates, by upper-case name.
import { ARRAYS } from "./arrays";
import { CONDITIONAL } from "./conditional";
import { DATES } from "./dates";
import { INFO } from "./info";
import { LOGICAL } from "./logical";
import { LOOKUP } from "./lookup";
import { MATH, STATISTICS } from "./math";
import type { FunctionSpec } from "./spec";
import { TEXT_FUNCTIONS } from "./text";

export type { FunctionSpec } from "./spec";

export const FUNCTIONS: ReadonlyMap<string, FunctionSpec> = new Map(
  Object.entries({
    ...MATH,
    ...STATISTICS,
    ...CONDITIONAL,
    ...LOOKUP,
    ...TEXT_FUNCTIONS,
    ...LOGICAL,
    ...DATES,
    ...INFO,
    ...ARRAYS,
  }),
);
