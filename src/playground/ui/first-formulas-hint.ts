import { FIRST_FORMULAS, dismissHint, hintDismissed, hintShown } from "./first-formulas";
import { el } from "./html";

export interface FirstFormulasHintParts {
  /** Whether any sheet holds a value or a formula. */
  hasContent(): boolean;
  /** Calls `listener` after each change of the workbook; returns how to stop. */
  onChange(listener: () => void): () => void;
  /** Types `formula` into A1 of the sheet shown and selects it, as the user typing it would. */
  enter(formula: string): Promise<void>;
  /** Where the focus goes when the card it was in is dismissed. */
  focusGrid(): void;
  storage: Storage | undefined;
}

/**
 * The empty workbook's offer of first formulas: a small card over the grid's lower right corner (cells a first
 * formula never reaches), not a dialog. A click on a formula types it into A1; Dismiss (or Escape inside the card)
 * hides it for good. It goes away by itself once any cell has content, and stops watching the workbook then.
 * Placed before the grid in the page, so Tab from the formula bar (or Shift+Tab out of column A) reaches it.
 */
export class FirstFormulasHint {
  readonly element: HTMLElement;
  private stopWatching: (() => void) | undefined;

  constructor(private readonly parts: FirstFormulasHintParts) {
    const buttons = FIRST_FORMULAS.map((formula) => {
      const button = el("button", { type: "button", class: "pg-hint-formula", title: "Type it into A1" }, [formula]);
      button.addEventListener("click", () => void this.enter(formula));
      return el("li", {}, [button]);
    });
    const dismiss = el("button", {
      type: "button",
      class: "pg-hint-dismiss",
      "aria-label": "Dismiss the first formulas",
      text: "Dismiss",
    });
    dismiss.addEventListener("click", () => this.dismiss());
    this.element = el("section", { class: "pg-hint", role: "region", "aria-label": "First formulas to try" }, [
      el("p", { class: "pg-hint-title", text: "Try a first formula: click one to type it into A1." }),
      el("ul", {}, buttons),
      dismiss,
    ]);
    this.element.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      this.dismiss();
    });
    this.element.hidden = !hintShown(hintDismissed(parts.storage), parts.hasContent());
    if (!this.element.hidden) this.stopWatching = parts.onChange(() => this.update());
  }

  private update(): void {
    if (!this.parts.hasContent()) return;
    this.hide();
  }

  private async enter(formula: string): Promise<void> {
    this.hide();
    await this.parts.enter(formula);
  }

  private dismiss(): void {
    const hadFocus = this.element.contains(this.element.ownerDocument.activeElement);
    dismissHint(this.parts.storage);
    this.hide();
    if (hadFocus) this.parts.focusGrid();
  }

  /** Hidden for the rest of the page's life: the checks of the workbook stop with it. */
  private hide(): void {
    this.element.hidden = true;
    this.stopWatching?.();
    this.stopWatching = undefined;
  }
}
