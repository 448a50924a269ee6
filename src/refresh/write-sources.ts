import { bindingAt, type TableBinding } from "../excel";
import { readResultSource, sourceText, type ResultSource } from "../service-cells";
import { cellAddress, qualifiedAddress } from "../sheet";
import type { WorkbookEdit } from "../xlsx";
import type { CellPlan } from "./plan-types";
import type { CellReport } from "./report";
import type { PlacedSource } from "./write-cells";
import type { ResultChanges } from "./result-changes";
import type { WorkbookHost } from "./workbook-host";

export interface SourceWriteContext {
  edit: WorkbookEdit;
  host: WorkbookHost;
  /** The results this refresh wrote, with their sources. */
  places: readonly PlacedSource[];
  /** Every table binding as it will be saved (refreshed ones with their new address and source). */
  bindings: readonly TableBinding[];
  /** The workbook's query page pattern. */
  pattern: string;
  changes: ResultChanges;
}

function placeAt(places: readonly PlacedSource[], sheet: string, row: number, column: number) {
  const name = sheet.toLowerCase();
  return places.find(
    ({ sheet: s, block: b }) =>
      s.toLowerCase() === name &&
      row >= b.row &&
      row < b.row + b.rowCount &&
      column >= b.column &&
      column < b.column + b.columnCount,
  );
}

/**
 * SERVICE.SOURCE cells, written once every result and table is: the source of the result this refresh wrote at or
 * over the referenced cell, else of the bound table there (its caption row included) as its binding records it. The
 * add-in asks the service for a query's name; the refresh does not spend a request on it, so its line names the query
 * by id (the add-in adds the name when the file is opened in Excel). A cell with nothing known there keeps its value.
 */
export function writeSources(ctx: SourceWriteContext, cells: readonly CellPlan[], reports: CellReport[]): void {
  cells.forEach((cell, i) => {
    const work = cell.work;
    if (work?.kind !== "source" || cell.hold) return;
    const report = reports[i]!;
    const where = qualifiedAddress(work.sheet, cellAddress(work.row, work.column));
    report.source = `source of the cell it refers to`;
    const found: ResultSource | undefined =
      placeAt(ctx.places, work.sheet, work.row, work.column)?.source ??
      readResultSource(bindingAt(ctx.bindings, work.sheet, work.row, work.column)?.source);
    if (!found) {
      report.status = "unchanged";
      report.message = `Nothing this refresh wrote, and no bound table, is at the cell it refers to; left as it was (${where}).`;
      return;
    }
    const text = sourceText(found, ctx.pattern);
    const cached = cell.cell.cached[0]?.[0];
    if (cached === text && cell.cell.cached.length === 1) {
      report.status = "unchanged";
      report.message = "Its source is the one the file already shows.";
      return;
    }
    const spill = ctx.edit.writeSpill(cell.cell.sheet, cell.cell.ref, [[text]]);
    const block = { row: cell.block.row, column: cell.block.column, rowCount: 1, columnCount: 1 };
    ctx.changes.apply(cell.cell.sheet, block, () => ctx.host.setExternalResult(cell.cell.sheet, block, [[text]]));
    Object.assign(report, { status: "refreshed", rowsAfter: 1, rangeAfter: spill.newRef });
  });
}
