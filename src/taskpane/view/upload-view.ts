import { formatBytes, formatCredits } from "../../billing";
import { UPLOAD_COLUMN_TYPES, type UploadColumnType } from "../../client";
import type { UploadFormController } from "../logic/upload/upload-form";
import type { UploadAction, UploadFormState } from "../logic/upload/upload-form-state";
import { act } from "./act";
import { field, h, replaceChildren, setVisible } from "./dom";

/** What making a table public means, in words, beside the choice. */
export const PUBLIC_CONSEQUENCE =
  "Public: every user of the service can find this table and read its rows in their own queries. Choose it only for data anyone may see.";

/**
 * "Upload selection": the selected range read, its columns with their types (each a select), the table's name and
 * namespace, private or public, the size and price, what stops it, and Upload (or Replace and Append for a table
 * the user has). Thin: the controller decides.
 */
export function uploadView(doc: Document, form: UploadFormController, uploaded: () => Promise<void>): HTMLElement {
  const readButton = h(doc, "button", { type: "button" }, "Upload selection");
  const name = h(doc, "input", { type: "text", spellcheck: false, autocomplete: "off" });
  const namespace = h(doc, "input", { type: "text", spellcheck: false, autocomplete: "off" });
  const privateBox = h(doc, "input", { type: "radio", name: "svc-upload-visibility", checked: true });
  const publicBox = h(doc, "input", { type: "radio", name: "svc-upload-visibility" });
  const consequence = h(doc, "div", { class: "svc-hint svc-warning" }, PUBLIC_CONSEQUENCE);
  const columns = h(doc, "div", { class: "svc-params", role: "group", "aria-label": "Columns" });
  const mixed = h(doc, "input", { type: "checkbox" });
  const mixedField = h(doc, "label", {}, mixed, " Send columns with mixed values as text");
  const estimate = h(doc, "div", { class: "svc-hint" });
  const problems = h(doc, "ul", { class: "svc-hint svc-error", "aria-label": "Why it cannot be sent" });
  const create = h(doc, "button", { type: "button", class: "svc-primary" }, "Upload");
  const replace = h(doc, "button", { type: "button", class: "svc-primary" }, "Replace");
  const append = h(doc, "button", { type: "button" }, "Append");
  const status = h(doc, "div", { role: "status", "aria-live": "polite", class: "svc-status" });
  const details = h(doc, "div", {});

  readButton.addEventListener(
    "click",
    act("reading the selection", () => form.readSelection()),
  );
  name.addEventListener("change", () => form.setTableName(name.value));
  namespace.addEventListener("change", () => form.setNamespace(namespace.value));
  privateBox.addEventListener("change", () => form.setPrivate(true));
  publicBox.addEventListener("change", () => form.setPrivate(false));
  mixed.addEventListener("change", () => form.confirmMixed(mixed.checked));
  const send = (action: UploadAction) =>
    act("uploading a table", async () => {
      const end = await form.upload(action);
      if (end.phase === "sent") await uploaded();
    });
  create.addEventListener("click", send("create"));
  replace.addEventListener("click", send("replace"));
  append.addEventListener("click", send("append"));

  let shownColumns = "";
  form.store.subscribe((s) => {
    status.textContent = s.message;
    setVisible(status, s.message !== "");
    setVisible(details, s.phase !== "empty" && s.columns.length > 0);
    if (name.value !== s.tableName) name.value = s.tableName;
    if (namespace.value !== s.namespace) namespace.value = s.namespace;
    privateBox.checked = s.isPrivate;
    publicBox.checked = !s.isPrivate;
    // An existing table keeps its visibility: the choice is for new tables.
    privateBox.disabled = publicBox.disabled = s.existing !== undefined;
    setVisible(consequence, !s.isPrivate && s.existing === undefined);
    const key = s.columns.map((c) => `${c.name}:${c.type}`).join();
    if (key !== shownColumns) {
      shownColumns = key;
      replaceChildren(columns, ...s.columns.map((c, i) => columnRow(doc, c, i, form)));
    }
    setVisible(
      mixedField,
      s.columns.some((c) => c.mixed),
    );
    mixed.checked = s.mixedConfirmed;
    estimate.textContent = estimateText(s);
    replaceChildren(problems, ...s.problems.map((p) => h(doc, "li", {}, p)));
    const blocked = s.problems.length > 0 || s.phase === "sending" || s.phase === "reading";
    setVisible(create, s.existing === undefined);
    setVisible(replace, s.existing !== undefined);
    setVisible(append, s.existing !== undefined);
    for (const b of [create, replace, append]) b.disabled = blocked;
    const credits = s.estimate ? ` (${formatCredits(s.estimate.credits)})` : "";
    create.textContent = `Upload${credits}`;
    replace.textContent = `Replace${credits}`;
    append.textContent = `Append${credits}`;
    readButton.disabled = s.phase === "sending" || s.phase === "reading";
  });

  append_(details, [
    field(doc, "Table name", name, "Lowercase letters, digits and _; it starts with a letter."),
    field(doc, "Namespace", namespace, "Your user or team name on the service: only yours may be written to."),
    h(
      doc,
      "fieldset",
      { class: "svc-choice" },
      h(doc, "legend", {}, "Who may read it"),
      h(doc, "label", {}, privateBox, " Private: your namespace only"),
      h(doc, "label", {}, publicBox, " Public"),
    ),
    consequence,
    columns,
    mixedField,
    estimate,
    problems,
    h(doc, "div", { class: "svc-actions" }, create, replace, append),
  ]);
  return h(
    doc,
    "section",
    { class: "svc-upload", "aria-label": "Upload selection" },
    h(
      doc,
      "div",
      { class: "svc-hint" },
      "Select a range (its first row the column names) or a cell of an Excel table.",
    ),
    h(doc, "div", { class: "svc-actions" }, readButton),
    status,
    details,
  );
}

function append_(parent: HTMLElement, children: HTMLElement[]): void {
  for (const c of children) parent.appendChild(c);
}

function columnRow(
  doc: Document,
  column: UploadFormState["columns"][number],
  index: number,
  form: UploadFormController,
) {
  const select = h(
    doc,
    "select",
    { "aria-label": `Type of ${column.name}` },
    ...UPLOAD_COLUMN_TYPES.map((t) => h(doc, "option", { value: t }, t)),
  );
  select.value = column.type;
  select.addEventListener("change", () => void form.setType(index, select.value as UploadColumnType));
  const header = column.header === column.name ? "" : ` (from "${column.header}")`;
  return h(
    doc,
    "div",
    { class: "svc-pick" },
    h(doc, "code", {}, column.name),
    h(doc, "span", { class: "svc-hint" }, header),
    select,
  );
}

function estimateText(s: UploadFormState): string {
  if (!s.estimate) return "";
  const what = s.existing ? `into ${s.existing.fullName}` : "as a new table";
  return (
    `${s.rowCount.toLocaleString("en-US")} rows from ${s.address ?? "the selection"} ${what}: ` +
    `${formatBytes(s.estimate.bytes)} of CSV, about ${formatCredits(s.estimate.credits)}.`
  );
}
