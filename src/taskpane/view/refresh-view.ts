import type { InsertController } from "../logic/insert-controller";
import type { RefreshController } from "../logic/refresh-controller";
import { h } from "./dom";

/**
 * Refresh All: SERVICE.* cells and bound tables. Query-bound tables take their latest stored result unless
 * "Re-run queries" is ticked, which spends credits and is confirmed first (the controller asks, showing cost).
 */
export function refreshView(doc: Document, refresh: RefreshController, insert: InsertController): HTMLElement {
  const rerun = h(doc, "input", { type: "checkbox" });
  const rerunLabel = h(doc, "span", {}, "Re-run queries");
  const button = h(doc, "button", { type: "button", class: "svc-primary" }, "Refresh all");
  const outcomes = h(doc, "ul", { class: "svc-hint", "aria-label": "Refresh results" });
  const updateCost = (): void => {
    const cost = refresh.rerunCost();
    rerunLabel.textContent =
      cost.tables === 0 ? "Re-run queries (no query tables yet)" : `Re-run queries (${cost.credits} credits)`;
  };
  // The cost follows the workbook's bindings: a new table insert or a refresh can change it.
  insert.store.subscribe((s) => s.phase === "complete" && updateCost());
  button.addEventListener("click", () => void refresh.refresh(rerun.checked ? "rerun" : "latest"));
  refresh.store.subscribe((s) => {
    button.disabled = s.phase === "refreshing";
    updateCost();
    while (outcomes.firstChild) outcomes.removeChild(outcomes.firstChild);
    for (const o of s.outcomes.filter((x) => x.status !== "refreshed"))
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
