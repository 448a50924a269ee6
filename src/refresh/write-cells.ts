import { FormulaError, type ErrorCode, type Scalar } from "../formulas";
import {
  cellFailure,
  formatStatus,
  describeRead,
  renderSpill,
  sourceOf,
  withSourceNote,
  type ResultSource,
  type QueryResultTime,
  type ResultTime,
} from "../service-cells";
import { datasetOriginText } from "../session";
import { blockUnion, carriesSecret, parseAddress, qualifiedAddress, REDACTED, type CellBlock } from "../sheet";
import { isCellError, type WorkbookEdit, type XlsxValue } from "../xlsx";
import type { Execution } from "./execute-plan";
import type { CellPlan, Plan } from "./plan-types";
import type { CellReport } from "./report";
import type { ResultChanges } from "./result-changes";
import type { WorkbookHost } from "./workbook-host";

export interface WriteContext {
  edit: WorkbookEdit;
  host: WorkbookHost;
  plan: Plan;
  ex: Execution;
  spillLimitBytes: number;
  now: number;
  /** Texts that must never reach the file (the key): a value holding one is written as "[redacted]". */
  secrets: readonly string[];
  /** Where new values go into the engine's host (and reach the formulas that read them). */
  changes: ResultChanges;
}

/** A result written by this refresh, and where its rows came from (what SERVICE.SOURCE cells name). */
export interface PlacedSource {
  sheet: string;
  block: CellBlock;
  source: ResultSource;
  /** What it shows now ("Report!B2:C5", or a table's name and range), and its values (a table's header included). */
  label: string;
  values: readonly (readonly XlsxValue[])[];
}

/** What the written cells' results were, for the refresh-time setting. */
export interface WrittenTimes {
  requests: Record<string, ResultTime>;
  queries: Record<string, QueryResultTime>;
}

export function redact<T extends XlsxValue>(value: T, secrets: readonly string[]): T | string {
  return typeof value === "string" && carriesSecret(value, secrets) ? REDACTED : value;
}

/** A file value as the formula engine holds it. */
function toScalar(value: XlsxValue): Scalar {
  return isCellError(value) ? new FormulaError(value.error as ErrorCode) : value;
}

function base(cell: CellPlan): CellReport {
  return {
    cell: cell.address,
    function: cell.fn,
    status: "skipped",
    rowsBefore: cell.cell.cached.length,
    rangeBefore: cell.cell.spillRef,
  };
}

/** The values a cell shows now, or why it keeps what it had. */
function resultOf(cell: CellPlan, ctx: WriteContext, report: CellReport): XlsxValue[][] | undefined {
  const work = cell.work!;
  if (work.kind === "status") {
    const got = ctx.ex.statuses.get(work.executionId);
    report.source = `status of ${work.executionId}`;
    if (!got || "error" in got) {
      report.status = "failed";
      report.message = got ? cellFailure(got.error).message : "Not read: the refresh stopped before it.";
      return undefined;
    }
    return [[formatStatus(got.status, ctx.now, work.detail)]];
  }
  if (work.kind === "source") return undefined; // written after every result (write-sources.ts)
  const job = ctx.plan.reads.get(cell.readId!)!;
  report.source = job.label;
  if (job.unchanged) {
    report.status = "unchanged";
    report.message = `Not read: ${job.unchanged}.`;
    return undefined;
  }
  const read = ctx.ex.reads.get(job.id);
  if (!read || read.status !== "read") {
    report.status = read?.status === "skipped" ? "skipped" : "failed";
    report.message = read?.message ? `Not refreshed: ${read.message}` : "Not read: the refresh stopped before it.";
    return undefined;
  }
  const render = work.kind === "read" ? work.render : work.query.options.render;
  const table = read.outcome!.table;
  try {
    // A dataset read from the saved query behind its retired endpoint says so on its first header cell, as the
    // add-in's cell does (#N/A with the query and the result's age on hover in Excel; the file keeps the #N/A).
    const note = { now: ctx.now, supported: true, error: (): XlsxValue => ({ error: "#N/A" }) };
    return withSourceNote(renderSpill(table, render, ctx.spillLimitBytes), table, render, note) as XlsxValue[][];
  } catch (error) {
    report.status = "failed";
    report.message = cellFailure(error).message;
    return undefined;
  }
}

/**
 * Writes every SERVICE cell's new result into its cell and spill (the formula kept), and into the engine's host so
 * that formulas reading it recalculate. A write the file cannot take (a spill over other data) throws the file
 * layer's XlsxError: the caller refuses the whole refresh.
 */
export function writeCells(ctx: WriteContext): {
  reports: CellReport[];
  times: WrittenTimes;
  places: PlacedSource[];
} {
  const times: WrittenTimes = { requests: {}, queries: {} };
  const places: PlacedSource[] = [];
  const at = new Date(ctx.now).toISOString();
  const reports = ctx.plan.cells.map((cell) => {
    const report = base(cell);
    if (cell.hold || !cell.work || cell.work.kind === "source") {
      report.status = cell.hold?.failed ? "failed" : "skipped";
      report.message = cell.hold?.message;
      return report;
    }
    const values = resultOf(cell, ctx, report)?.map((row) => row.map((v) => redact(v, ctx.secrets)));
    if (!values) return report;
    const spill = ctx.edit.writeSpill(cell.cell.sheet, cell.cell.ref, values);
    const block = parseAddress(spill.newRef);
    ctx.changes.apply(cell.cell.sheet, blockUnion(parseAddress(spill.oldRef), block), () =>
      ctx.host.setExternalResult(
        cell.cell.sheet,
        block,
        values.map((row) => row.map(toScalar)),
      ),
    );
    Object.assign(report, { status: "refreshed", rowsAfter: values.length, rangeAfter: spill.newRef });
    const read = cell.readId ? ctx.ex.reads.get(cell.readId) : undefined;
    const origin = datasetOriginText(read?.outcome?.table.origin, ctx.now);
    if (origin) report.message = origin;
    const rows = read?.outcome?.table.rows.length;
    const size = {
      refreshedAt: at,
      ...(read?.bytes !== undefined ? { bytes: read.bytes } : {}),
      ...(rows !== undefined ? { rows } : {}),
    };
    const table = read?.outcome?.table;
    const placed = { sheet: cell.cell.sheet, block, label: qualifiedAddress(cell.cell.sheet, spill.newRef), values };
    if (table && cell.work.kind === "read") places.push({ ...placed, source: sourceOf(cell.work.request, table) });
    if (table && cell.work.kind === "query" && read?.executionId) {
      const { queryId, parameters } = cell.work.query;
      const source = describeRead({ kind: "execution", executionId: read.executionId }, table, { queryId, parameters });
      places.push({ ...placed, source });
    }
    if (cell.work.kind === "read") times.requests[cell.work.request.key] = size;
    if (cell.work.kind === "query" && read?.executionId) {
      const ran = ctx.ex.runs.get(cell.work.runKey);
      times.queries[cell.work.runKey] = {
        ...size,
        executionId: read.executionId,
        ...(ran?.credits !== undefined ? { executionCredits: ran.credits } : {}),
      };
    }
    return report;
  });
  return { reports, times, places };
}
