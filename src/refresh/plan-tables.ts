import { estimateExecutionCredits, readCredits, type BillingPlan } from "../billing";
import { datasetEntry } from "../client";
import type { TableBinding } from "../excel";
import { datasetRequest, readArguments, resultsRequest, tierOf, type CanonicalRequest } from "../service-cells";
import { cellAddress, parseAddress } from "../sheet";
import type { TableInfo, WorkbookFile, XlsxValue } from "../xlsx";
import { estimateFromCached, type ReadEstimate } from "./estimate";
import type { Rerun } from "./plan-cells";
import type { Plan, ReadJob, TablePlan } from "./plan-types";

/** Dataset options a bound table keeps and sends again (what the pane offers when inserting one). */
const DATASET_PARAMS = ["filters", "sort_by", "columns", "limit"] as const;

function tableRows(book: WorkbookFile, info: TableInfo): XlsxValue[][] {
  const block = parseAddress(info.ref);
  const cells = book.worksheet(info.sheet).cells;
  const rows: XlsxValue[][] = [info.columns.map((c) => c.name)];
  for (let r = info.headerRowCount; r < block.rowCount - info.totalsRowCount; r++) {
    const row: XlsxValue[] = [];
    for (let c = 0; c < block.columnCount; c++)
      row.push(cells.get(cellAddress(block.row + r, block.column + c))?.value ?? null);
    rows.push(row);
  }
  return rows;
}

/** The request a binding reads now, as the pane's Refresh All reads it (the latest result of a query, as CSV). */
function requestOf(b: TableBinding): CanonicalRequest {
  if (b.kind === "dataset") {
    const names = (datasetEntry(String(b.id))?.args ?? []).map((a) => a.name);
    const args = names.map((n) => String(b.args?.[n] ?? ""));
    const pairs = DATASET_PARAMS.filter((k) => b.params?.[k] !== undefined && b.params[k] !== null).map((k) => [
      [`${k}=${String(b.params![k])}`],
    ]);
    const { options } = readArguments("DATASET", pairs);
    return datasetRequest(String(b.id), args, options);
  }
  const partial = b.kind === "execution" && b.options?.partial === true ? [[["allow_partial_results=true"]]] : [];
  const { options } = readArguments("RESULTS", partial);
  if (b.kind !== "query") return resultsRequest(String(b.id), [], options);
  // The table's own inputs: the latest run of exactly those, never whatever ran last.
  return resultsRequest(Number(b.id), [], options, tableInputs(b));
}

/** A query-bound table's inputs, as its binding records them (the run it was inserted from). */
function tableInputs(b: TableBinding): Record<string, string | number | boolean> {
  const inputs: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(b.params ?? {})) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") inputs[name] = value;
  }
  return inputs;
}

function sourceText(b: TableBinding): string {
  if (b.kind === "dataset") return `dataset ${[b.id, ...Object.values(b.args ?? {})].join(" ")}`;
  if (b.kind === "execution") return `execution ${b.id}`;
  if (b.kind === "sql") return `SQL of execution ${String(b.options?.executionId ?? "")}`;
  const inputs = Object.entries(tableInputs(b)).map(([k, v]) => `${k}=${String(v)}`);
  return inputs.length > 0 ? `query ${b.id} (${inputs.join(", ")})` : `query ${b.id}`;
}

/**
 * Every bound table of the workbook, as the pane's Refresh All refreshes them: a dataset read again, a query's latest
 * result (or, with --rerun all, a new run at the tier it was inserted with), and a table of one stored execution left
 * as it is (that result never changes).
 */
export function planTables(
  plan: Plan,
  book: WorkbookFile,
  bindings: readonly TableBinding[],
  ctx: { plan: BillingPlan; rerun: Rerun },
): void {
  for (const binding of bindings) {
    const info = book.tables.find((t) => t.name.toLowerCase() === binding.tableName.toLowerCase());
    const source = sourceText(binding);
    if (!info) {
      const message = `The table "${binding.tableName}" is no longer in the workbook; its binding is left as it is.`;
      plan.tables.push({
        binding,
        source,
        hold: { message, failed: true },
        rowsBefore: 0,
        rangeBefore: binding.address,
      });
      continue;
    }
    const cached = tableRows(book, info);
    const table: TablePlan = { binding, info, source, rowsBefore: cached.length - 1, rangeBefore: info.ref };
    plan.tables.push(table);
    if (binding.kind === "execution") {
      table.hold = {
        message: "A stored execution's result never changes; the table already shows it.",
        failed: false,
        unchanged: true,
      };
      continue;
    }
    if (binding.kind === "sql") {
      // Its SQL re-runs only from the pane's Refresh All, with "Re-run queries" and its price confirmed there.
      table.hold = {
        message: "A SQL table is re-run from the pane's Refresh All (Re-run queries); its rows are left as they are.",
        failed: false,
        unchanged: true,
      };
      continue;
    }
    let request: CanonicalRequest;
    try {
      request = requestOf(binding);
    } catch (error) {
      table.hold = { message: `Its binding cannot be read: ${(error as Error).message}`, failed: true };
      continue;
    }
    const rerun = binding.kind === "query" && ctx.rerun === "all";
    const format = binding.kind === "query" && !rerun ? "csv" : "json";
    const estimate: ReadEstimate = estimateFromCached(cached, { header: true, format });
    const id = rerun ? `table:${info.name}` : request.key;
    if (rerun) {
      // The tier it was inserted with, as the pane reads it (bindings older than tier choices hold medium or large).
      const performance = tierOf(binding.options?.performance);
      plan.runs.set(id, {
        runKey: id,
        queryId: Number(binding.id),
        parameters: tableInputs(binding),
        performance,
        reason: "--rerun all",
        estimatedCredits: estimateExecutionCredits({ performance }),
        shownBy: [`table ${info.name}`],
        planned: true,
      });
      table.runKey = id;
    }
    const read: ReadJob = plan.reads.get(id) ?? {
      id,
      label: rerun ? `query ${binding.id} (new run)` : request.key,
      ...(rerun ? { fromRun: { runKey: id, options: readArguments("RESULTS", []).options } } : { request }),
      format,
      estimate,
      credits: readCredits(estimate.bytes, ctx.plan),
      shownBy: [],
    };
    delete read.unchanged;
    read.shownBy.push(`table ${info.name}`);
    plan.reads.set(id, read);
    table.readId = id;
  }
}
