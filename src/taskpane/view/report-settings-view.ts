import type { ReportController } from "../logic/report-controller";
import { OPEN_BEHAVIOURS, type OpenBehaviour } from "../logic/open-behaviour";
import { act } from "./act";
import { field, h } from "./dom";

/**
 * The Report tab's per-workbook settings: the daily credit budget of automatic runs (`run=on_change` cells,
 * re-runs on open; 0 = never) with today's spending, and what the workbook does when it opens.
 */
export function reportSettingsView(doc: Document, report: ReportController): HTMLElement {
  const budget = h(doc, "input", { type: "number", min: 0, step: 1, inputmode: "numeric" });
  const save = h(doc, "button", { type: "button" }, "Set budget");
  const spent = h(doc, "p", { class: "svc-hint", "aria-live": "polite" });
  const onOpen = h(doc, "select", {}, ...OPEN_BEHAVIOURS.map((b) => h(doc, "option", { value: b.value }, b.label)));
  const apply = (): void => {
    const value = budget.value.trim() === "" ? Number.NaN : Number(budget.value);
    report.setBudget(value);
  };
  save.addEventListener("click", apply);
  budget.addEventListener("keydown", (e: KeyboardEvent) => e.key === "Enter" && apply());
  onOpen.addEventListener(
    "change",
    act("saving the open behaviour", () => report.setOnOpen(onOpen.value as OpenBehaviour)),
  );

  report.store.subscribe((s) => {
    if (doc.activeElement !== budget) budget.value = String(s.budget?.creditsPerDay ?? 0);
    budget.disabled = save.disabled = s.budget === undefined;
    spent.textContent = s.budget
      ? `Spent today: ${s.budget.spentToday} of ${s.budget.creditsPerDay} credits.`
      : "Available once the SERVICE functions are loaded.";
    onOpen.value = s.onOpen;
  });
  return h(
    doc,
    "div",
    {},
    h(doc, "h2", {}, "This workbook"),
    h(
      doc,
      "div",
      { class: "svc-row" },
      field(
        doc,
        "Daily credit budget for automatic runs",
        budget,
        "run=on_change cells and re-runs on open spend at most this per day; 0 means they never run.",
      ),
      save,
    ),
    spent,
    field(doc, "When this workbook opens", onOpen),
  );
}
