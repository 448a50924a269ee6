import type { EntryProblem } from "./entry-check";
import { el } from "./html";

/**
 * The name box (address of the selection; type an address and Enter to go there) and the formula bar (the
 * active cell's formula or value; Enter writes it into the cell as typed input).
 */
export class FormulaBar {
  readonly nameBox = el("input", { class: "pg-name-box", "aria-label": "Name Box", spellcheck: "false" });
  readonly input = el("input", { class: "pg-formula-input", "aria-label": "Formula Bar", spellcheck: "false" });
  readonly element = el("div", { class: "pg-formula-bar" }, [
    this.nameBox,
    el("span", { class: "pg-fx-sep" }),
    el("span", { class: "pg-fx", text: "fx", "aria-hidden": "true" }),
    this.input,
  ]);
  private shown = "";
  onCommit?: (text: string) => void;
  onGoTo?: (address: string) => void;
  onCancel?: () => void;
  /** An entry Excel would refuse: the formula bar keeps it, the problem selected. */
  check?: (text: string) => EntryProblem | null;
  onRefused?: (problem: EntryProblem) => void;

  constructor() {
    this.input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        const problem = this.check?.(this.input.value);
        if (problem) {
          this.input.setSelectionRange(problem.position, problem.position + 1);
          this.onRefused?.(problem);
        } else this.onCommit?.(this.input.value);
      } else if (e.key === "Escape") {
        e.preventDefault();
        this.input.value = this.shown;
        this.onCancel?.();
      }
    });
    this.nameBox.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        this.onGoTo?.(this.nameBox.value.trim());
      } else if (e.key === "Escape") {
        e.preventDefault();
        this.onCancel?.();
      }
    });
    // As in Excel, entering the Name Box selects its text, ready to type an address over it.
    this.nameBox.addEventListener("focus", () => this.nameBox.select());
  }

  /** Shows a cell; `derived` (a spilled cell) is shown greyed, as Excel shows the spill's formula. */
  show(address: string, content: string, derived: boolean): void {
    // An address being typed into the Name Box stays: a spill arriving meanwhile must not turn the user's "A11" back
    // into the active cell's address just before Enter.
    if (document.activeElement !== this.nameBox) this.nameBox.value = address;
    this.shown = content;
    if (document.activeElement !== this.input) this.input.value = content;
    this.input.classList.toggle("pg-derived", derived);
  }

  get editing(): boolean {
    return document.activeElement === this.input;
  }
}
