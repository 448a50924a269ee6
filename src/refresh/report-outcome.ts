import { EXIT_CODES, type ExitCode } from "./exit-codes";
import type { RefreshReport } from "./report";

/** The refresh stopped: nothing was written, for the reason given. */
export function refuse(report: RefreshReport, code: ExitCode, message: string): RefreshReport {
  return { ...report, exitCode: code, summary: message };
}

/**
 * The refresh ran to its end: 0 when every cell and table is current (refreshed, or already showing a result that
 * never changes), otherwise `incomplete` with the count of those that are not.
 */
export function finish(report: RefreshReport, done: string): RefreshReport {
  const behind = [...report.cells, ...report.tables].filter((i) => i.status === "failed" || i.status === "skipped");
  // A run needed and not made (not asked for, held by the budget, failed) leaves its cells showing an older result.
  const runsBehind = report.runs.filter((r) => r.status === "failed" || r.status === "skipped").length;
  if (behind.length === 0 && runsBehind === 0) return { ...report, exitCode: EXIT_CODES.fresh, summary: done };
  const failed = behind.filter((i) => i.status === "failed").length;
  const parts = [
    failed > 0 ? `${failed} failed` : "",
    behind.length - failed > 0 ? `${behind.length - failed} left as they were` : "",
  ].filter(Boolean);
  if (runsBehind > 0) parts.push(`${runsBehind} query run${runsBehind === 1 ? "" : "s"} needed and not made`);
  const what = `${behind.length} of ${report.cells.length + report.tables.length} SERVICE cells and tables are not current (${parts.join(", ")})`;
  return { ...report, exitCode: EXIT_CODES.incomplete, summary: `${done} ${what}: see below.` };
}
