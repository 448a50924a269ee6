import type { ParameterRows } from "../logic/query-parameters";
import { h, replaceChildren } from "./dom";

/**
 * Name/value rows with Add and Remove. Each input is labelled for screen readers ("Parameter 2 name"); after
 * a removal focus moves to a neighbour so keyboard users are not dropped at the top of the page.
 */
export function paramsEditor(
  doc: Document,
  rows: ParameterRows,
): { element: HTMLElement; render(): void; focusRow(id: number): void } {
  const list = h(doc, "div", { class: "svc-params", role: "group", "aria-label": "Parameters" });
  const add = h(doc, "button", { type: "button", class: "svc-link" }, "+ Add parameter");
  const inputs = new Map<number, HTMLInputElement>();

  const render = (): void => {
    inputs.clear();
    const items = rows.rows.map((row, i) => {
      const name = h(doc, "input", {
        type: "text",
        value: row.name,
        placeholder: "name",
        spellcheck: "false",
        "aria-label": `Parameter ${i + 1} name`,
      });
      const value = h(doc, "input", {
        type: "text",
        value: row.value,
        placeholder: "value",
        spellcheck: "false",
        "aria-label": `Parameter ${i + 1} value`,
      });
      name.addEventListener("input", () => rows.update(row.id, { name: name.value }));
      value.addEventListener("input", () => rows.update(row.id, { value: value.value }));
      const remove = h(
        doc,
        "button",
        {
          type: "button",
          "aria-label": `Remove parameter ${i + 1}${row.name ? ` (${row.name})` : ""}`,
          title: "Remove",
        },
        "✕",
      );
      remove.addEventListener("click", () => {
        const next = rows.rows[i + 1] ?? rows.rows[i - 1];
        rows.remove(row.id);
        render();
        if (next) inputs.get(next.id)?.focus();
        else add.focus();
      });
      inputs.set(row.id, name);
      return h(doc, "div", { class: "svc-param" }, name, value, remove);
    });
    replaceChildren(list, ...items);
  };
  add.addEventListener("click", () => {
    const row = rows.add();
    render();
    inputs.get(row.id)?.focus();
  });
  render();
  return { element: h(doc, "div", {}, list, add), render, focusRow: (id) => inputs.get(id)?.focus() };
}
