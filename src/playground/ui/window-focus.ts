import { firstTabbable, installFocusCycle } from "./focus-cycle";
import type { FormulaBar } from "./formula-bar";
import type { GridView } from "./grid-view";
import type { Ribbon } from "./ribbon";

export interface WindowParts {
  /** The grid with its sheet tabs. */
  sheet: HTMLElement;
  grid: GridView;
  pane: HTMLElement;
  paneRoot: HTMLElement;
  ribbon: Ribbon;
  formulaBar: FormulaBar;
}

/**
 * F6 and Shift+F6 over the playground's window: the grid, the task pane (its first control), the ribbon (the
 * selected tab) and the Name Box, in that order, skipping the pane while it is closed.
 */
export function installWindowFocus(doc: Document, w: WindowParts): void {
  installFocusCycle(doc, [
    { contains: (n) => w.sheet.contains(n), focus: () => w.grid.focus(), shown: () => true },
    {
      contains: (n) => w.pane.contains(n),
      focus: () => (firstTabbable(w.paneRoot) ?? w.pane).focus(),
      shown: () => !w.pane.hidden,
    },
    { contains: (n) => w.ribbon.element.contains(n), focus: () => w.ribbon.selectedTab.focus(), shown: () => true },
    {
      contains: (n) => w.formulaBar.element.contains(n),
      focus: () => w.formulaBar.nameBox.focus(),
      shown: () => true,
    },
  ]);
}
