import { FormulaError, type Scalar } from "../values";
import { scalarFn } from "./args";
import type { FunctionTable } from "./spec";

const is = (test: (v: Scalar) => boolean) => scalarFn(["any"], 1, test, { errorsPass: true });

export const INFO: FunctionTable = {
  ISBLANK: is((v) => v === null),
  ISERROR: is((v) => v instanceof FormulaError),
  ISERR: is((v) => v instanceof FormulaError && v.code !== "#N/A"),
  ISNA: is((v) => v instanceof FormulaError && v.code === "#N/A"),
  ISNUMBER: is((v) => typeof v === "number"),
  ISTEXT: is((v) => typeof v === "string"),
  ISLOGICAL: is((v) => typeof v === "boolean"),
  NA: { min: 0, max: 0, call: () => new FormulaError("#N/A") },
};
