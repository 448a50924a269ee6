import { addCredits, formatCredits } from "../../billing";
import { listBindings } from "../../excel";
import type { RefreshPlanItem } from "../../functions";
import type { PaneDeps } from "./deps";
import type { QueryRefreshMode } from "./refresh-tables";
import { bindingEstimate, rerunCredits, tierOf } from "./refresh-tables";
import { plannedReuploads } from "./upload/reupload";

/** One request Refresh All will make, with what it is expected to cost. */
export interface PlannedRequest {
  /** `upload`: a range sent again to the uploaded table it filled, replacing its rows. */
  kind: "read" | "run" | "upload";
  /** "DATASET dex ethereum (limit=20), 3 cells", "table Query_1002", "run query 1002 for table Query_1002". */
  what: string;
  /** Estimated credits; undefined when its size is not known yet (never read here). */
  credits?: number;
}

export interface RefreshPlan {
  items: PlannedRequest[];
  /** The known estimates added up. */
  total: number;
  /** Items whose cost is not known yet. */
  unknown: number;
}

export type RefreshPlanDeps = Pick<PaneDeps, "session" | "settings"> & {
  /** The SERVICE cells' requests and their estimates (absent without the functions). */
  refreshPlan?: () => RefreshPlanItem[];
};

/**
 * What Refresh All will do, priced: every SERVICE cell's request (its last size), every bound table's read (its last
 * size), and with re-runs the runs (their last reported cost, else their tier's price) and the Report's needed
 * SERVICE.QUERY runs, and the ranges uploaded from this workbook, each sent again (a Replace). Re-uploads come only
 * with re-runs: they spend credits and change a table others may query, so they wait for the box that allows
 * spending beyond reads. The confirmation lists it all before anything is spent.
 */
export function planRefresh(
  deps: RefreshPlanDeps,
  mode: QueryRefreshMode,
  neededRuns: readonly { what: string; credits: number }[] = [],
): RefreshPlan {
  const items: PlannedRequest[] = [];
  for (const cell of deps.refreshPlan?.() ?? []) {
    const what = `${cell.what}, ${cell.cells} cell${cell.cells === 1 ? "" : "s"}`;
    items.push({ kind: "read", what, ...(cell.estimate ? { credits: cell.estimate.credits } : {}) });
  }
  for (const binding of listBindings(deps.settings)) {
    const credits =
      mode === "rerun" ? rerunCredits(binding, (id, t) => deps.session.estimateExecution(id, t)) : undefined;
    if (credits !== undefined) {
      const tier = tierOf(binding);
      const run = binding.kind === "sql" ? "run its SQL" : `run query ${binding.id}`;
      items.push({ kind: "run", what: `${run} (${tier}) for table ${binding.tableName}`, credits });
    }
    const estimate = bindingEstimate(deps.session, binding, mode);
    items.push({
      kind: "read",
      what: `table ${binding.tableName}`,
      ...(estimate ? { credits: estimate.credits } : {}),
    });
  }
  for (const run of neededRuns) items.push({ kind: "run", what: run.what, credits: run.credits });
  if (mode === "rerun") for (const upload of plannedReuploads(deps.settings)) items.push({ kind: "upload", ...upload });
  const known = items.filter((i) => i.credits !== undefined);
  return {
    items,
    total: addCredits(...known.map((i) => i.credits!)),
    unknown: items.length - known.length,
  };
}

/** One line per request, for the confirmation. */
export function planLines(plan: RefreshPlan): string[] {
  return plan.items.map(
    (i) =>
      `${{ run: "Run", read: "Read", upload: "Re-upload" }[i.kind]}: ${i.what} — ${
        i.credits === undefined ? "size not known yet" : formatCredits(i.credits)
      }`,
  );
}

/** The confirmation's question. */
export function planQuestion(plan: RefreshPlan): string {
  const runs = plan.items.filter((i) => i.kind === "run").length;
  const uploads = plan.items.filter((i) => i.kind === "upload").length;
  const reads = plan.items.length - runs - uploads;
  const unknown =
    plan.unknown > 0
      ? ` plus ${plan.unknown} of unknown size (up to your cap per request each; their first rows tell)`
      : "";
  return (
    `Refresh All will make ${reads} read${reads === 1 ? "" : "s"}${runs ? ` and ${runs} run${runs === 1 ? "" : "s"}` : ""}` +
    (uploads ? ` and re-upload ${uploads} table${uploads === 1 ? "" : "s"} (replacing their rows)` : "") +
    ": " +
    `an estimated ${formatCredits(plan.total)}${unknown}. Go ahead?`
  );
}
