import type { InsertController } from "../logic/insert-controller";
import type { RefreshController } from "../logic/refresh-controller";
import { count, h, setVisible, uid } from "./dom";

/**
 * The strip at the bottom of the pane for long work (insert, Refresh All): a labelled `<progress>` with rows
 * written of total, the message, and Cancel. Visible from every tab, because the work goes on across them.
 */
export function activityView(doc: Document, insert: InsertController, refresh: RefreshController): HTMLElement {
  const label = h(doc, "div", { id: uid("progress-label") });
  const bar = h(doc, "progress", { max: 1, value: 0, "aria-labelledby": label.id });
  const message = h(doc, "div", { role: "status", "aria-live": "polite" });
  const cancel = h(doc, "button", { type: "button" }, "Cancel");
  const dismiss = h(
    doc,
    "button",
    { type: "button", class: "svc-link", "aria-label": "Dismiss the message" },
    "Dismiss",
  );
  const box = h(
    doc,
    "section",
    { class: "svc-activity", "aria-label": "Progress" },
    label,
    bar,
    message,
    h(doc, "div", { class: "svc-actions" }, cancel, dismiss),
  );
  let active: "insert" | "refresh" | undefined;
  cancel.addEventListener("click", () => (active === "refresh" ? refresh.cancel() : insert.cancel()));
  dismiss.addEventListener("click", () => setVisible(box, false));

  const render = (
    what: "insert" | "refresh",
    busy: boolean,
    text: string,
    rows: number,
    total: number | undefined,
    title: string,
  ): void => {
    if (busy) active = what;
    else if (active !== what && active !== undefined) return; // the other one owns the strip
    setVisible(box, busy || text !== "");
    setVisible(bar, busy);
    setVisible(cancel, busy);
    setVisible(dismiss, !busy);
    label.textContent = busy
      ? `${title}: ${count(rows)} of ${total === undefined ? "?" : count(total)} rows written`
      : title;
    if (total !== undefined && total > 0) {
      bar.max = total;
      bar.value = Math.min(rows, total);
    } else bar.removeAttribute("value"); // indeterminate until the total is known
    message.textContent = text;
  };
  insert.store.subscribe((s) =>
    render("insert", s.phase === "preparing" || s.phase === "writing", s.message, s.rowsWritten, s.totalRows, "Insert"),
  );
  refresh.store.subscribe((s) =>
    render(
      "refresh",
      s.phase === "refreshing",
      s.message,
      s.rowsWritten,
      s.totalRows,
      s.table ? `Refresh ${s.table.name} (${s.table.index} of ${s.table.total})` : "Refresh all",
    ),
  );
  return box;
}
