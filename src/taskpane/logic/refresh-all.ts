import type { PaneDeps } from "./deps";
import { paneMessage } from "./messages";
import { type RefreshTablesOptions, type TableOutcome, refreshBoundTables } from "./refresh-tables";

export interface RefreshAllResult {
  /** SERVICE.* cells: refreshed, not available (functions bundle absent), or failed with a message. */
  functions: { status: "refreshed" | "unavailable" | "failed"; message?: string };
  tables: TableOutcome[];
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
      await deps.refreshFunctions();
      functions = { status: "refreshed" };
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
  if (result.functions.status === "failed") parts.push(`SERVICE cells failed: ${result.functions.message ?? ""}`);
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
