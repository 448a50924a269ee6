import { paneMessage } from "../logic/messages";
import type { NotLoadedSource } from "../logic/not-loaded-source";
import { act } from "./act";
import { h, replaceChildren } from "./dom";

/**
 * The cells that show "not loaded": one line per request (what, and what loading it costs) and one button that loads
 * them all. Hidden while there are none.
 */
export function notLoadedView(doc: Document, source: NotLoadedSource): { element: HTMLElement; dispose(): void } {
  const list = h(doc, "ul", { class: "svc-hint", "aria-label": "Requests not loaded" });
  const heading = h(doc, "p", { class: "svc-warning" });
  const button = h(doc, "button", { type: "button" }, "Load");
  const note = h(doc, "p", { class: "svc-hint", role: "status" });
  const element = h(
    doc,
    "section",
    { class: "svc-not-loaded", "aria-label": "SERVICE cells not loaded", hidden: true },
    heading,
    list,
    h(doc, "div", { class: "svc-row" }, button, note),
  );
  const render = (): void => {
    const rows = source.rows();
    element.hidden = rows.length === 0;
    // Requests, not cells: Excel may run identical formulas in several cells as one invocation.
    const n = rows.length;
    heading.textContent = `${n} SERVICE request${n === 1 ? " is" : "s are"} not loaded on this computer: their cells show #N/A.`;
    replaceChildren(list, ...rows.map((r) => h(doc, "li", {}, `${r.label}: ${r.cost}`)));
    button.textContent = `Load (${source.cost(rows)})`;
  };
  button.addEventListener(
    "click",
    act("Loading SERVICE cells", async () => {
      button.disabled = true;
      note.textContent = "Loading…";
      try {
        await source.load();
        note.textContent = "";
      } catch (error) {
        note.textContent = paneMessage(error);
      } finally {
        button.disabled = false;
      }
    }),
  );
  const off = source.onChange(render);
  render();
  return { element, dispose: off };
}
