import * as F from "@formulajs/formulajs";
import { serialFromUtcMs } from "../../sheet";
import type { EvalContext } from "../context";
import { coerceText } from "../text-values";
import { FormulaError, type Scalar } from "../values";
import { scalarFn } from "./args";
import type { FunctionTable } from "./spec";

const N = "number" as const;

/**
 * The clock's time as Excel's serial in the runtime's time zone (Excel reads the computer's clock and zone), in
 * the 1900 date system with its fictitious 1900-02-29.
 */
function nowSerial(ctx: EvalContext): Scalar {
  const ms = ctx.now();
  const local = ms - new Date(ms).getTimezoneOffset() * 60_000;
  return serialFromUtcMs(local) ?? new FormulaError("#NUM!", "The clock is outside Excel's dates.");
}

/** Serial arguments must be dates Excel has (0 to 9999-12-31). */
const serial =
  (impl: (n: number, ...rest: never[]) => unknown) =>
  (n: number, ...rest: never[]) =>
    n < 0 || n > 2_958_465 ? new FormulaError("#NUM!", "The date is outside Excel's dates.") : impl(n, ...rest);

export const DATES: FunctionTable = {
  TODAY: {
    min: 0,
    max: 0,
    call: (_args, ctx) => {
      const now = nowSerial(ctx);
      return typeof now === "number" ? Math.floor(now) : now;
    },
  },
  NOW: { min: 0, max: 0, call: (_args, ctx) => nowSerial(ctx) },
  DATE: scalarFn([N, N, N], 3, (y: number, m: number, d: number) =>
    y < 0 || y > 9999
      ? new FormulaError("#NUM!", "DATE's year is outside 0 to 9999.")
      : F.DATE(y < 1900 ? y + 1900 : y, m, d),
  ),
  YEAR: scalarFn([N], 1, serial(F.YEAR)),
  MONTH: scalarFn([N], 1, serial(F.MONTH)),
  DAY: scalarFn([N], 1, serial(F.DAY)),
  HOUR: scalarFn([N], 1, serial(F.HOUR)),
  MINUTE: scalarFn([N], 1, serial(F.MINUTE)),
  SECOND: scalarFn([N], 1, serial(F.SECOND)),
  WEEKDAY: scalarFn(
    [N, N],
    1,
    serial((n: number, type: number | null) => F.WEEKDAY(n, type ?? 1)),
  ),
  EOMONTH: scalarFn(
    [N, N],
    2,
    serial((n: number, months: number) => F.EOMONTH(n, Math.trunc(months))),
  ),
  EDATE: scalarFn(
    [N, N],
    2,
    serial((n: number, months: number) => F.EDATE(n, Math.trunc(months))),
  ),
  DAYS: scalarFn([N, N], 2, (end: number, start: number) => Math.trunc(end) - Math.trunc(start)),
  /** Date text by the same rules as typing into a cell. */
  DATEVALUE: scalarFn(["text"], 1, (text: string) => {
    const c = coerceText(text);
    return c && typeof c.value === "number" && /[dy]/.test(c.format ?? "")
      ? Math.floor(c.value)
      : new FormulaError("#VALUE!", `"${text}" is not a date.`);
  }),
};
