import type { EntryProblem } from "./entry-check";
import { el } from "./html";

export type EditEnd = "down" | "up" | "right" | "left" | "stay";

type Rect = { left: number; top: number; width: number; height: number };

/** The in-cell editor: an input laid over the active cell while the user types into it. */
export class CellEditor {
  readonly input = el("input", { class: "pg-cell-editor", "aria-label": "Cell editor", spellcheck: "false" });
  onCommit?: (text: string, then: EditEnd) => void;
  onCancel?: () => void;
  /** An entry Excel would refuse: the editor stays open with the problem marked. */
  check?: (text: string) => EntryProblem | null;
  onRefused?: (problem: EntryProblem) => void;

  constructor(private readonly layer: HTMLElement) {
    this.input.hidden = true;
    layer.append(this.input);
    this.input.addEventListener("keydown", (e) => {
      // The grid (our parent) must not also act on the key that ends the edit.
      e.stopPropagation();
      if (e.key === "Enter" || e.key === "Tab") {
        e.preventDefault();
        const back = e.shiftKey;
        this.finish(e.key === "Tab" ? (back ? "left" : "right") : back ? "up" : "down");
      } else if (e.key === "Escape") {
        e.preventDefault();
        this.close();
        this.onCancel?.();
      }
    });
    this.input.addEventListener("blur", () => {
      if (!this.input.hidden) this.finish("stay");
    });
  }

  get open(): boolean {
    return !this.input.hidden;
  }

  start(text: string, rect: Rect): void {
    this.place(rect);
    this.input.hidden = false;
    this.input.value = text;
    // The layer is already in view: without preventScroll, an editor at the right edge under the pane would
    // scroll the grid (and its row numbers) sideways.
    this.input.focus({ preventScroll: true });
    this.input.setSelectionRange(text.length, text.length);
  }

  place(rect: Rect): void {
    // It grows with its text up to the layer's right edge, never past it (that would scroll the layer).
    const room = Math.max(rect.width, this.layer.clientWidth - rect.left - 2);
    Object.assign(this.input.style, {
      left: `${rect.left}px`,
      top: `${rect.top}px`,
      minWidth: `${Math.min(rect.width, room)}px`,
      maxWidth: `${room}px`,
      height: `${rect.height}px`,
    });
  }

  private finish(then: EditEnd): void {
    const text = this.input.value;
    const problem = this.check?.(text);
    if (problem) {
      // Excel keeps the cell in edit mode; the part it cannot read is selected.
      if (document.activeElement === this.input) this.input.setSelectionRange(problem.position, problem.position + 1);
      return this.onRefused?.(problem);
    }
    this.close();
    this.onCommit?.(text, then);
  }

  private close(): void {
    this.input.hidden = true;
  }
}
