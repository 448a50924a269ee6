import type { SqlPreview } from "../logic/sql/sql-preview";
import { h } from "./dom";

/** A result's first rows as a small table (a caption says how many of how many), or why there are none. */
export function previewTable(doc: Document, preview: SqlPreview): HTMLElement {
  if (preview.problem) return h(doc, "p", { class: "svc-hint svc-error" }, preview.problem);
  const total = preview.totalRows === undefined ? "" : ` of ${preview.totalRows.toLocaleString("en-US")}`;
  const cell = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  return h(
    doc,
    "table",
    { class: "svc-preview-table" },
    h(doc, "caption", { class: "svc-hint" }, `First ${preview.rows.length} rows${total}`),
    h(doc, "thead", {}, h(doc, "tr", {}, ...preview.columns.map((c) => h(doc, "th", { scope: "col" }, c)))),
    h(doc, "tbody", {}, ...preview.rows.map((r) => h(doc, "tr", {}, ...r.map((v) => h(doc, "td", {}, cell(v)))))),
  );
}
