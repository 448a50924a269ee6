import type { ValuePreview } from "../function-cells/value-preview";
import { el } from "./html";

/**
 * Shows formula value preview under an input where formulas are typed (the in-cell editor, the formula bar): the
 * whole entry, or the selected part of it when that is a call by itself. Editing ends on Enter, Tab, Escape or
 * leaving the input: the preview is cancelled and the tip hidden.
 */
export function attachValuePreview(
  input: HTMLInputElement,
  preview: ValuePreview,
  where: () => { sheet: string; row: number; column: number },
): void {
  const tip = el("div", {
    class: "pg-value-preview",
    role: "status",
    "aria-label": "Formula value preview",
    hidden: "",
  });
  const place = () => {
    const parent = input.offsetParent as HTMLElement | null;
    if (!parent) return;
    if (tip.parentElement !== parent) parent.append(tip);
    Object.assign(tip.style, { left: `${input.offsetLeft}px`, top: `${input.offsetTop + input.offsetHeight + 2}px` });
  };
  const hide = () => {
    tip.hidden = true;
    tip.textContent = "";
  };
  const update = () => {
    if (input.hidden) return;
    const { selectionStart, selectionEnd, value } = input;
    const selected =
      selectionStart !== null && selectionEnd !== null && selectionEnd > selectionStart
        ? value.slice(selectionStart, selectionEnd)
        : "";
    const text = selected && !selected.startsWith("=") ? `=${selected}` : selected || value;
    const shown = (v: string) => {
      place();
      tip.textContent = `= ${v}`;
      tip.hidden = false;
    };
    let running = preview.update({ text, ...where() }, shown);
    // A selection that is not a call by itself: the whole entry.
    if (!running && selected) running = preview.update({ text: value, ...where() }, shown);
    if (!running) hide();
  };
  const end = () => {
    preview.end();
    hide();
  };
  input.addEventListener("input", update);
  input.addEventListener("keyup", (e) => {
    if (e.key.startsWith("Arrow") || e.key === "Home" || e.key === "End") update();
  });
  input.addEventListener("mouseup", update);
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === "Tab" || e.key === "Escape") end();
  });
  input.addEventListener("blur", end);
}
