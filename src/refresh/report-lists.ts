import type { Execution } from "./execute-plan";
import type { Plan } from "./plan-types";
import type { CellReport, ItemStatus, ReadReport, RunReport, TableReport } from "./report";

/** The runs the plan makes (or would, with another --rerun), with what came of them. */
export function runReports(plan: Plan, ex?: Execution): RunReport[] {
  return [...plan.runs.values()]
    .filter((r) => r.planned || r.reason !== "")
    .map((r) => {
      const done = ex?.runs.get(r.runKey);
      const status = done?.status ?? (r.planned ? (ex ? "skipped" : "planned") : "skipped");
      const message = done
        ? done.message
        : r.planned
          ? ex && "not started: the refresh stopped before it"
          : "not asked for: --rerun stale or all runs it";
      return {
        queryId: r.queryId,
        parameters: r.parameters,
        performance: r.performance,
        reason: r.reason,
        status,
        ...(done?.run ? { executionId: done.run.executionId } : {}),
        estimatedCredits: r.estimatedCredits,
        ...(done?.credits !== undefined ? { credits: done.credits } : {}),
        shownBy: r.shownBy,
        ...(message ? { message } : {}),
      };
    });
}

export function readReports(plan: Plan, ex?: Execution): ReadReport[] {
  return [...plan.reads.values()].map((r) => {
    const done = ex?.reads.get(r.id);
    const status: ReadReport["status"] = r.unchanged ? "skipped" : (done?.status ?? (ex ? "skipped" : "planned"));
    const message = r.unchanged ? `not read: ${r.unchanged}` : done?.message;
    return {
      request: r.label,
      estimatedBytes: r.estimate.bytes,
      basis: r.estimate.basis,
      estimatedCredits: r.unchanged ? 0 : r.credits,
      ...(done?.bytes !== undefined ? { bytes: done.bytes, credits: done.credits } : {}),
      status,
      shownBy: r.shownBy,
      ...(message ? { message } : {}),
    };
  });
}

/**
 * Cells and tables before anything is written: what the plan will do, or (`why`) why nothing was done; `outlook`
 * (a dry run's) adds what is known of a planned cell's spill (would or may be blocked), by cell.
 */
export function unwrittenReports(
  plan: Plan,
  why?: string,
  outlook: ReadonlyMap<string, string> = new Map(),
): { cells: CellReport[]; tables: TableReport[] } {
  const status = (held: { failed: boolean; unchanged?: boolean } | undefined): ItemStatus =>
    held ? (held.unchanged ? "unchanged" : held.failed ? "failed" : "skipped") : why ? "skipped" : "planned";
  const cells = plan.cells.map((c): CellReport => {
    const read = c.readId ? plan.reads.get(c.readId) : undefined;
    const unchanged = read?.unchanged;
    return {
      cell: c.address,
      function: c.fn,
      status: unchanged ? "unchanged" : status(c.hold),
      rowsBefore: c.cell.cached.length,
      rangeBefore: c.cell.spillRef,
      ...(read ? { source: read.label } : {}),
      ...(c.hold || unchanged || why || outlook.has(c.address)
        ? { message: c.hold?.message ?? (unchanged ? `Not read: ${unchanged}.` : (why ?? outlook.get(c.address))) }
        : {}),
    };
  });
  const tables = plan.tables.map((t): TableReport => ({
    table: t.binding.tableName,
    sheet: t.info?.sheet ?? t.binding.sheet,
    source: t.source,
    status: status(t.hold),
    rowsBefore: t.rowsBefore,
    rangeBefore: t.rangeBefore,
    ...(t.hold || why ? { message: t.hold?.message ?? why } : {}),
  }));
  return { cells, tables };
}
