import type { QueryReportRow, ReportController, RunsCost } from "../logic/report-controller";
import { act } from "./act";
import { h, replaceChildren } from "./dom";
import { reportSettingsView } from "./report-settings-view";

const STATE_LABEL: Record<QueryReportRow["state"], string> = {
  current: "Current",
  stale: "Stale",
  "not run": "Not run",
  running: "Running…",
  failed: "Failed",
};

function inputs(row: QueryReportRow): string {
  return Object.entries(row.parameters)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(", ");
}

function title(row: QueryReportRow): string {
  const given = inputs(row);
  return `Query ${row.queryId}${given ? ` (${given})` : ""}`;
}

function label(action: string, cost: RunsCost): string {
  return cost.runs === 0
    ? action
    : `${action} (${cost.runs} run${cost.runs === 1 ? "" : "s"}, ${cost.credits} credits)`;
}

function lastRun(row: QueryReportRow): string {
  if (row.lastRunAt === undefined) return "never run";
  const at = new Date(row.lastRunAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return row.expired ? `last run ${at} (expired)` : `last run ${at}`;
}

/**
 * The Report tab: every distinct set of inputs of the workbook's SERVICE.QUERY cells (cells, query, inputs, state,
 * last run, cost), a tick per row for "Run selected", "Run all needed" with its cost on it, Cancel for what runs,
 * each row's failure on the row; then the automatic-run budget and the open behaviour.
 */
export function reportView(doc: Document, report: ReportController): HTMLElement {
  const runAll = h(doc, "button", { type: "button", class: "svc-primary" }, "Run all needed");
  const runSelected = h(doc, "button", { type: "button" }, "Run selected");
  const stop = h(doc, "button", { type: "button", hidden: true }, "Cancel runs");
  const list = h(doc, "ul", { class: "svc-list", "aria-label": "SERVICE.QUERY inputs in this workbook" });
  const status = h(doc, "p", { class: "svc-hint", role: "status", "aria-label": "Report status" });
  runAll.addEventListener(
    "click",
    act("running the needed inputs", () => report.runAllNeeded()),
  );
  runSelected.addEventListener(
    "click",
    act("running the selected inputs", () => report.runSelected()),
  );
  stop.addEventListener("click", () => report.cancel());

  const item = (row: QueryReportRow, ticked: boolean, batch: boolean): HTMLLIElement => {
    const name = title(row);
    const box = h(doc, "input", {
      type: "checkbox",
      checked: ticked,
      disabled: row.state === "running",
      "aria-label": `Select ${name}, ${row.performance}`,
      "data-focus": `select:${row.key}`,
    });
    box.addEventListener("change", () => report.select(row.key, box.checked));
    const cancel =
      row.state === "running"
        ? h(
            doc,
            "button",
            {
              type: "button",
              "aria-label": `Cancel the run of ${name}`,
              "data-focus": `cancel:${row.key}`,
              onclick: () => report.cancel(row.key),
            },
            "Cancel",
          )
        : null;
    const cells = row.cells.length > 0 ? row.cells.join(", ") : "";
    const unnamed = row.cellCount - row.cells.length;
    return h(
      doc,
      "li",
      { "data-state": row.state },
      h(doc, "label", { class: "svc-pick" }, box, h(doc, "span", {}, `${name} · ${row.performance}`)),
      h(
        doc,
        "div",
        { class: "svc-hint" },
        `Cells: ${cells}${unnamed > 0 ? `${cells ? ", " : ""}${unnamed} more` : ""}`,
      ),
      h(
        doc,
        "div",
        { "aria-label": `State of ${name}` },
        `${STATE_LABEL[row.state]} · ${lastRun(row)} · ${row.credits} credits${row.runOnChange ? " · runs on change" : ""}`,
      ),
      row.note ? h(doc, "div", { class: row.state === "failed" ? "svc-error" : "svc-hint" }, row.note) : null,
      cancel && !batch ? h(doc, "div", { class: "svc-actions" }, cancel) : cancel,
    );
  };

  const cellsNote = h(doc, "p", { class: "svc-hint", "aria-label": "Cells the rows do not name" });
  report.store.subscribe((s) => {
    cellsNote.textContent = s.cellsNote;
    cellsNote.hidden = s.cellsNote === "";
    const focused = (doc.activeElement as HTMLElement | null)?.dataset?.focus;
    replaceChildren(list, ...s.rows.map((row) => item(row, s.selected.includes(row.key), s.running)));
    // Rows are drawn again on every change: the control that had focus gets it back.
    if (focused)
      [...list.querySelectorAll<HTMLElement>("[data-focus]")].find((e) => e.dataset.focus === focused)?.focus();
    runAll.textContent = label("Run all needed", s.needed);
    runAll.disabled = s.running || s.needed.runs === 0;
    runSelected.textContent = label("Run selected", s.selection);
    runSelected.disabled = s.running || s.selection.runs === 0;
    stop.hidden = !s.running;
    status.textContent =
      s.message ||
      (s.rows.length === 0
        ? "No SERVICE.QUERY cells in this workbook yet."
        : s.needed.runs === 0
          ? "Every SERVICE.QUERY cell shows a current run."
          : "");
  });
  return h(
    doc,
    "section",
    { class: "svc-report", "aria-label": "Report" },
    h(
      doc,
      "p",
      { class: "svc-hint" },
      "The SERVICE.QUERY cells of this workbook, one row per set of inputs. Nothing runs until you click.",
    ),
    list,
    cellsNote,
    h(doc, "div", { class: "svc-actions" }, runAll, runSelected, stop),
    status,
    reportSettingsView(doc, report),
  );
}
