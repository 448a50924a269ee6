import { addCredits, estimateExecutionCredits, reportedExecutionCredits, subtractCredits } from "../billing";
import { isNetworkError, isUnauthorizedError, type ExecutionStatus } from "../client";
import { cellFailure, fetchTable, resultsRequest, type FetchOutcome, type QueryRun } from "../service-cells";
import type { Session } from "../session";
import type { Meter } from "./metered-fetch";
import type { Plan, ReadJob, RunJob } from "./plan-types";

export interface RunOutcome {
  status: "ran" | "failed" | "skipped";
  run?: QueryRun;
  credits?: number;
  message?: string;
}

export interface ReadOutcome {
  status: "read" | "failed" | "skipped";
  outcome?: FetchOutcome;
  bytes?: number;
  credits?: number;
  /** The run whose result it read (SERVICE.QUERY and re-run tables). */
  executionId?: string;
  error?: unknown;
  message?: string;
}

export interface Execution {
  runs: Map<string, RunOutcome>;
  reads: Map<string, ReadOutcome>;
  /** SERVICE.STATUS cells' executions (a status costs nothing). */
  statuses: Map<string, { status: ExecutionStatus } | { error: unknown }>;
  spentExecutions: number;
  /** The service cannot be reached or refused the key: everything after it was left undone. */
  fatal?: string;
}

export interface ExecuteContext {
  /** The add-in's session over the refresh's key, address and metered fetch: reads go where the add-in's would. */
  session: Session;
  meter: Meter;
  now: () => number;
  budget?: number;
  /** The most bytes of cell values a SERVICE cell may show (the add-in's spill limit). */
  spillLimitBytes: number;
  log: (line: string) => void;
}

function fatalMessage(error: unknown): string | undefined {
  if (isUnauthorizedError(error))
    return error.ownWords
      ? `The key in SERVICE_API_KEY was refused: ${error.ownWords}`
      : "The service refused the key in SERVICE_API_KEY (401 invalid API key): check it.";
  if (isNetworkError(error)) return `The service could not be reached: ${cellFailure(error).message}`;
  return undefined;
}

/**
 * Runs the plan's executions, then its reads, one at a time (so each read's bytes are its own), stopping an item
 * that would take the credits spent past the budget (estimates can be low) and everything once the service is
 * unreachable or refuses the key.
 */
export async function executePlan(plan: Plan, ctx: ExecuteContext): Promise<Execution> {
  const ex: Execution = { runs: new Map(), reads: new Map(), statuses: new Map(), spentExecutions: 0 };
  const spent = () => addCredits(ex.spentExecutions, ctx.meter.readCredits);
  const over = (estimate: number) =>
    ctx.budget !== undefined && addCredits(spent(), estimate) > ctx.budget
      ? `not started: with ${spent()} credits spent, its estimate of ${estimate} would pass the budget of ${ctx.budget}`
      : undefined;
  for (const job of [...plan.runs.values()].filter((r) => r.planned)) {
    if (ex.fatal) break;
    const refusal = over(job.estimatedCredits);
    if (refusal) ex.runs.set(job.runKey, { status: "skipped", message: refusal });
    else ex.runs.set(job.runKey, await runOne(job, ctx, ex));
  }
  for (const job of plan.reads.values()) {
    if (ex.fatal || job.unchanged) continue;
    const refusal = over(job.credits);
    if (refusal) ex.reads.set(job.id, { status: "skipped", message: refusal });
    else ex.reads.set(job.id, await readOne(job, plan, ctx, ex));
  }
  for (const cell of plan.cells) {
    const work = cell.work;
    if (ex.fatal || cell.hold || work?.kind !== "status" || ex.statuses.has(work.executionId)) continue;
    try {
      ex.statuses.set(work.executionId, { status: await ctx.session.client().status(work.executionId) });
    } catch (error) {
      ex.fatal = fatalMessage(error);
      ex.statuses.set(work.executionId, { error });
    }
  }
  return ex;
}

async function runOne(job: RunJob, ctx: ExecuteContext, ex: Execution): Promise<RunOutcome> {
  ctx.log(`Running query ${job.queryId} ${JSON.stringify(job.parameters)} (${job.reason})…`);
  try {
    const result = await ctx.session.client().run(job.queryId, {
      parameters: job.parameters,
      performance: job.performance,
      allowPartialResults: true,
    });
    const credits =
      reportedExecutionCredits(result.status) ?? estimateExecutionCredits({ performance: job.performance });
    ex.spentExecutions = addCredits(ex.spentExecutions, credits);
    const expiresAt = Date.parse(result.status.expires_at ?? "");
    const run: QueryRun = {
      executionId: result.executionId,
      finishedAt: ctx.now(),
      ...(Number.isFinite(expiresAt) ? { expiresAt } : {}),
    };
    return { status: "ran", run, credits };
  } catch (error) {
    ex.fatal = fatalMessage(error);
    return { status: "failed", message: cellFailure(error).message };
  }
}

async function readOne(job: ReadJob, plan: Plan, ctx: ExecuteContext, ex: Execution): Promise<ReadOutcome> {
  let request = job.request;
  let executionId: string | undefined;
  if (job.fromRun) {
    const ran = ex.runs.get(job.fromRun.runKey);
    const run = plan.runs.get(job.fromRun.runKey);
    if (ran && ran.status !== "ran")
      return {
        status: "skipped",
        message: `its run ${ran.status === "failed" ? "failed" : "was not started"}: ${ran.message ?? ""}`.trim(),
      };
    executionId = ran?.run?.executionId ?? run?.remembered?.executionId;
    if (!executionId) return { status: "skipped", message: "no run to read" };
    request = resultsRequest(executionId, [], job.fromRun.options);
  }
  const table = job.shownBy.some((s) => s.startsWith("table "));
  const [bytes, credits] = [ctx.meter.readBytes, ctx.meter.readCredits];
  ctx.log(`Reading ${job.label}…`);
  try {
    // No cap per request here: the plan was priced whole and held to --budget job by job above.
    const outcome = await fetchTable(ctx.session, request!, table ? Infinity : ctx.spillLimitBytes, ctx.now, {
      capCredits: Infinity,
    });
    return {
      status: "read",
      outcome,
      bytes: ctx.meter.readBytes - bytes,
      credits: subtractCredits(ctx.meter.readCredits, credits),
      ...(executionId ? { executionId } : {}),
    };
  } catch (error) {
    ex.fatal = fatalMessage(error);
    return {
      status: "failed",
      error,
      message: cellFailure(error).message,
      bytes: ctx.meter.readBytes - bytes,
      credits: subtractCredits(ctx.meter.readCredits, credits),
    };
  }
}
