import type { ExcelBehaviour } from "../behaviour/excel-behaviour";
import { CellError, type Stored } from "../workbook";
import type { FunctionCell } from "./function-cell";
import type { CatalogEntry } from "./function-catalog";
import type { OpenedState } from "./opened-cells";

const isBusy = (v: Stored | undefined): boolean => v instanceof CellError && v.code === "#BUSY!";

/**
 * Whether a reopened formula runs on its first calculation. A value saved in an error or unresolved state is
 * calculated again (office-js#2012, ayush-meghwani-28, 2026-08-24: "only cells that were saved in an
 * error/unresolved state recalculate"; office-js#2220: "such as #NAME"); volatile functions are
 * (Excel-Custom-Functions#368, AlexJerabek, 2023-05-04: "Only volatile functions are recalculated on workbook
 * open"); streaming ones as ExcelBehaviour.reinvokeOnOpen says. Others keep the saved value.
 */
export function runsOnOpen(entry: CatalogEntry, opened: OpenedState, behaviour: Readonly<ExcelBehaviour>): boolean {
  if (opened.value === undefined || opened.value instanceof CellError || entry.volatile) return true;
  return entry.streaming && behaviour.reinvokeOnOpen;
}

/** A reopened formula starts from what the file saved for it: the anchor's value and its spill. */
export function fromFile(cell: FunctionCell, opened: OpenedState): void {
  if (opened.spill) {
    const { row, column, rowCount, columnCount, values } = opened.spill;
    cell.spilled = { block: { row, column, rowCount, columnCount }, values };
    cell.result = { values, messages: new Map() };
  } else if (opened.value !== undefined) {
    cell.result = { values: [[opened.value]], messages: new Map() };
  }
  if (opened.value !== undefined) cell.display = opened.value;
}

/** A re-invoked cell keeps showing the old cell's result (moved over) until its own first result arrives. */
export function takeOver(cell: FunctionCell, old: FunctionCell): void {
  if (!old.result || isBusy(old.display)) return;
  cell.display = old.display;
  cell.message = old.message;
  cell.result = old.result;
  cell.spilled = old.spilled;
  cell.wanted = old.wanted;
  old.spilled = undefined;
}

/** Before its first result: the value it had with the loading mark, or #BUSY! (ExcelBehaviour.pendingDisplay). */
export function showPending(cell: FunctionCell, pendingDisplay: ExcelBehaviour["pendingDisplay"]): void {
  if (pendingDisplay === "value" && cell.result && !isBusy(cell.display)) {
    cell.loading = true;
    return;
  }
  cell.display = new CellError("#BUSY!");
  cell.message = undefined;
}
