import { DATASET_CHOICES, datasetInfo } from "../logic/dataset-catalog";
import type { DatasetPickerController } from "../logic/dataset-picker";
import type { InsertController, InsertOptions } from "../logic/insert-controller";
import { act } from "./act";
import { field, h, replaceChildren, setVisible } from "./dom";
import { insertOptionsView } from "./insert-options-view";

/**
 * The dataset picker: dataset and path arguments from lists of allowed values, options, a live preview of the
 * formula, then Insert formula (live SERVICE.DATASET cell) or Insert table (static, refreshable).
 */
export function datasetView(
  doc: Document,
  picker: DatasetPickerController,
  insert: InsertController,
  options: InsertOptions,
): HTMLElement {
  const dataset = h(
    doc,
    "select",
    { onchange: () => picker.choose(dataset.value) },
    ...DATASET_CHOICES.map((d) => h(doc, "option", { value: d.name }, d.label)),
  );
  const schedule = h(doc, "div", { class: "svc-hint" });
  const args = h(doc, "div", { class: "svc-row" });
  const filters = h(doc, "input", { type: "text", spellcheck: "false" });
  const sortBy = h(doc, "input", { type: "text", spellcheck: "false" });
  const limit = h(doc, "input", { type: "text", inputmode: "numeric", placeholder: "all rows" });
  const columnsBox = h(doc, "div", { class: "svc-choice", role: "group", "aria-label": "Columns" });
  const columnsSummary = h(doc, "summary", {}, "Columns: all");
  const headers = h(doc, "input", {
    type: "checkbox",
    checked: true,
    onchange: () => picker.update({ headers: headers.checked }),
  });
  const formula = h(doc, "output", { class: "svc-mono", "aria-live": "off" });
  const problem = h(doc, "div", { class: "svc-error", role: "alert" });
  const message = h(doc, "div", { role: "status", "aria-live": "polite" });
  const insertFormula = h(
    doc,
    "button",
    { type: "button", class: "svc-primary", onclick: act("inserting a formula", () => picker.insertFormula()) },
    "Insert formula",
  );
  const insertTable = h(doc, "button", { type: "button" }, "Insert table");
  filters.addEventListener("input", () => picker.update({ filters: filters.value }));
  sortBy.addEventListener("input", () => picker.update({ sortBy: sortBy.value }));
  limit.addEventListener("input", () => picker.update({ limit: limit.value }));
  insertTable.addEventListener("click", () => {
    const source = picker.source();
    if (source)
      act("inserting a dataset", () =>
        insert.insert(source, { ...options, headers: picker.store.state.choice.headers }),
      )();
  });

  let shown = "";
  picker.store.subscribe((s) => {
    const info = datasetInfo(s.choice.name);
    if (!info) return;
    if (shown !== info.name) {
      // Rebuilt only when the dataset changes, so typing in a field never loses focus.
      shown = info.name;
      dataset.value = info.name;
      schedule.textContent = `Data refreshed ${info.refresh}.`;
      filters.placeholder = info.filterExample;
      sortBy.placeholder = info.sortExample;
      replaceChildren(
        args,
        ...info.args.map((a) => {
          const select = h(doc, "select", {}, ...a.allowed.map((v) => h(doc, "option", { value: v }, v)));
          select.value = s.choice.args[a.name] ?? "";
          select.addEventListener("change", () =>
            picker.update({ args: { ...picker.store.state.choice.args, [a.name]: select.value } }),
          );
          return field(doc, a.label, select);
        }),
      );
      replaceChildren(
        columnsBox,
        ...info.columns.map((c) => {
          const box = h(doc, "input", { type: "checkbox", value: c });
          box.addEventListener("change", () => {
            const chosen = [...columnsBox.querySelectorAll("input")].filter((i) => i.checked).map((i) => i.value);
            picker.update({ columns: chosen });
          });
          return h(doc, "label", {}, box, c);
        }),
      );
      filters.value = s.choice.filters;
      sortBy.value = s.choice.sortBy;
      limit.value = s.choice.limit;
      headers.checked = s.choice.headers;
    }
    columnsSummary.textContent =
      s.choice.columns.length === 0 ? "Columns: all" : `Columns: ${s.choice.columns.length} chosen`;
    formula.textContent = s.formula ?? "";
    problem.textContent = s.problem ?? "";
    message.textContent = s.message;
    insertFormula.disabled = insertTable.disabled = !s.formula;
  });
  insert.store.subscribe((s) => setVisible(insertTable, s.phase !== "preparing" && s.phase !== "writing"));

  return h(
    doc,
    "div",
    { "aria-label": "Curated datasets" },
    field(doc, "Dataset", dataset),
    schedule,
    args,
    field(doc, "Filters", filters, "Like an SQL WHERE clause."),
    field(doc, "Sort by", sortBy, "Like an SQL ORDER BY clause."),
    h(doc, "details", {}, columnsSummary, columnsBox),
    field(doc, "Limit", limit),
    h(doc, "div", { class: "svc-choice" }, h(doc, "label", {}, headers, "Header row")),
    h(doc, "h2", {}, "Formula"),
    formula,
    problem,
    h(doc, "div", { class: "svc-actions" }, insertFormula),
    h(doc, "h2", {}, "Or insert a static table"),
    insertOptionsView(doc, options, false),
    h(doc, "div", { class: "svc-actions" }, insertTable),
    message,
  );
}
