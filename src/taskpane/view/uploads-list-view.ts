import type { UploadedTable } from "../../client";
import { tableFacts, type UploadsListController } from "../logic/upload/uploads-list";
import { act } from "./act";
import { h, replaceChildren, when } from "./dom";

/**
 * The user's uploaded tables: each as SQL names it, its visibility, size and last upload, with "Use in SQL" (the name
 * written into the SQL editor) and Delete (asked first).
 */
export function uploadsListView(
  doc: Document,
  list: UploadsListController,
  actions: { useInSql(name: string): void; confirm(question: string): Promise<boolean> },
): HTMLElement {
  const items = h(doc, "ul", { class: "svc-list", "aria-label": "Your tables" });
  const status = h(doc, "div", { role: "status", "aria-live": "polite", class: "svc-hint" });
  const reload = h(doc, "button", { type: "button", class: "svc-link" }, "List again");
  reload.addEventListener(
    "click",
    act("listing your tables", () => list.load()),
  );
  const row = (t: UploadedTable) =>
    h(
      doc,
      "li",
      { class: "svc-pick" },
      h(doc, "code", {}, t.fullName),
      h(doc, "span", { class: "svc-hint" }, tableFacts(t, when)),
      h(
        doc,
        "button",
        { type: "button", "aria-label": `Use ${t.fullName} in SQL`, onclick: () => actions.useInSql(t.fullName) },
        "Use in SQL",
      ),
      h(
        doc,
        "button",
        {
          type: "button",
          "aria-label": `Delete ${t.fullName}`,
          onclick: act("deleting a table", () => list.remove(t, actions.confirm)),
        },
        "Delete",
      ),
    );
  list.store.subscribe((s) => {
    status.textContent = s.message;
    replaceChildren(items, ...s.tables.map(row));
  });
  return h(
    doc,
    "section",
    { class: "svc-uploads", "aria-label": "Your tables" },
    h(doc, "h2", {}, "Your tables"),
    status,
    items,
    reload,
  );
}
