import { estimateExecutionCredits, readCredits, type BillingPlan } from "../billing";
import { cellFailure, freshness, type QueryCell, type QueryRun, type RefreshTimes } from "../service-cells";
import { isCellError, type XlsxValue } from "../xlsx";
import type { CellWork } from "./cell-work";
import { estimateFromCached, type ReadEstimate } from "./estimate";
import type { CellPlan, Plan, ReadJob, RunJob } from "./plan-types";

export type Rerun = "none" | "stale" | "all";

export interface CellPlanContext {
  plan: BillingPlan;
  rerun: Rerun;
  now: number;
  times: RefreshTimes;
  remembered: (runKey: string) => QueryRun | undefined;
}

/** Whether the file holds a result for the cell (not an error, not nothing). */
export function showsResult(cached: readonly (readonly XlsxValue[])[]): boolean {
  const v = cached[0]?.[0] ?? null;
  return !(cached.length === 1 && cached[0].length === 1 && (v === null || isCellError(v)));
}

function job(plan: Plan, id: string, make: () => ReadJob, address: string, needed: boolean): ReadJob {
  let found = plan.reads.get(id);
  if (!found) plan.reads.set(id, (found = make()));
  found.shownBy.push(address);
  if (needed) delete found.unchanged;
  return found;
}

function priced(estimate: ReadEstimate, billing: BillingPlan): { estimate: ReadEstimate; credits: number } {
  return { estimate, credits: readCredits(estimate.bytes, billing) };
}

/** A DATASET or RESULTS cell: one read per canonical request (a stored execution's result is read only when missing). */
function planRead(plan: Plan, cell: CellPlan, work: Extract<CellWork, { kind: "read" }>, ctx: CellPlanContext): void {
  const { request } = work;
  const stored = request.source.kind === "execution";
  const needed = !(stored && showsResult(cell.cell.cached));
  const last = ctx.times.requests[request.key]?.bytes;
  const format = request.source.kind === "query" ? "csv" : "json";
  const estimate: ReadEstimate =
    last !== undefined
      ? { bytes: last, basis: "last refresh" }
      : estimateFromCached(cell.cell.cached, { header: work.render.headers, format });
  const read = job(
    plan,
    request.key,
    () => ({
      id: request.key,
      label: request.key,
      request,
      format,
      ...priced(estimate, ctx.plan),
      shownBy: [],
      ...(stored ? { unchanged: "a stored execution's result never changes, and the file already shows it" } : {}),
    }),
    cell.address,
    needed,
  );
  cell.readId = read.id;
}

const reasons = { none: "not run yet", expired: "its stored result expired", stale: "older than its max_age_hours" };

/** The run a SERVICE.QUERY parameter set needs (or would need), shared by every cell that shows it. */
function runFor(plan: Plan, runKey: string, query: QueryCell, ctx: CellPlanContext, address: string): RunJob {
  let run = plan.runs.get(runKey);
  if (!run) {
    const remembered = ctx.remembered(runKey);
    const lastCost = ctx.times.queries[runKey]?.executionCredits;
    run = {
      runKey,
      queryId: query.queryId,
      parameters: query.parameters,
      performance: query.performance,
      reason: "",
      estimatedCredits: estimateExecutionCredits({ performance: query.performance, lastCost }),
      shownBy: [],
      ...(remembered ? { remembered } : {}),
      planned: false,
    };
    plan.runs.set(runKey, run);
  }
  run.shownBy.push(address);
  // The strictest max_age_hours of its cells decides, as in the pane's Report.
  const fresh = freshness(run.remembered, query.maxAgeHours, ctx.now);
  if (ctx.rerun === "all") [run.planned, run.reason] = [true, "--rerun all"];
  else if (fresh !== "current" && (!run.planned || run.reason === "")) {
    run.reason = fresh === "stale" ? `${reasons.stale} (${query.maxAgeHours} h)` : reasons[fresh];
    run.planned = ctx.rerun === "stale";
  }
  return run;
}

function planQuery(plan: Plan, cell: CellPlan, work: Extract<CellWork, { kind: "query" }>, ctx: CellPlanContext): void {
  const run = runFor(plan, work.runKey, work.query, ctx, cell.address);
  const usable = run.remembered && freshness(run.remembered, undefined, ctx.now) !== "expired";
  if (!run.planned && !usable) {
    cell.hold = {
      message: `${run.reason === reasons.none ? "Not run yet" : "Its last run's result expired"} for these inputs; --rerun stale (or all) runs it.`,
      failed: false,
    };
    return;
  }
  const time = ctx.times.queries[work.runKey];
  const alreadyShown =
    !run.planned && time?.executionId === run.remembered?.executionId && showsResult(cell.cell.cached);
  const options = work.query.options;
  const id = `run:${work.runKey}:${JSON.stringify(options.server)}`;
  const estimate: ReadEstimate =
    time?.bytes !== undefined
      ? { bytes: time.bytes, basis: "last refresh" }
      : estimateFromCached(cell.cell.cached, { header: options.render.headers, format: "json" });
  const read = job(
    plan,
    id,
    () => ({
      id,
      label: `query ${work.query.queryId} ${JSON.stringify(work.query.parameters)}`,
      fromRun: { runKey: work.runKey, options },
      format: "json",
      ...priced(estimate, ctx.plan),
      shownBy: [],
      unchanged: "the file already shows the run these inputs remember",
    }),
    cell.address,
    !alreadyShown,
  );
  cell.readId = read.id;
}

/** Files the cell's work under the plan's reads and runs. */
export function planCell(plan: Plan, cell: CellPlan, ctx: CellPlanContext): void {
  const work = cell.work;
  if (!work || cell.hold) return;
  if (work.kind === "read") planRead(plan, cell, work, ctx);
  else if (work.kind === "query") planQuery(plan, cell, work, ctx);
}

/** A cell whose arguments the add-in would refuse: held, with the add-in's own message. */
export function heldByError(error: unknown): { message: string; failed: boolean } {
  return { message: cellFailure(error).message, failed: true };
}
