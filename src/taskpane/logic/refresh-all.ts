import type { RefreshFailure, RefreshSummary } from "../../functions";
import type { PaneDeps } from "./deps";
import { paneMessage } from "./messages";
import { type RefreshTablesOptions, type TableOutcome, refreshBoundTables } from "./refresh-tables";

export interface RefreshAllResult {
  /**
   * SERVICE.* cells: refreshed, not available (functions bundle absent), or failed with a message; `failures`: the
   * requests whose refresh failed (their cells keep the rows they had where they had any); `held` requests were not
   * fetched for their cost (their cells keep their values; the Report tab or the cells say why).
   */
  functions: {
    status: "refreshed" | "unavailable" | "failed";
    message?: string;
    failures?: RefreshFailure[];
    held?: number;
    requests?: number;
  };
  tables: TableOutcome[];
}

/** The failed requests the functions' refresh reports, if its answer has them (a fake may answer anything). */
function failuresOf(answer: unknown): RefreshFailure[] {
  const failures = (answer as { failures?: unknown } | null | undefined)?.failures;
  return Array.isArray(failures) ? (failures as RefreshFailure[]) : [];
}

/**
 * "2 SERVICE requests (3 cells) could not be refreshed and keep their values: DATASET … (2 cells, showing data
 * fetched 2026-03-01 10:00 UTC): Cannot reach the service …".
 */
export function functionFailuresText(failures: readonly RefreshFailure[]): string {
  const cells = failures.reduce((n, f) => n + f.cells, 0);
  const kept = failures.every((f) => f.kept)
    ? "keep their values"
    : failures.some((f) => f.kept)
      ? "keep their values where they had any"
      : "say why";
  const each = failures.map((f) => {
    const when = f.kept && f.fetchedAt !== undefined ? `, showing data fetched ${utcText(f.fetchedAt)}` : "";
    return `${f.label} (${plural(f.cells, "cell")}${when}): ${f.message.replace(/\.$/, "")}`;
  });
  return `${plural(failures.length, "SERVICE request")} (${plural(cells, "cell")}) could not be refreshed and ${kept}: ${each.join("; ")}`;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

function utcText(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export type RefreshAllDeps = Pick<PaneDeps, "session" | "run" | "settings" | "clock" | "refreshFunctions">;

/**
 * Refresh All, for the pane button and the ribbon command alike: every SERVICE.* cell (the functions' own
 * refresh, which refetches their cached requests) and then every bound table, once the user confirmed its price (the
 * ribbon's command opens the pane for that). Never throws: the outcome says what failed.
 */
export async function refreshAll(deps: RefreshAllDeps, options: RefreshTablesOptions): Promise<RefreshAllResult> {
  let functions: RefreshAllResult["functions"] = { status: "unavailable" };
  if (deps.refreshFunctions) {
    try {
      const summary = (await deps.refreshFunctions("manual")) as Partial<RefreshSummary> | undefined;
      const failures = failuresOf(summary);
      functions = failures.length > 0 ? { status: "failed", failures } : { status: "refreshed" };
      if (summary?.held) functions.held = summary.held;
      if (summary?.requests !== undefined) functions.requests = summary.requests;
    } catch (error) {
      functions = { status: "failed", message: paneMessage(error) };
    }
  }
  let tables: TableOutcome[];
  try {
    tables = await refreshBoundTables(deps, options);
  } catch (error) {
    tables = [{ tableName: "(tables)", status: "failed", rows: 0, message: paneMessage(error) }];
  }
  return { functions, tables };
}

/** One line for the status area and the ribbon's notification: what was refreshed, and what was not and why. */
export function refreshSummary(result: RefreshAllResult): string {
  const parts: string[] = [];
  const held = result.functions.held ?? 0;
  // Held by the automatic budget: listed with why in the Report tab (the cells stay as they were); over a cap: the
  // cells say why on their first header cell.
  const heldText = `${held} request${held === 1 ? "" : "s"} held for ${held === 1 ? "its" : "their"} cost (the Report tab or ${held === 1 ? "its" : "their"} cells say why)`;
  if (result.functions.status === "refreshed")
    parts.push(held > 0 ? `SERVICE cells refreshed, except ${heldText}` : "SERVICE cells refreshed");
  const failures = result.functions.failures ?? [];
  if (failures.length > 0) {
    parts.push(functionFailuresText(failures));
    if (held > 0) parts.push(`${heldText.charAt(0).toUpperCase()}${heldText.slice(1)}`);
  } else if (result.functions.status === "failed")
    parts.push(`SERVICE cells failed: ${result.functions.message ?? ""}`);
  const done = result.tables.filter((t) => t.status === "refreshed").length;
  const failed = result.tables.filter((t) => t.status === "failed").length;
  const cancelled = result.tables.filter((t) => t.status === "cancelled").length;
  const skipped = result.tables.filter((t) => t.status === "skipped");
  const noResult = result.tables.filter((t) => t.status === "no-result");
  if (result.tables.length === 0) parts.push("no bound tables");
  else parts.push(`${done} of ${result.tables.length} table${result.tables.length === 1 ? "" : "s"} refreshed`);
  if (failed) parts.push(`${failed} failed`);
  if (cancelled) parts.push(`${cancelled} not refreshed`);
  // Each says its inputs and the re-run that would give it rows of them.
  if (noResult.length) parts.push(noResult.map((t) => t.message).join("; "));
  if (skipped.length) parts.push(`skipped ${skipped.map((t) => t.message).join("; ")}`);
  const line = parts.join("; ");
  return line.charAt(0).toUpperCase() + line.slice(1) + (line.endsWith(".") ? "" : ".");
}
