import type { UsageController } from "../logic/usage-controller";
import { act } from "./act";
import { count, h, when } from "./dom";

/** Credits spent and datapoints fetched, for this session and for this workbook. */
export function usageView(doc: Document, usage: UsageController): HTMLElement {
  const cells = {
    sessionCredits: h(doc, "td", {}),
    sessionPoints: h(doc, "td", {}),
    workbookCredits: h(doc, "td", {}),
    workbookPoints: h(doc, "td", {}),
  };
  const since = h(doc, "div", { class: "svc-hint" });
  const reset = h(
    doc,
    "button",
    { type: "button", class: "svc-link", onclick: act("resetting the workbook's usage", () => usage.resetWorkbook()) },
    "Reset workbook totals",
  );
  usage.store.subscribe((s) => {
    cells.sessionCredits.textContent = count(s.session.creditsSpent);
    cells.sessionPoints.textContent = count(s.session.datapointsFetched);
    cells.workbookCredits.textContent = count(s.workbook.creditsSpent);
    cells.workbookPoints.textContent = count(s.workbook.datapointsFetched);
    since.textContent = `Workbook totals since ${when(s.workbook.since)}; kept in the workbook.`;
  });
  const th = (text: string, scope: "col" | "row") => h(doc, "th", { scope }, text);
  return h(
    doc,
    "section",
    { "aria-label": "Usage" },
    h(doc, "h2", {}, "Usage"),
    h(
      doc,
      "table",
      { class: "svc-usage" },
      h(doc, "thead", {}, h(doc, "tr", {}, h(doc, "td", {}), th("Credits", "col"), th("Datapoints", "col"))),
      h(
        doc,
        "tbody",
        {},
        h(doc, "tr", {}, th("This session", "row"), cells.sessionCredits, cells.sessionPoints),
        h(doc, "tr", {}, th("This workbook", "row"), cells.workbookCredits, cells.workbookPoints),
      ),
    ),
    since,
    reset,
  );
}
