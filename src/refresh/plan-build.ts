import { addCredits } from "../billing";
import { NO_ADDRESS_MESSAGE } from "../service-cells";
import { unknownFunctionMessage, type FormulaEngine } from "../formulas";
import { parseAddress, qualifiedAddress, type CellBlock } from "../sheet";
import type { ServiceCell, WorkbookFile } from "../xlsx";
import { ArgumentRefusal, prepareCall, readCall, referencedCell, type PreparedCall } from "./call-arguments";
import { cellWork } from "./cell-work";
import { heldByError, planCell, type CellPlanContext } from "./plan-cells";
import type { CellPlan, Plan } from "./plan-types";
import { precedentsOf } from "./precedents";
import type { Credits } from "./report";
import type { WorkbookHost } from "./workbook-host";

/**
 * A cell the refresh cannot read (an unknown function, an argument or input it cannot compute, arguments the add-in
 * would refuse): held before any request, so it costs nothing, and named with why.
 */
export function unreadable(
  what: "Its formula cannot be read" | "An input cannot be computed",
  detail: string,
): { message: string; failed: boolean } {
  const why = detail.trim().replace(/[.;:]?$/, ".");
  return { message: `${what}: ${why} The cell is left as it is; it costs nothing.`, failed: true };
}

export interface PreparedCell {
  plan: CellPlan;
  call?: PreparedCall;
}

/**
 * Each SERVICE cell read before the engine calculates: an unknown function or a call inside a larger formula is held
 * (Excel recomputes those when the file opens), and the arguments of the others are made ready to read.
 */
export function prepareCells(book: WorkbookFile, cells: readonly ServiceCell[], host: WorkbookHost): PreparedCell[] {
  return cells.map((cell) => {
    const address = qualifiedAddress(cell.sheet, cell.ref);
    const first = cell.calls[0];
    const fn = cell.unknownNames[0] ?? first?.function ?? "SERVICE";
    const plan: CellPlan = { cell, address, fn, block: parseAddress(cell.spillRef), inputs: [] };
    if (cell.unknownNames.length > 0) {
      const known = host.externalFunctions();
      const why = cell.unknownNames.map((n) => unknownFunctionMessage(`SERVICE.${n}`, known)).join(" ");
      plan.hold = unreadable("Its formula cannot be read", why);
    } else if (cell.calls.length !== 1 || !first?.whole) {
      const message =
        "Its SERVICE call is part of a larger formula: the refresh computes cells whose formula is one SERVICE call; Excel recomputes this one when the file opens.";
      plan.hold = { message, failed: false };
    }
    if (plan.hold) return { plan };
    try {
      return { plan, call: prepareCall(cell, host, book.definedNames) };
    } catch (error) {
      if (!(error instanceof ArgumentRefusal)) throw error;
      plan.hold = unreadable("Its formula cannot be read", error.message);
      return { plan };
    }
  });
}

/**
 * After the engine calculated: each cell's arguments read (inputs computed by formulas included), its request built
 * by the add-in's own functions, and the cell filed under the plan's reads and runs.
 */
export function planServiceCells(
  plan: Plan,
  prepared: readonly PreparedCell[],
  host: WorkbookHost,
  engine: FormulaEngine,
  ctx: CellPlanContext,
): void {
  const blocks = new Map<string, { sheet: string; block: CellBlock }>(
    prepared.map((p) => [p.plan.address, { sheet: p.plan.cell.sheet, block: p.plan.block }]),
  );
  for (const { plan: cell, call } of prepared) {
    plan.cells.push(cell);
    if (!call) continue;
    if (call.fn === "SOURCE") {
      // Written after the results it names (write-sources.ts); its argument's value does not matter, only where it is.
      const at = referencedCell(call);
      if (at) cell.work = { kind: "source", ...at };
      else cell.hold = { message: NO_ADDRESS_MESSAGE, failed: true };
      continue;
    }
    const precedents = precedentsOf(call.reads, host, engine, blocks);
    const others = precedents.serviceCells.filter((a) => a !== cell.address);
    if (others.length > 0) {
      cell.hold = {
        message: `Its inputs come from the SERVICE result in ${others.join(", ")}, which cannot be known before it is read; Excel recomputes it when the file opens.`,
        failed: false,
      };
      continue;
    }
    cell.inputs = precedents.formulas;
    try {
      cell.work = cellWork(call.fn, readCall(call, host, engine));
    } catch (error) {
      cell.hold =
        error instanceof ArgumentRefusal
          ? unreadable("An input cannot be computed", error.message)
          : unreadable("Its formula cannot be read", heldByError(error).message);
      continue;
    }
    planCell(plan, cell, ctx);
  }
  // A read of a run that will run again must be made, whatever the file shows now.
  for (const read of plan.reads.values()) {
    if (read.fromRun && plan.runs.get(read.fromRun.runKey)?.planned) delete read.unchanged;
  }
}

/** What the plan is estimated to cost: planned runs, and reads that will be made. */
export function planCost(plan: Plan): Credits {
  const executions = addCredits(...[...plan.runs.values()].filter((r) => r.planned).map((r) => r.estimatedCredits));
  const reads = addCredits(...[...plan.reads.values()].filter((r) => !r.unchanged).map((r) => r.credits));
  return { executions, reads, total: addCredits(executions, reads) };
}
