import type { TableBinding } from "../excel";
import type { Scalar } from "../formulas";
import { estimateExecutionCredits, formatCredits } from "../billing";
import { isNoResultError } from "../client";
import { describeBound, noResultForInputsText, renderSpill, sourceText, storedSource, tierOf } from "../service-cells";
import { datasetOriginText } from "../session";
import { a1Range, blockUnion, cellAddress, parseAddress, qualifiedAddress, snapshotTableLabel } from "../sheet";
import type { WorkbookEdit, XlsxValue } from "../xlsx";
import type { Execution } from "./execute-plan";
import type { Plan, TablePlan } from "./plan-types";
import type { TableReport } from "./report";
import { redact, type PlacedSource } from "./write-cells";
import type { ResultChanges } from "./result-changes";
import type { WorkbookHost } from "./workbook-host";

export interface TableWriteContext {
  edit: WorkbookEdit;
  host: WorkbookHost;
  plan: Plan;
  ex: Execution;
  now: number;
  secrets: readonly string[];
  /** The workbook's query page pattern, for caption rows. */
  pattern: string;
  changes: ResultChanges;
}

/** Rows as the pane writes them into a table: no header row, text and arrays as the cells show them. */
const TABLE_RENDER = { headers: false, timestamps: "text", arrayJoin: ", ", sourceNote: false } as const;

function base(t: TablePlan): TableReport {
  return {
    table: t.binding.tableName,
    sheet: t.info?.sheet ?? t.binding.sheet,
    source: t.source,
    status: "skipped",
    rowsBefore: t.rowsBefore,
    rangeBefore: t.rangeBefore,
  };
}

/**
 * Writes each bound table's new rows (it grows into empty cells or shrinks; the file layer refuses, with the cell
 * named, a table that would grow over anything or whose columns changed: the caller refuses the whole refresh), and
 * returns the bindings to save with their new address and refresh time.
 */
export function writeTables(ctx: TableWriteContext): {
  reports: TableReport[];
  bindings: TableBinding[];
  places: PlacedSource[];
} {
  const bindings: TableBinding[] = [];
  const places: PlacedSource[] = [];
  const reports = ctx.plan.tables.map((t) => {
    const report = base(t);
    if (t.hold || !t.info) {
      report.status = t.hold?.unchanged ? "unchanged" : t.hold?.failed ? "failed" : "skipped";
      report.message = t.hold?.message;
      return report;
    }
    const read = ctx.ex.reads.get(t.readId!);
    const hasInputs = Object.keys(t.binding.params ?? {}).length > 0;
    if (read?.status === "failed" && t.binding.kind === "query" && hasInputs && isNoResultError(read.error)) {
      // No run of its inputs: the table keeps its rows; a run of those inputs is the way to new ones.
      report.status = "skipped";
      report.message = `Not refreshed: ${noResultForInputsText(
        t.binding.params ?? {},
        `--rerun all runs query ${String(t.binding.id)} with them (${formatCredits(
          estimateExecutionCredits({ performance: tierOf(t.binding.options?.performance) }),
        )}).`,
      )}`;
      return report;
    }
    if (!read || read.status !== "read") {
      report.status = read?.status === "skipped" ? "skipped" : "failed";
      report.message = read?.message ? `Not refreshed: ${read.message}` : "Not read: the refresh stopped before it.";
      return report;
    }
    const table = read.outcome!.table;
    const rows: XlsxValue[][] =
      table.rows.length === 0
        ? []
        : renderSpill(table, TABLE_RENDER, Infinity).map((r) => r.map((v) => redact(v, ctx.secrets)));
    const written = ctx.edit.writeTable(t.info.name, rows);
    const before = parseAddress(written.oldRef);
    const after = parseAddress(written.newRef);
    const header = t.info.headerRowCount;
    const sheet = t.info.sheet;
    ctx.changes.apply(sheet, blockUnion(before, after), () => {
      for (let r = header; r < Math.max(before.rowCount, after.rowCount); r++) {
        for (let c = 0; c < after.columnCount; c++) {
          const value = r < after.rowCount ? ((rows[r - header]?.[c] ?? null) as Scalar) : null;
          ctx.host.setValue(sheet, after.row + r, after.column + c, value);
        }
      }
    });
    Object.assign(report, { status: "refreshed", rowsAfter: written.rowsAfter, rangeAfter: written.newRef });
    const origin = datasetOriginText(table.origin, ctx.now);
    if (origin) report.message = origin;
    const top = a1Range(after.row, after.column, after.rowCount, after.columnCount);
    const source = describeBound(t.binding, read.executionId, table);
    // A table inserted with a caption row keeps it current, as the pane's Refresh All does: the cell above its header.
    if (t.binding.options?.caption === true && after.row > 0) {
      const caption = redact(sourceText(source, ctx.pattern), ctx.secrets);
      ctx.edit.setCells(sheet, [{ ref: cellAddress(after.row - 1, after.column), value: caption }]);
      const at = { row: after.row - 1, column: after.column, rowCount: 1, columnCount: 1 };
      ctx.changes.apply(sheet, at, () => ctx.host.setValue(sheet, at.row, at.column, caption));
    }
    const headerRow = t.info.headerRowCount > 0 ? [t.info.columns.map((c) => c.name)] : [];
    const label = snapshotTableLabel(t.info.name, qualifiedAddress(sheet, written.newRef));
    places.push({ sheet, block: after, source, label, values: [...headerRow, ...rows] });
    bindings.push({
      ...t.binding,
      sheet,
      address: qualifiedAddress(sheet, top),
      refreshedAt: new Date(ctx.now).toISOString(),
      source: storedSource(source),
      ...(read.executionId ? { options: { ...t.binding.options, executionId: read.executionId } } : {}),
    });
    return report;
  });
  return { reports, bindings, places };
}
