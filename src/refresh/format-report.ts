import { describePlan, formatCredits } from "../billing";
import type { RefreshReport } from "./report";

const n = (x: number) => x.toLocaleString("en-US");

function rows(before: number, after: number | undefined): string {
  return after === undefined ? `${n(before)} row${before === 1 ? "" : "s"}` : `rows ${n(before)} → ${n(after)}`;
}

function range(before: string, after: string | undefined): string {
  return after === undefined || after === before ? before : `${before} → ${after}`;
}

/** The report for a person reading a terminal or a scheduler's log. */
export function formatReport(r: RefreshReport): string {
  const lines: string[] = [];
  const budget = r.budget === undefined ? "no budget" : `budget ${formatCredits(r.budget)}`;
  lines.push(`Refresh of ${r.file} at ${r.at}: plan ${describePlan(r.plan)}, --rerun ${r.rerun}, ${budget}.`);
  const runs = r.runs.filter((x) => x.status !== "skipped" || x.message).length;
  const reads = r.reads.filter((x) => x.status !== "skipped").length;
  lines.push(
    `Estimate: ${formatCredits(r.estimate.executions)} for executions, ${formatCredits(r.estimate.reads)} for ${reads} read${reads === 1 ? "" : "s"}; total ${formatCredits(r.estimate.total)}.`,
  );
  if (runs > 0) lines.push("Runs:");
  for (const x of r.runs) {
    const cost = x.credits !== undefined ? formatCredits(x.credits) : `~${formatCredits(x.estimatedCredits)}`;
    const id = x.executionId ? ` ${x.executionId}` : "";
    const why = x.message ? `: ${x.message}` : "";
    lines.push(
      `  query ${x.queryId} ${JSON.stringify(x.parameters)} ${x.performance} (${x.reason}): ${x.status}${id}, ${cost}${why}`,
    );
  }
  if (r.reads.length > 0) lines.push("Reads:");
  for (const x of r.reads) {
    const est = `~${n(x.estimatedBytes)} bytes (${x.basis}), ~${formatCredits(x.estimatedCredits)}`;
    const got = x.bytes !== undefined ? `; ${n(x.bytes)} bytes, ${formatCredits(x.credits ?? 0)}` : "";
    lines.push(`  ${x.request}: ${x.status}, ${est}${got}${x.message ? `: ${x.message}` : ""}`);
  }
  if (r.cells.length > 0) lines.push("Cells:");
  for (const c of r.cells) {
    const msg = c.message ? ` ${c.message}` : "";
    lines.push(
      `  ${c.cell} ${c.function}: ${c.status}, ${rows(c.rowsBefore, c.rowsAfter)}, ${range(c.rangeBefore, c.rangeAfter)}.${msg}`,
    );
  }
  if (r.tables.length > 0) lines.push("Tables:");
  for (const t of r.tables) {
    const msg = t.message ? ` ${t.message}` : "";
    lines.push(
      `  ${t.table} (${t.sheet}, ${t.source}): ${t.status}, ${rows(t.rowsBefore, t.rowsAfter)}, ${range(t.rangeBefore, t.rangeAfter)}.${msg}`,
    );
  }
  const recomputed = r.dependents.filter((d) => d.status === "recomputed").map((d) => d.cell);
  if (recomputed.length > 0) lines.push(`Recomputed: ${recomputed.join(", ")}.`);
  for (const d of r.dependents.filter((x) => x.status === "left to Excel"))
    lines.push(`Left to Excel's calculation on open: ${d.cell} (${d.message ?? ""}).`);
  if (!r.dryRun) {
    lines.push(
      `Spent: ${formatCredits(r.spent.executions)} for executions, ${formatCredits(r.spent.reads)} for reads (${n(r.bytesRead)} bytes in ${n(r.requests)} requests); total ${formatCredits(r.spent.total)}.`,
    );
  }
  if (r.settings.length > 0) lines.push(`Add-in settings written: ${r.settings.join(", ")}.`);
  if (r.written && r.parts) {
    const parts = [...r.parts.changed, ...r.parts.added.map((p) => `+${p}`), ...r.parts.dropped.map((p) => `-${p}`)];
    lines.push(`Written: ${r.written} (${parts.join(", ") || "no part changed"}).`);
  }
  if (r.snapshot !== undefined)
    lines.push(`Snapshot: the refreshed results, as values with their sources, on sheet "${r.snapshot}".`);
  for (const note of r.notes) lines.push(`Note: ${note}`);
  lines.push(r.summary);
  return lines.join("\n");
}
