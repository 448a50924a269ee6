import { listBindings, replaceTableRows, saveBinding, type TableBinding } from "../../excel";
import { isNoResultError, type QueryParameterValue, type ResultParams, type Source } from "../../client";
import type { PerformanceChoice } from "../../billing";
import { tableSourcesChanged } from "../../functions";
import { noResultForInputsText, tableReadKey, tierCredits, tierOf as tierOfValue } from "../../service-cells";
import { GROWTH_ALLOWANCE, type ReadEstimate, formatCredits, roundUpCredits } from "../../billing";
import { datasetArgNames } from "./dataset-catalog";
import type { PaneDeps } from "./deps";
import { paneMessage } from "./messages";
import { datasetOriginText } from "../../session";
import { openPagedRows } from "./page-rows";
import { captionOf, refreshedSource, storedSource } from "./table-source";
import { type BoundSource, sqlResultGone, sqlSourceOf } from "./refresh-sql";

/** For tables bound to a saved query: the latest stored result (its read costs credits), or a new run too. */
export type QueryRefreshMode = "latest" | "rerun";

export interface TableOutcome {
  tableName: string;
  /**
   * `skipped`: not read, for its cost (the ribbon's Refresh All, within today's automatic budget). `no-result`: a
   * table bound to a run of a query with inputs, and no run of those inputs has a result: it keeps its rows.
   */
  status: "refreshed" | "cancelled" | "failed" | "skipped" | "no-result";
  rows: number;
  message: string;
  /** Where the rows came from when that is worth saying: a dataset read through its saved query. */
  note?: string;
}

export interface RefreshTablesOptions {
  mode: QueryRefreshMode;
  signal?: AbortSignal;
  /** Before any re-run: how many tables and credits; false stops the refresh before anything is spent. */
  confirmRerun?: (cost: RerunCost) => Promise<boolean>;
  onTable?: (index: number, total: number, binding: TableBinding) => void;
  onRows?: (rowsWritten: number, totalRows: number | undefined) => void;
}

export interface RerunCost {
  tables: number;
  credits: number;
}

export type TableRefreshDeps = Pick<PaneDeps, "session" | "run" | "settings" | "clock">;

/**
 * What re-running a table's source costs: a query's run at its last reported cost or its tier's price, a SQL text's
 * run at its tier's price (it has no query whose cost is remembered); undefined for tables nothing re-runs.
 */
export function rerunCredits(
  binding: TableBinding,
  estimate: (queryId: number, performance: PerformanceChoice) => number,
): number | undefined {
  if (binding.kind === "query") return estimate(Number(binding.id), tierOf(binding));
  if (binding.kind === "sql") return tierCredits(tierOf(binding));
  return undefined;
}

/** What re-running every query- and SQL-bound table would cost: one run each (see rerunCredits). */
export function rerunCost(
  bindings: readonly TableBinding[],
  estimate: (queryId: number, performance: PerformanceChoice) => number,
): RerunCost {
  const runs = bindings.map((b) => rerunCredits(b, estimate)).filter((c): c is number => c !== undefined);
  return { tables: runs.length, credits: runs.reduce((sum, c) => sum + c, 0) };
}

/** The tier a table was inserted with (bindings written before tiers were choices hold medium or large). */
export function tierOf(binding: TableBinding): PerformanceChoice {
  return tierOfValue(binding.options?.performance);
}

function pick(params: TableBinding["params"], keys: readonly (keyof ResultParams)[]): ResultParams {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (params?.[k] !== undefined && params[k] !== null) out[k] = params[k];
  return out as ResultParams;
}

/**
 * Under which key a table's read is priced: its last size. A query's table read for its latest result reads it as
 * CSV, a quarter of the JSON's bytes or less, so that read has a size of its own; a re-run's read is its new
 * result's JSON, like the insert's.
 */
export function bindingReadKey(binding: TableBinding, mode: QueryRefreshMode): string {
  const key = tableReadKey(binding.tableName);
  return binding.kind === "query" && mode === "latest" ? `${key} (latest as CSV)` : key;
}

/**
 * What a table's read is expected to cost: its own last size, else (a query's table not yet read as CSV) what its
 * insert read as JSON, which the CSV of the same rows does not exceed: an upper bound until the first such read.
 */
export function bindingEstimate(
  session: TableRefreshDeps["session"],
  binding: TableBinding,
  mode: QueryRefreshMode,
): ReadEstimate | undefined {
  return session.estimateRead(bindingReadKey(binding, mode)) ?? session.estimateRead(tableReadKey(binding.tableName));
}

/** Where a binding's rows come from now. A re-run happens here, so its credits are spent only when reached. */
async function sourceOf(
  deps: TableRefreshDeps,
  b: TableBinding,
  mode: QueryRefreshMode,
  signal?: AbortSignal,
): Promise<BoundSource> {
  const client = deps.session.client();
  const partial: ResultParams = b.options?.partial === true ? { allow_partial_results: true } : {};
  if (b.kind === "dataset") {
    const names = datasetArgNames(String(b.id));
    const args = names.map((n) => String(b.args?.[n] ?? ""));
    return {
      source: { dataset: String(b.id), args } as Source,
      params: pick(b.params, ["filters", "sort_by", "columns", "limit"]),
    };
  }
  if (b.kind === "execution") return { source: { executionId: String(b.id) } as Source, params: partial };
  if (b.kind === "sql") return sqlSourceOf(deps.session, b, mode, signal);
  const parameters = (b.params ?? {}) as Record<string, QueryParameterValue>;
  // The table's own inputs: the latest run of exactly those (never whatever ran last), or a new run of them.
  if (mode === "latest") return { source: { queryId: Number(b.id), parameters } as Source, params: {} };
  const run = await client.run(Number(b.id), { parameters, performance: tierOf(b), signal, allowPartialResults: true });
  return {
    source: { executionId: run.executionId } as Source,
    params: run.partial ? { allow_partial_results: true } : {},
    executionId: run.executionId,
  };
}

/**
 * Refreshes every bound table, one after another (one writer at a time keeps Excel responsive and the
 * progress readable). A table that fails does not stop the others; each outcome says what happened.
 */
export async function refreshBoundTables(
  deps: TableRefreshDeps,
  options: RefreshTablesOptions,
): Promise<TableOutcome[]> {
  const bindings = listBindings(deps.settings);
  if (options.mode === "rerun") {
    const cost = rerunCost(bindings, (id, tier) => deps.session.estimateExecution(id, tier));
    if (cost.tables > 0 && !(await (options.confirmRerun?.(cost) ?? Promise.resolve(false)))) {
      return bindings.map((b) => ({
        tableName: b.tableName,
        status: "cancelled",
        rows: 0,
        message: "Not refreshed: re-run declined.",
      }));
    }
  }
  const outcomes: TableOutcome[] = [];
  for (const [index, binding] of bindings.entries()) {
    if (options.signal?.aborted) {
      outcomes.push({
        tableName: binding.tableName,
        status: "cancelled",
        rows: 0,
        message: "Not refreshed: cancelled.",
      });
      continue;
    }
    options.onTable?.(index, bindings.length, binding);
    outcomes.push(await refreshOne(deps, binding, options));
  }
  return outcomes;
}

/**
 * How a table's read is held to its cost: within the user's cap per request, raised to its last size plus the growth
 * allowance where that is known (the pane's Refresh All listed that cost and was confirmed; the ribbon's opens the pane
 * for the same confirmation, so no refresh of a table goes unconfirmed).
 */
function readLimits(
  deps: TableRefreshDeps,
  binding: TableBinding,
  options: RefreshTablesOptions,
): { capCredits: number } {
  const estimate = bindingEstimate(deps.session, binding, options.mode);
  const known = estimate ? roundUpCredits(estimate.credits * (1 + GROWTH_ALLOWANCE)) + 0.01 : 0;
  return { capCredits: Math.max(deps.session.billing.settings.maxCredits, known) };
}

async function refreshOne(
  deps: TableRefreshDeps,
  binding: TableBinding,
  options: RefreshTablesOptions,
): Promise<TableOutcome> {
  const name = binding.tableName;
  try {
    deps.session.client(); // signed out: say how to sign in, not what it would have cost
    const limits = readLimits(deps, binding, options);
    const { source, params, executionId } = await sourceOf(deps, binding, options.mode, options.signal);
    const usage = deps.session.usage;
    const meter = deps.session.meterRead(bindingReadKey(binding, options.mode), {
      ...limits,
      where: "pane",
      limit: (params as ResultParams).limit,
    });
    meter.check();
    const paged = await openPagedRows(
      deps.session,
      source,
      { ...params, headers: false, onDatapoints: (n) => usage.recordDatapoints(n), meter },
      () => deps.clock.now(),
    );
    const provenance = refreshedSource(binding, { executionId }, paged, deps.clock.now());
    const caption = binding.options?.caption === true ? captionOf(provenance, deps.settings) : undefined;
    const result = await replaceTableRows(deps.run, binding, paged.batches, {
      ...(caption !== undefined ? { caption } : {}),
      numberFormats: paged.numberFormats.length > 0 ? paged.numberFormats : undefined,
      totalRows: paged.totalRows,
      signal: options.signal,
      onProgress: options.onRows,
      now: () => new Date(deps.clock.now()),
    });
    const updated: TableBinding = executionId
      ? { ...result.binding, options: { ...result.binding.options, executionId } }
      : { ...result.binding };
    if (result.status === "complete") updated.source = storedSource(provenance);
    await saveBinding(deps.settings, updated, { now: deps.clock.now() });
    tableSourcesChanged();
    const rows = result.rowsWritten.toLocaleString("en-US");
    if (result.status === "cancelled")
      return {
        tableName: name,
        status: "cancelled",
        rows: result.rowsWritten,
        message: `${name}: cancelled after ${rows} rows (marked as incomplete).`,
      };
    const note = datasetOriginText(paged.origin, deps.clock.now());
    const outcome: TableOutcome = {
      tableName: name,
      status: "refreshed",
      rows: result.rowsWritten,
      message: `${name}: ${rows} rows.${note ? ` ${note}` : ""}`,
    };
    if (note) outcome.note = note;
    return outcome;
  } catch (error) {
    if (binding.kind === "query" && Object.keys(binding.params ?? {}).length > 0 && isNoResultError(error)) {
      const credits = formatCredits(deps.session.estimateExecution(Number(binding.id), tierOf(binding)));
      const rerun = `Tick "Re-run queries" to run query ${String(binding.id)} with them (${credits}).`;
      const message = `${name}: ${noResultForInputsText(binding.params ?? {}, rerun)}`;
      return { tableName: name, status: "no-result", rows: 0, message };
    }
    const noSqlResult = sqlResultGone(binding, options.mode, error);
    if (noSqlResult !== undefined) return { tableName: name, status: "no-result", rows: 0, message: noSqlResult };
    return { tableName: name, status: "failed", rows: 0, message: `${name}: ${paneMessage(error)}` };
  }
}
