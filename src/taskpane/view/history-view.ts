import { isTerminal } from "../../client";
import { saveCsv } from "../logic/csv-download";
import { describe, type HistoryController } from "../logic/history-controller";
import type { HistoryEntry } from "../logic/history-store";
import type { InsertController, InsertOptions } from "../logic/insert-controller";
import { act } from "./act";
import { expiryText, h, replaceChildren, when } from "./dom";
import { insertOptionsView } from "./insert-options-view";

export interface HistoryActions {
  /** Fill the Query tab with this run's query, parameters and tier. */
  runAgain(entry: HistoryEntry): void;
}

/** Recent executions: query, state, credits, submitted, expires; Insert, Download CSV, Cancel, Run again. */
export function historyView(
  doc: Document,
  history: HistoryController,
  insert: InsertController,
  options: InsertOptions,
  actions: HistoryActions,
): HTMLElement {
  const list = h(doc, "ul", { class: "svc-list", "aria-label": "Recent executions" });
  const message = h(doc, "div", { role: "status", "aria-live": "polite" });
  const refresh = h(
    doc,
    "button",
    { type: "button", onclick: act("updating states", () => history.refreshStates()) },
    "Update states",
  );

  const item = (e: HistoryEntry, busy: boolean): HTMLLIElement => {
    const title =
      e.sql === undefined ? `Query ${e.queryId}` : `SQL: ${e.sql.length > 60 ? `${e.sql.slice(0, 57)}…` : e.sql}`;
    const expired = history.isExpired(e);
    const buttons: HTMLButtonElement[] = [];
    const button = (label: string, aria: string, onclick: () => void, primary = false): void => {
      buttons.push(
        h(
          doc,
          "button",
          {
            type: "button",
            class: primary ? "svc-primary" : undefined,
            "aria-label": `${aria} (${title}, ${when(e.submittedAt)})`,
            disabled: busy,
            onclick,
          },
          label,
        ),
      );
    };
    if (history.hasResult(e)) {
      button(
        "Insert",
        "Insert the result",
        act("inserting a result", () =>
          insert.insert(
            {
              kind: "execution",
              executionId: e.executionId,
              // SQL text has no saved query: its table holds this result only.
              queryId: e.sql === undefined ? e.queryId : undefined,
              parameters: e.parameters,
              performance: e.performance,
              partial: e.state === "QUERY_STATE_COMPLETED_PARTIAL",
              expiresAt: e.expiresAt,
            },
            { ...options },
          ),
        ),
        true,
      );
      // Where downloads do nothing (Excel on Mac), the same button puts the rows on a new sheet, and says so.
      const toSheet = history.csvDestination() === "new-sheet";
      button(
        toSheet ? "CSV to new sheet" : "Download CSV",
        toSheet ? "Put the result on a new sheet, to save as CSV from Excel" : "Download the result as CSV",
        act("downloading a CSV", () =>
          history.exportCsv(e.executionId, {
            download: (fileName, parts) => saveCsv(doc, fileName, parts),
            newSheet: (source) => insert.insert(source, { destination: "new-sheet", asTable: false, headers: true }),
          }),
        ),
      );
    }
    if (!isTerminal({ state: e.state }) && !expired)
      button(
        "Cancel",
        "Cancel the execution",
        act("cancelling", () => history.cancel(e.executionId)),
      );
    if (e.sql === undefined) button("Run again", "Run this query again", () => actions.runAgain(e));
    const params = Object.entries(e.parameters)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(", ");
    return h(
      doc,
      "li",
      { "data-id": e.executionId },
      h(doc, "strong", {}, title),
      h(
        doc,
        "dl",
        {},
        h(doc, "dt", {}, "State"),
        h(
          doc,
          "dd",
          {},
          expired ? "expired" : describe(e.state),
          e.error ? h(doc, "div", { class: "svc-error" }, e.error) : null,
        ),
        h(doc, "dt", {}, "Credits"),
        h(doc, "dd", {}, `${e.credits}${e.costReported ? "" : " (estimate)"} · ${e.performance}`),
        h(doc, "dt", {}, "Submitted"),
        h(doc, "dd", {}, when(e.submittedAt)),
        h(doc, "dt", {}, "Expires"),
        h(doc, "dd", {}, expiryText(e.expiresAt)),
        params ? h(doc, "dt", {}, "Parameters") : null,
        params ? h(doc, "dd", { class: "svc-mono" }, params) : null,
        h(doc, "dt", {}, "Execution"),
        h(doc, "dd", { class: "svc-mono" }, e.executionId),
      ),
      h(doc, "div", { class: "svc-actions" }, ...buttons),
    );
  };

  history.store.subscribe((s) => {
    // The list is rebuilt on every change; keep keyboard focus on the same entry's first button.
    const focused =
      doc.activeElement instanceof HTMLElement ? doc.activeElement.closest("li")?.getAttribute("data-id") : undefined;
    const items = s.entries.map((e) => item(e, s.busyId === e.executionId));
    replaceChildren(
      list,
      ...(items.length ? items : [h(doc, "li", {}, "No executions yet. Runs from the Query tab appear here.")]),
    );
    if (focused)
      items
        .find((li) => li.getAttribute("data-id") === focused)
        ?.querySelector("button")
        ?.focus();
    message.textContent = s.message;
  });

  return h(
    doc,
    "section",
    { "aria-label": "History" },
    h(doc, "h2", {}, "Recent executions"),
    h(doc, "div", { class: "svc-actions" }, refresh),
    message,
    h(doc, "details", {}, h(doc, "summary", {}, "Insert options"), insertOptionsView(doc, options)),
    list,
  );
}
