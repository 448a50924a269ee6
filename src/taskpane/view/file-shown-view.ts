import { type FileShownSource, fileShownLine } from "../logic/file-shown-source";
import { h, replaceChildren } from "./dom";

/**
 * The cells showing the values the workbook file held as it opened: one line per request with their age, and what
 * replaces them. Hidden while there are none.
 */
export function fileShownView(doc: Document, source: FileShownSource): { element: HTMLElement; dispose(): void } {
  const heading = h(doc, "p", { class: "svc-hint" });
  const list = h(doc, "ul", { class: "svc-hint", "aria-label": "Requests showing the file's values" });
  const element = h(
    doc,
    "section",
    { class: "svc-file-shown", "aria-label": "SERVICE cells showing the file's values", hidden: true },
    heading,
    list,
  );
  const render = (): void => {
    const rows = source.rows();
    element.hidden = rows.length === 0;
    const n = rows.length;
    heading.textContent = `${n} SERVICE request${n === 1 ? " shows" : "s show"} the values the file holds (nothing was read to show them); Refresh All reads them again.`;
    replaceChildren(list, ...rows.map((row) => h(doc, "li", {}, fileShownLine(row))));
  };
  const off = source.onChange(render);
  render();
  return { element, dispose: off };
}
