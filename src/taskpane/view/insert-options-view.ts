import type { InsertOptions } from "../logic/insert-controller";
import { h, uid } from "./dom";

type Choice<T extends string> = readonly (readonly [T, string])[];

function radios<T extends string>(
  doc: Document,
  legend: string,
  choices: Choice<T>,
  value: T,
  onChange: (v: T) => void,
): HTMLFieldSetElement {
  const name = uid("radio");
  return h(
    doc,
    "fieldset",
    {},
    h(doc, "legend", {}, legend),
    h(
      doc,
      "div",
      { class: "svc-choice" },
      ...choices.map(([v, label]) =>
        h(
          doc,
          "label",
          {},
          h(doc, "input", { type: "radio", name, value: v, checked: v === value, onchange: () => onChange(v) }),
          label,
        ),
      ),
    ),
  );
}

/**
 * Where and how to insert: destination, table or range, header row, a caption row with the table's source. One shared `options` object, so the
 * choice made on one tab holds on the others.
 */
export function insertOptionsView(doc: Document, options: InsertOptions, withHeader = true): HTMLElement {
  const header = h(doc, "input", {
    type: "checkbox",
    checked: options.headers,
    onchange: () => (options.headers = header.checked),
  });
  const caption = h(doc, "input", {
    type: "checkbox",
    checked: options.caption === true,
    onchange: () => (options.caption = caption.checked),
  });
  return h(
    doc,
    "div",
    {},
    radios(
      doc,
      "Destination",
      [
        ["selection", "Selected cell"],
        ["new-sheet", "New sheet"],
      ] as const,
      options.destination,
      (v) => (options.destination = v),
    ),
    radios(
      doc,
      "Insert as",
      [
        ["table", "Excel table (refreshable)"],
        ["range", "Plain range"],
      ] as const,
      options.asTable ? "table" : "range",
      (v) => (options.asTable = v === "table"),
    ),
    withHeader && h(doc, "div", { class: "svc-choice" }, h(doc, "label", {}, header, "Header row")),
    h(
      doc,
      "div",
      { class: "svc-choice" },
      h(
        doc,
        "label",
        { title: "The row above the table names the query, execution and time; kept current by refreshes" },
        caption,
        "Source caption above a table",
      ),
    ),
  );
}
