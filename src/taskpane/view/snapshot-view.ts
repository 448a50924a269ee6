import type { SnapshotController } from "../logic/snapshot-controller";
import { act } from "./act";
import { h } from "./dom";

/**
 * The Report tab's Snapshot block: a name field (empty: the month before today) and the button. It copies what the
 * workbook shows, as values with their sources, into a new sheet; it fetches and runs nothing.
 */
export function snapshotView(doc: Document, snapshot: SnapshotController): HTMLElement {
  const name = h(doc, "input", { type: "text", "aria-label": "Snapshot sheet name", maxLength: 31 });
  const take = h(doc, "button", { type: "button" }, "Snapshot");
  const status = h(doc, "p", { class: "svc-hint", role: "status", "aria-label": "Snapshot status" });
  name.addEventListener("input", () => snapshot.setName(name.value));
  take.addEventListener(
    "click",
    act("taking a snapshot", () => snapshot.take()),
  );
  snapshot.store.subscribe((s) => {
    name.placeholder = s.defaultName;
    if (name.value !== s.name) name.value = s.name;
    take.disabled = s.busy;
    status.textContent = s.message;
  });
  return h(
    doc,
    "section",
    { class: "svc-snapshot", "aria-label": "Month-end snapshot" },
    h(doc, "h2", {}, "Month-end snapshot"),
    h(
      doc,
      "p",
      { class: "svc-hint" },
      "Copies the report's results (SERVICE cells and inserted tables) as values, each with its source, into a new sheet named for the period (empty: last month). Nothing is fetched or run: it keeps what the workbook shows now, so refresh first if it should be current.",
    ),
    h(doc, "div", { class: "svc-actions" }, name, take),
    status,
  );
}
