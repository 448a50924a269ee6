import type { RefreshFailure } from "../../functions";
import type { PaneDeps } from "./deps";
import { paneMessage } from "./messages";
import { type RefreshTablesOptions, type TableOutcome, refreshBoundTables } from "./refresh-tables";

export interface RefreshAllResult {
  /**
   * SERVICE.* cells: refreshed, not available (functions bundle absent), or failed with a message; `failures`: the
   * requests whose refresh failed (their cells keep the rows they had where they had any).
   */
  functions: { status: "refreshed" | "unavailable" | "failed"; message?: string; failures?: RefreshFailure[] };
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
 * refresh, which refetches their cached requests) and then every bound table. Never throws: the outcome says
 * what failed, so a ribbon command can always complete its event.
 */
export async function refreshAll(deps: RefreshAllDeps, options: RefreshTablesOptions): Promise<RefreshAllResult> {
  let functions: RefreshAllResult["functions"] = { status: "unavailable" };
  if (deps.refreshFunctions) {
    try {
      const failures = failuresOf(await deps.refreshFunctions());
      functions = failures.length > 0 ? { status: "failed", failures } : { status: "refreshed" };
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

/** One line for the status area and the ribbon's notification. */
export function refreshSummary(result: RefreshAllResult): string {
  const parts: string[] = [];
  if (result.functions.status === "refreshed") parts.push("SERVICE cells refreshed");
  const failures = result.functions.failures ?? [];
  if (failures.length > 0) parts.push(functionFailuresText(failures));
  else if (result.functions.status === "failed") parts.push(`SERVICE cells failed: ${result.functions.message ?? ""}`);
  const done = result.tables.filter((t) => t.status === "refreshed").length;
  const failed = result.tables.filter((t) => t.status === "failed").length;
  const cancelled = result.tables.filter((t) => t.status === "cancelled").length;
  if (result.tables.length === 0) parts.push("no bound tables");
  else parts.push(`${done} of ${result.tables.length} table${result.tables.length === 1 ? "" : "s"} refreshed`);
  if (failed) parts.push(`${failed} failed`);
  if (cancelled) parts.push(`${cancelled} not refreshed`);
  const line = parts.join("; ");
  return line.charAt(0).toUpperCase() + line.slice(1) + ".";
}
