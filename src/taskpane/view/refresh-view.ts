import type { InsertController } from "../logic/insert-controller";
import type { RefreshController } from "../logic/refresh-controller";
import type { ReportController } from "../logic/report-controller";
import { act } from "./act";
import { h } from "./dom";

/**
 * Refresh All: SERVICE.* cells and bound tables. Query-bound tables take their latest stored result unless
 * "Re-run queries" is ticked, which also runs the Report's needed SERVICE.QUERY inputs and sends the ranges uploaded
 * from this workbook again; that spends credits and is confirmed first (the controller asks, showing the total cost).
 */
export function refreshView(
  doc: Document,
  refresh: RefreshController,
  insert: InsertController,
  report: ReportController,
): HTMLElement {
  const rerun = h(doc, "input", { type: "checkbox" });
  const rerunLabel = h(doc, "span", {}, "Re-run queries");
  const button = h(doc, "button", { type: "button", class: "svc-primary" }, "Refresh all");
  const outcomes = h(doc, "ul", { class: "svc-hint", "aria-label": "Refresh results" });
  const updateCost = (): void => {
    const cost = refresh.rerunCost();
    const what = cost.uploads > 0 ? "Re-run queries, re-upload ranges" : "Re-run queries";
    rerunLabel.textContent =
      cost.tables + cost.queries + cost.uploads === 0
        ? `${what} (none to re-run)`
        : `${what} (${cost.credits} credits)`;
  };
  // The cost follows the workbook's bindings and the Report's needed runs: inserts, refreshes and cells change it.
  insert.store.subscribe((s) => s.phase === "complete" && updateCost());
  report.store.subscribe(() => updateCost());
  button.addEventListener(
    "click",
    act("Refresh All", () => refresh.refresh(rerun.checked ? "rerun" : "latest")),
  );
  refresh.store.subscribe((s) => {
    button.disabled = s.phase === "refreshing";
    updateCost();
    while (outcomes.firstChild) outcomes.removeChild(outcomes.firstChild);
    for (const o of s.outcomes.filter((x) => x.status !== "refreshed" || x.note))
      outcomes.appendChild(h(doc, "li", {}, o.message));
  });
  return h(
    doc,
    "div",
    { class: "svc-refresh" },
    h(doc, "div", { class: "svc-row" }, button, h(doc, "label", { class: "svc-choice" }, rerun, rerunLabel)),
    outcomes,
  );
}
