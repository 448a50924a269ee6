import type { FormField, QueryFormController, QueryFormState } from "../logic/query-form";
import type { ParameterRows } from "../logic/query-parameters";
import { field, h, replaceChildren, setVisible } from "./dom";
import { paramsEditor } from "./params-editor";

/** The control for one declared parameter: a date picker (and a time box), a number box, a dropdown, a text box. */
function control(doc: Document, f: FormField, form: QueryFormController): HTMLElement {
  const label = `${f.key} (${f.type})`;
  if (f.type === "enum") {
    const select = h(
      doc,
      "select",
      { onchange: () => form.set(f.key, { value: select.value }) },
      ...(f.options ?? []).map((o) => h(doc, "option", { value: o }, o)),
    );
    select.value = f.value;
    return field(doc, label, select, f.description);
  }
  if (f.type === "date") {
    const date = h(doc, "input", { type: "date", value: f.value, required: true });
    date.addEventListener("input", () => form.set(f.key, { value: date.value }));
    if (f.time === undefined) return field(doc, label, date, f.description);
    const time = h(doc, "input", { type: "time", step: 1, value: f.time, "aria-label": `${f.key}: time of day` });
    time.addEventListener("input", () => form.set(f.key, { time: time.value }));
    const wrap = field(doc, label, date, f.description);
    date.insertAdjacentElement("afterend", time);
    return wrap;
  }
  const input = h(doc, "input", {
    type: f.type === "number" ? "number" : "text",
    value: f.value,
    spellcheck: "false",
    ...(f.type === "number" ? { step: "any", inputmode: "decimal" } : {}),
  });
  input.addEventListener("input", () => form.set(f.key, { value: input.value }));
  return field(doc, label, input, f.description);
}

/**
 * The Query tab's parameters: the query's own form (its name, then a field per declared parameter; no parameter
 * can be added) or, where the service does not describe the query, the free-form name/value editor with a line
 * saying why. Rebuilt only when the query changes, so typing never loses focus.
 */
export function paramsForm(
  doc: Document,
  form: QueryFormController,
  rows: ParameterRows,
): { element: HTMLElement; focus(key: string): void; focusRow(id: number): void; renderRows(): void } {
  const title = h(doc, "div", { class: "svc-query-name", role: "status", "aria-live": "polite" });
  const about = h(doc, "div", { class: "svc-hint" });
  const note = h(doc, "div", { class: "svc-hint" });
  const fields = h(doc, "div", { class: "svc-params-form", role: "group", "aria-label": "Parameters" });
  const editor = paramsEditor(doc, rows);
  const controls = new Map<string, HTMLElement>();
  let shown = "";

  const render = (s: QueryFormState): void => {
    note.textContent = s.phase === "free" ? s.note : s.phase === "form" ? (s.note ?? "") : "";
    setVisible(note, note.textContent !== "");
    const signature =
      s.phase === "form"
        ? JSON.stringify([s.queryId, s.name, s.fields.map((f) => [f.key, f.type])])
        : JSON.stringify([s.phase, "queryId" in s ? s.queryId : 0]);
    // Values typed into the controls are already in the controller: only another query rebuilds them.
    if (signature === shown) return;
    shown = signature;
    controls.clear();
    title.textContent = s.phase === "form" ? s.name : s.phase === "loading" ? `Reading query ${s.queryId}…` : "";
    about.textContent = s.phase === "form" ? s.description : "";
    setVisible(about, about.textContent !== "");
    if (s.phase === "form") {
      const items = s.fields.map((f) => {
        const item = control(doc, f, form);
        const input = item.querySelector<HTMLElement>("input, select");
        if (input) controls.set(f.key, input);
        return item;
      });
      if (items.length === 0) items.push(h(doc, "p", { class: "svc-hint" }, "This query takes no parameters."));
      replaceChildren(fields, ...items);
    } else replaceChildren(fields);
    setVisible(fields, s.phase === "form");
    setVisible(editor.element, s.phase === "free" || s.phase === "none");
  };
  form.store.subscribe(render);

  return {
    element: h(doc, "div", {}, title, about, note, fields, editor.element),
    focus: (key) => controls.get(key)?.focus(),
    focusRow: (id) => editor.focusRow(id),
    renderRows: () => editor.render(),
  };
}
