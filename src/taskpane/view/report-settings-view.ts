import type { HeldRefresh } from "../../functions";
import type { ReportController } from "../logic/report-controller";
import { OPEN_BEHAVIOURS, type OpenBehaviour } from "../logic/open-behaviour";
import { act } from "./act";
import { field, h, replaceChildren } from "./dom";

const credits = (n: number): string => n.toLocaleString("en-US", { maximumFractionDigits: 2 });

function heldItem(doc: Document, held: HeldRefresh): HTMLElement {
  const where = held.cells.length > 0 ? ` (${held.cells.join(", ")})` : "";
  return h(
    doc,
    "li",
    {},
    h(doc, "strong", {}, `${held.what}${where}`),
    h(doc, "div", { class: "svc-hint" }, held.message),
  );
}

/**
 * The Report tab's per-workbook settings: the one daily credit budget for everything automatic (scheduled dataset
 * refreshes, refresh and re-runs on open, `run=on_change` cells; 0 = nothing automatic
 * spends) with today's spending and what work going now holds, the SERVICE cells whose automatic refresh was held,
 * and what the workbook does when it opens.
 */
export function reportSettingsView(doc: Document, report: ReportController): HTMLElement {
  const budget = h(doc, "input", { type: "number", min: 0, step: "any", inputmode: "decimal" });
  const save = h(doc, "button", { type: "button" }, "Set budget");
  const spent = h(doc, "p", { class: "svc-hint", "aria-live": "polite" });
  const heldList = h(doc, "ul", { class: "svc-held", "aria-label": "Held automatic refreshes" });
  const heldTitle = h(doc, "h3", {}, "Held automatic refreshes");
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
    const b = s.budget;
    spent.textContent = b
      ? `Spent today: ${credits(b.spentToday)} of ${credits(b.creditsPerDay)} credits` +
        (b.reserved > 0 ? `; ${credits(b.reserved)} held for work going now.` : ".") +
        " Counted for you across reloads and copies of this file."
      : "Available once the SERVICE functions are loaded.";
    replaceChildren(heldList, ...s.held.map((held) => heldItem(doc, held)));
    heldTitle.hidden = heldList.hidden = s.held.length === 0;
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
        "Daily credit budget for automatic refreshes and runs",
        budget,
        "Scheduled dataset refreshes, refresh and re-runs on open, and run=on_change cells spend at most this per day (Refresh All, from the pane or the ribbon, is priced and confirmed instead); 0 means nothing automatic spends.",
      ),
      save,
    ),
    spent,
    heldTitle,
    heldList,
    field(doc, "When this workbook opens", onOpen),
  );
}
