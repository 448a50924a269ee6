import { FormulaError, printFormula, type FormulaEngine, type FormulaNode } from "../formulas";
import { cellAddress, qualifiedAddress, type CellBlock } from "../sheet";
import type { DefinedName, ServiceCell, ServiceFunction } from "../xlsx";
import { parseFileFormula, qualify, readTargets, referenceBlock, resolveNames, type ReadTarget } from "./formula-text";
import type { WorkbookHost } from "./workbook-host";

/** A value as a custom function receives it: a scalar, or the values of a range as rows. */
export type ArgValue = string | number | boolean | null;
export type ExcelArgument = ArgValue | ArgValue[][];

type PreparedArg =
  | { kind: "value"; value: ArgValue; missing?: boolean }
  | { kind: "cells"; sheet: string; block: CellBlock; text: string }
  | { kind: "spill"; sheet: string; row: number; column: number; text: string }
  | { kind: "computed"; scratch: string; text: string };

/** A SERVICE call whose arguments are ready to read once the engine has calculated. */
export interface PreparedCall {
  fn: ServiceFunction;
  args: PreparedArg[];
  /** Every cell and range its arguments read (for the inputs it depends on). */
  reads: ReadTarget[];
}

/** Refused: a message a spreadsheet user can act on. */
export class ArgumentRefusal extends Error {}

// Ranges are read cell by cell; beyond this a range is surely not an option table.
const MAX_RANGE_CELLS = 100_000;
let scratchCount = 0;

/**
 * Reads the SERVICE call that is the cell's whole formula. Literals are taken as written, references and ranges are
 * read after calculation, and any other argument (`"limit="&C1`, `EOMONTH(TODAY(),-1)`) becomes a formula of its
 * own on a scratch sheet of the host, its references pinned to the cell's sheet, for the engine to compute.
 */
export function prepareCall(cell: ServiceCell, host: WorkbookHost, names: readonly DefinedName[]): PreparedCall {
  const node = parseFileFormula(cell.formula);
  const call = cell.calls[0];
  if (!node || node.type !== "call" || !call?.function) throw new ArgumentRefusal("its formula cannot be read.");
  const args: PreparedArg[] = [];
  const reads: ReadTarget[] = [];
  for (const raw of node.args) {
    const arg = resolveNames(raw, cell.sheet, names);
    reads.push(...readTargets(arg, cell.sheet));
    args.push(prepareOne(arg, cell.sheet, host));
  }
  return { fn: call.function, args, reads };
}

function prepareOne(arg: FormulaNode, sheet: string, host: WorkbookHost): PreparedArg {
  const text = printFormula(arg, { form: "typed" }).slice(1);
  switch (arg.type) {
    case "missing":
      return { kind: "value", value: null, missing: true };
    case "number":
    case "string":
    case "boolean":
      return { kind: "value", value: arg.value };
    case "reference":
      return { kind: "cells", sheet: arg.sheet ?? sheet, block: referenceBlock(arg), text };
    case "spill": {
      const at = referenceBlock(arg.anchor);
      return { kind: "spill", sheet: arg.anchor.sheet ?? sheet, row: at.row, column: at.column, text };
    }
    default: {
      // A name no sheet can have: it never meets one of the workbook's.
      const scratch = `\u0001argument ${++scratchCount}`;
      host.addSheet(scratch);
      host.setFormula(scratch, 0, 0, printFormula(qualify(arg, sheet), { form: "typed" }));
      return { kind: "computed", scratch, text };
    }
  }
}

/**
 * The cell SERVICE.SOURCE's argument refers to (a range's first cell; `A2#` its anchor), as Excel gives the function
 * its address; undefined for a value, which has no address.
 */
export function referencedCell(call: PreparedCall): { sheet: string; row: number; column: number } | undefined {
  const arg = call.args[0];
  if (arg?.kind === "cells") return { sheet: arg.sheet, row: arg.block.row, column: arg.block.column };
  if (arg?.kind === "spill") return { sheet: arg.sheet, row: arg.row, column: arg.column };
  return undefined;
}

/** An error value and why, in the refresh's words (the engine's messages speak of the playground it serves too). */
export function errorText(e: FormulaError): string {
  const why = e.message?.replace(/the playground/g, "the refresh").replace(/\.$/, "");
  return `${e.code}${why ? ` (${why})` : ""}`;
}

function readBlock(host: WorkbookHost, sheet: string, block: CellBlock, what: string): ExcelArgument {
  const name = host.sheetNamed(sheet);
  if (name === null) throw new ArgumentRefusal(`${what} refers to a sheet the workbook does not have.`);
  const extent = host.extent(name);
  const rows = Math.max(1, Math.min(block.rowCount, extent.rows - block.row));
  const columns = Math.max(1, Math.min(block.columnCount, extent.columns - block.column));
  if (rows * columns > MAX_RANGE_CELLS) throw new ArgumentRefusal(`${what} is a range of over 100,000 cells.`);
  const out: ArgValue[][] = [];
  for (let r = 0; r < rows; r++) {
    const line: ArgValue[] = [];
    for (let c = 0; c < columns; c++) {
      const v = host.value(name, block.row + r, block.column + c);
      if (v instanceof FormulaError) {
        const at = qualifiedAddress(name, cellAddress(block.row + r, block.column + c));
        throw new ArgumentRefusal(`${at} computes to ${errorText(v)}, so the function would not be called.`);
      }
      line.push(v);
    }
    out.push(line);
  }
  return out.length === 1 && out[0].length === 1 ? out[0][0] : out;
}

/** The range `A2#` stands for: the anchor's spill, or the anchor alone when its formula has one value. */
function spillBlock(
  arg: Extract<PreparedArg, { kind: "spill" }>,
  host: WorkbookHost,
  engine: FormulaEngine,
): CellBlock {
  const external = host.externalBlock(arg.sheet, arg.row, arg.column);
  if (external) return external;
  if (!host.hasFormula(arg.sheet, arg.row, arg.column))
    throw new ArgumentRefusal(`${arg.text} refers to a cell without a formula, so it refers to nothing (#REF!).`);
  const spill = engine.spillAt(arg.sheet, arg.row, arg.column);
  if (spill?.blocked) throw new ArgumentRefusal(`${arg.text} cannot spill (#SPILL!), so it refers to nothing.`);
  return spill?.block ?? { row: arg.row, column: arg.column, rowCount: 1, columnCount: 1 };
}

/** The arguments' values now (after the engine calculated), as Excel would pass them. */
export function readCall(call: PreparedCall, host: WorkbookHost, engine: FormulaEngine): ExcelArgument[] {
  const values = call.args.map((arg): ExcelArgument => {
    if (arg.kind === "value") return arg.value;
    if (arg.kind === "cells") return readBlock(host, arg.sheet, arg.block, arg.text);
    if (arg.kind === "spill") return readBlock(host, arg.sheet, spillBlock(arg, host, engine), arg.text);
    const spill = engine.spillAt(arg.scratch, 0, 0);
    const v = host.value(arg.scratch, 0, 0);
    if (v instanceof FormulaError)
      throw new ArgumentRefusal(`the argument ${arg.text} computes to ${errorText(v)}: the refresh cannot compute it.`);
    return spill && !spill.blocked ? readBlock(host, arg.scratch, spill.block, arg.text) : v;
  });
  // Trailing omitted arguments are the same as none (Excel passes them as not given).
  while (values.length > 0 && values[values.length - 1] === null) {
    const arg = call.args[values.length - 1];
    if (!(arg.kind === "value" && arg.missing)) break;
    values.pop();
  }
  return values;
}
