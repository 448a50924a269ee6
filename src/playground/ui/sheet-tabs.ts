import { el } from "./html";

/**
 * The sheet tabs under the grid; the "+" button adds a sheet through Office.js, like Excel's. Double-click renames
 * a tab, the context menu (right-click, or the Menu key / Shift+F10) renames or deletes it (`sheet-tab-menu.ts`).
 */
export class SheetTabs {
  readonly list = el("div", { class: "pg-tabs", role: "tablist", "aria-label": "Sheets" });
  readonly addButton = el("button", { class: "pg-tab-add", title: "New sheet", "aria-label": "New sheet", text: "+" });
  readonly element = el("div", { class: "pg-tab-bar" }, [this.list, this.addButton]);
  onSelect?: (sheet: string) => void;
  onAdd?: () => void;
  onRename?: (sheet: string, tab: HTMLElement) => void;
  onMenu?: (sheet: string, tab: HTMLElement, at: { x: number; y: number }) => void;

  constructor() {
    this.addButton.addEventListener("click", () => this.onAdd?.());
  }

  render(sheets: readonly string[], active: string): void {
    // The same sheets: only the selection moves (the tabs stay, so a double-click lands on the tab it started on).
    const shown = [...this.list.children].map((t) => (t as HTMLElement).dataset.sheet);
    if (shown.length === sheets.length && shown.every((name, i) => name === sheets[i])) {
      for (const tab of this.list.children)
        tab.setAttribute(
          "aria-selected",
          String((tab as HTMLElement).dataset.sheet?.toLowerCase() === active.toLowerCase()),
        );
      return;
    }
    this.list.replaceChildren(
      ...sheets.map((name) => {
        const on = name.toLowerCase() === active.toLowerCase();
        const tab = el("button", {
          class: "pg-tab",
          role: "tab",
          "aria-selected": String(on),
          "data-sheet": name,
          text: name,
        });
        tab.addEventListener("click", () => this.onSelect?.(name));
        tab.addEventListener("dblclick", () => this.onRename?.(name, tab));
        tab.addEventListener("contextmenu", (e) => {
          e.preventDefault();
          const box = tab.getBoundingClientRect();
          const keyboard = e.clientX === 0 && e.clientY === 0;
          this.onMenu?.(name, tab, keyboard ? { x: box.left, y: box.top } : { x: e.clientX, y: e.clientY });
        });
        return tab;
      }),
    );
  }
}
