import { el } from "./html";

export type EditEnd = "down" | "right" | "stay";

/** The in-cell editor: an input laid over the active cell while the user types into it. */
export class CellEditor {
  readonly input = el("input", { class: "pg-cell-editor", "aria-label": "Cell editor", spellcheck: "false" });
  onCommit?: (text: string, then: EditEnd) => void;
  onCancel?: () => void;

  constructor(private readonly layer: HTMLElement) {
    this.input.hidden = true;
    layer.append(this.input);
    this.input.addEventListener("keydown", (e) => {
      // The grid (our parent) must not also act on the key that ends the edit.
      e.stopPropagation();
      if (e.key === "Enter" || e.key === "Tab") {
        e.preventDefault();
        this.finish(e.key === "Tab" ? "right" : "down");
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

  start(text: string, rect: { left: number; top: number; width: number; height: number }): void {
    this.place(rect);
    this.input.hidden = false;
    this.input.value = text;
    this.input.focus();
    this.input.setSelectionRange(text.length, text.length);
  }

  place(rect: { left: number; top: number; width: number; height: number }): void {
    Object.assign(this.input.style, {
      left: `${rect.left}px`,
      top: `${rect.top}px`,
      minWidth: `${rect.width}px`,
      height: `${rect.height}px`,
    });
  }

  private finish(then: EditEnd): void {
    const text = this.input.value;
    this.close();
    this.onCommit?.(text, then);
  }

  private close(): void {
    this.input.hidden = true;
  }
}
