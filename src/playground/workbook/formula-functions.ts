import type { CellBlock } from "../../sheet";
import { CellError, type Stored } from "./cell-types";
import type { FormulaHost } from "./formula";

/** A cell or range reference inside a formula. */
export interface Ref {
  ref: true;
  sheet?: string;
  block: CellBlock;
}
export type Val = Stored | undefined | Ref;

/** The coercions functions need from the evaluator. */
export interface ArgTools {
  host: FormulaHost;
  scalar(v: Val): Stored | undefined;
  num(v: Val): number;
  text(v: Val): string;
}

/** SUM over a range counts numbers only (text and booleans in cells are ignored, as in Excel). */
function sumOf(t: ArgTools, a: Val): number {
  if (a === undefined || typeof a !== "object" || a instanceof CellError) return t.num(a);
  let sum = 0;
  const { block, sheet } = a;
  for (let r = block.row; r < block.row + block.rowCount; r++) {
    for (let c = block.column; c < block.column + block.columnCount; c++) {
      const v = t.host.cell(sheet, r, c);
      if (v instanceof CellError) throw v;
      if (typeof v === "number") sum += v;
    }
  }
  return sum;
}

/** The built-in functions; anything else is #NAME? (SERVICE.* comes through the workbook's hook). */
export function callFunction(name: string, args: Val[], t: ArgTools): Val {
  switch (name) {
    case "SUM":
      return args.reduce<number>((sum, a) => sum + sumOf(t, a), 0);
    case "HYPERLINK":
      return args.length > 1 ? t.scalar(args[1]) : t.text(args[0]);
    case "CONCAT":
    case "CONCATENATE":
      return args.map((a) => t.text(a)).join("");
    case "IF": {
      const cond = t.scalar(args[0]);
      if (cond instanceof CellError) throw cond;
      const pick = cond ? args[1] : args[2];
      return args.length > 2 || cond ? (t.scalar(pick) ?? 0) : false;
    }
    case "LEN":
      return t.text(args[0]).length;
    case "ROUND": {
      const f = Math.pow(10, t.num(args[1]));
      return Math.round(t.num(args[0]) * f) / f;
    }
    default:
      throw new CellError("#NAME?");
  }
}
