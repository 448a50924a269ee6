import type { ReportController } from "../logic/report-controller";
import { h } from "./dom";

/** The Report tab: what SERVICE.QUERY cells are waiting for, and one button that runs it all, its cost on it. */
export function reportView(doc: Document, report: ReportController): HTMLElement {
  const button = h(doc, "button", { type: "button", class: "svc-primary" }, "Run all needed");
  const list = h(doc, "ul", { class: "svc-hint", "aria-label": "Runs needed" });
  const status = h(doc, "p", { class: "svc-hint", role: "status", "aria-label": "Report status" });
  button.addEventListener("click", () => void report.runAllNeeded());
  report.store.subscribe((s) => {
    const n = s.needed.length;
    button.textContent =
      n === 0 ? "Run all needed" : `Run all needed (${n} run${n === 1 ? "" : "s"}, ${s.credits} credits)`;
    button.disabled = s.running || n === 0;
    while (list.firstChild) list.removeChild(list.firstChild);
    for (const run of s.needed) {
      const inputs = Object.entries(run.parameters)
        .map(([name, value]) => `${name}=${String(value)}`)
        .join(", ");
      list.appendChild(
        h(
          doc,
          "li",
          {},
          `Query ${run.queryId}${inputs ? ` (${inputs})` : ""}, ${run.performance}: ${run.cells} cell${run.cells === 1 ? "" : "s"}`,
        ),
      );
    }
    status.textContent = s.message || (n === 0 ? "Every SERVICE.QUERY cell shows a run." : "");
  });
  return h(
    doc,
    "section",
    { class: "svc-report", "aria-label": "Report" },
    h(
      doc,
      "p",
      { class: "svc-hint" },
      "SERVICE.QUERY cells waiting for a run with their inputs. Nothing runs until you click.",
    ),
    list,
    button,
    status,
  );
}
