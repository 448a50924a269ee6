import type { ExcelRunLike, PlaygroundWorkbook } from "../workbook";
import { el } from "./html";

/**
 * Renaming and deleting sheets from their tabs, as in Excel, through Office.js (`worksheet.name`,
 * `worksheet.delete()`) so the add-in sees the same changes Excel would make. Excel's rules apply (the name is
 * checked by the workbook: 1 to 31 characters, none of \ / ? * [ ] :, unique; the last sheet cannot go).
 */
export class SheetTabMenu {
  private menu: HTMLElement | undefined;

  constructor(
    private readonly run: ExcelRunLike,
    private readonly workbook: Pick<PlaygroundWorkbook, "inspect">,
    private readonly report: (text: string, isError: boolean) => void,
    private readonly after: (sheet: string | undefined) => void,
  ) {}

  /** The context menu of a tab: Rename, Delete. */
  open(sheet: string, tab: HTMLElement, at: { x: number; y: number }): void {
    this.closeMenu();
    const rename = el("button", { role: "menuitem", text: "Rename" });
    const remove = el("button", { role: "menuitem", text: "Delete" });
    if (this.workbook.inspect.sheetNames().length === 1) remove.setAttribute("disabled", "");
    rename.addEventListener("click", () => {
      this.closeMenu();
      this.rename(sheet, tab);
    });
    remove.addEventListener("click", () => {
      this.closeMenu();
      void this.remove(sheet);
    });
    const menu = el("div", { class: "pg-menu", role: "menu", "aria-label": `Sheet ${sheet}` }, [rename, remove]);
    Object.assign(menu.style, { left: `${at.x}px`, top: `${Math.max(0, at.y - 72)}px` });
    menu.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        this.closeMenu();
        tab.focus();
      }
    });
    document.body.append(menu);
    this.menu = menu;
    rename.focus();
    setTimeout(() => document.addEventListener("pointerdown", this.outside, { once: true }), 0);
  }

  private readonly outside = (e: Event): void => {
    if (this.menu && !this.menu.contains(e.target as Node)) this.closeMenu();
  };

  private closeMenu(): void {
    this.menu?.remove();
    this.menu = undefined;
  }

  /** Puts an input over the tab; Enter (or leaving it) renames, Escape keeps the name. */
  rename(sheet: string, tab: HTMLElement): void {
    const input = el("input", { class: "pg-tab-rename", value: sheet, "aria-label": `Rename sheet ${sheet}` });
    input.value = sheet;
    tab.replaceWith(input);
    input.focus();
    input.select();
    let done = false;
    const finish = (commit: boolean) => {
      if (done) return;
      done = true;
      const name = input.value.trim();
      if (!commit || name === sheet || name === "") return this.after(sheet);
      void this.apply(async (ctx) => {
        ctx.workbook.worksheets.getItem(sheet).name = name;
        await ctx.sync();
      }).then((ok) => this.after(ok ? name : sheet));
    };
    input.addEventListener("keydown", (e) => {
      e.stopPropagation();
      if (e.key === "Enter") finish(true);
      if (e.key === "Escape") finish(false);
    });
    input.addEventListener("blur", () => finish(true));
  }

  async remove(sheet: string): Promise<void> {
    const used = this.workbook.inspect.usedAddress(sheet);
    // Excel asks before deleting a sheet with content: it cannot be undone.
    if (used && !window.confirm(`Delete the sheet "${sheet}"? Its data is deleted for good.`)) return;
    const ok = await this.apply(async (ctx) => {
      ctx.workbook.worksheets.getItem(sheet).delete();
      await ctx.sync();
    });
    if (ok) this.report(`Deleted the sheet "${sheet}".`, false);
    this.after(undefined);
  }

  private async apply(batch: (ctx: Excel.RequestContext) => Promise<void>): Promise<boolean> {
    try {
      await this.run(batch);
      return true;
    } catch (error) {
      this.report(error instanceof Error ? error.message : String(error), true);
      return false;
    }
  }
}
