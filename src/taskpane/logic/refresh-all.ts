import type { RefreshSummary } from "../../functions";
import type { PaneDeps } from "./deps";
import { paneMessage } from "./messages";
import { type RefreshTablesOptions, type TableOutcome, refreshBoundTables } from "./refresh-tables";

export interface RefreshAllResult {
  /**
   * SERVICE.* cells: refreshed, not available (functions bundle absent), or failed with a message; `held` requests
   * were not fetched for their cost (their cells keep their values and say why).
   */
  functions: { status: "refreshed" | "unavailable" | "failed"; message?: string; held?: number; requests?: number };
  tables: TableOutcome[];
}

export type RefreshAllDeps = Pick<PaneDeps, "session" | "run" | "settings" | "clock" | "refreshFunctions">;

/**
 * Refresh All, for the pane button and the ribbon command alike: every SERVICE.* cell (the functions' own
 * refresh, which refetches their cached requests) and then every bound table. With `automatic` (the ribbon, which
 * cannot ask) only what today's automatic budget has room for is fetched. Never throws: the outcome says what
 * failed, so a ribbon command can always complete its event.
 */
export async function refreshAll(deps: RefreshAllDeps, options: RefreshTablesOptions): Promise<RefreshAllResult> {
  let functions: RefreshAllResult["functions"] = { status: "unavailable" };
  if (deps.refreshFunctions) {
    try {
      const summary = (await deps.refreshFunctions(options.automatic ? "ribbon" : "manual")) as
        Partial<RefreshSummary> | undefined;
      functions = { status: "refreshed" };
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
  if (result.functions.status === "refreshed")
    parts.push(
      held > 0
        ? `SERVICE cells refreshed, except ${held} request${held === 1 ? "" : "s"} held for ${held === 1 ? "its" : "their"} cost (${held === 1 ? "its cells say" : "their cells say"} why)`
        : "SERVICE cells refreshed",
    );
  if (result.functions.status === "failed") parts.push(`SERVICE cells failed: ${result.functions.message ?? ""}`);
  const done = result.tables.filter((t) => t.status === "refreshed").length;
  const failed = result.tables.filter((t) => t.status === "failed").length;
  const cancelled = result.tables.filter((t) => t.status === "cancelled").length;
  const skipped = result.tables.filter((t) => t.status === "skipped");
  if (result.tables.length === 0) parts.push("no bound tables");
  else parts.push(`${done} of ${result.tables.length} table${result.tables.length === 1 ? "" : "s"} refreshed`);
  if (failed) parts.push(`${failed} failed`);
  if (cancelled) parts.push(`${cancelled} not refreshed`);
  if (skipped.length) parts.push(`skipped ${skipped.map((t) => t.message).join("; ")}`);
  const line = parts.join("; ");
  return line.charAt(0).toUpperCase() + line.slice(1) + (line.endsWith(".") ? "" : ".");
}
