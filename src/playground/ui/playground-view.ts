import { cellAddress, parseAddress } from "../../sheet";
import type { PlaygroundHost } from "../host/install-host";
import { CellError } from "../workbook";
import { CellEditor, type EditEnd } from "./cell-editor";
import { CellViews } from "./cell-view";
import { entryText } from "./entry-text";
import { FormulaBar } from "./formula-bar";
import { GridView } from "./grid-view";
import { el } from "./html";
import { handleGridKey } from "./keyboard";
import { Ribbon } from "./ribbon";
import { Selection } from "./selection";
import { SheetTabs } from "./sheet-tabs";
import { StatusBar } from "./status-bar";
import { SheetWriter } from "./sheet-writer";

/** The playground's window: ribbon, formula bar, grid with sheet tabs, the task pane beside it, status bar. */
export class PlaygroundView {
  readonly ribbon = new Ribbon();
  readonly formulaBar = new FormulaBar();
  readonly tabs = new SheetTabs();
  readonly status = new StatusBar();
  /** `#app`: where the real pane bundle mounts itself, as in the add-in's taskpane.html. */
  readonly paneRoot = el("div", { class: "pg-pane-root", id: "app" });
  readonly pane = el("aside", { class: "pg-pane", "aria-label": "Task pane" }, [
    el("div", { class: "pg-pane-title" }, [el("span", { text: "Service Data" })]),
    this.paneRoot,
  ]);
  readonly grid: GridView;
  readonly editor: CellEditor;
  readonly element: HTMLElement;
  private readonly writer: SheetWriter;
  private readonly usedCache = new Map<string, { rows: number; columns: number }>();
  sheet: string;

  constructor(private readonly host: PlaygroundHost) {
    const { workbook, functions } = host;
    this.sheet = workbook.inspect.activeSheet();
    this.writer = new SheetWriter(host.run, (text, isError) => this.status.say(text, isError));
    this.grid = new GridView({
      views: new CellViews(workbook, functions),
      sheet: () => this.sheet,
      used: (sheet) => this.used(sheet),
      columnWidth: (sheet, column) => workbook.inspect.columnWidth(sheet, column),
      spillAround: (sheet, row, column) => {
        const owner = functions.ownerOf(sheet, row, column);
        if (owner?.spilled) return { block: owner.spilled.block, blocked: false };
        return owner?.wanted ? { block: owner.wanted, blocked: true } : undefined;
      },
    });
    this.editor = new CellEditor(this.grid.layer);
    this.element = el("div", { class: "pg-app" }, [
      this.ribbon.element,
      this.formulaBar.element,
      el("div", { class: "pg-main" }, [
        el("section", { class: "pg-sheet", "aria-label": "Workbook" }, [this.grid.element, this.tabs.element]),
        this.pane,
      ]),
      this.status.element,
    ]);
    this.wire();
    this.refreshChrome();
    this.grid.select(Selection.at(0, 0));
  }

  private wire(): void {
    const { workbook, functions, actions } = this.host;
    this.grid.onSelectionChange = (sel) => {
      workbook.select(this.sheet, sel.address);
      this.showActiveCell();
    };
    this.grid.onEditRequest = (initial) => this.startEdit(initial);
    this.grid.onAutofitColumn = (column) =>
      void this.writer.autofitColumn(this.sheet, column).then(() => this.grid.repaint());
    this.grid.afterPaint = () => {
      if (this.editor.open) this.editor.place(this.grid.activeRect());
    };
    this.grid.element.addEventListener("keydown", (e) => {
      if (this.editor.open) return;
      const handled = handleGridKey(e, {
        selection: () => this.grid.selection,
        select: (sel) => this.grid.select(sel),
        edit: (initial) => this.startEdit(initial),
        clear: () => void this.writer.clear(this.sheet, this.grid.selection.address),
      });
      if (handled) e.preventDefault();
    });
    this.editor.onCommit = (text, then) => void this.commit(text, then);
    this.editor.onCancel = () => this.grid.element.focus();
    this.formulaBar.onCommit = (text) => {
      void this.commit(text, "down");
    };
    this.formulaBar.onCancel = () => this.grid.element.focus();
    this.formulaBar.onGoTo = (address) => this.goTo(address);
    this.tabs.onSelect = (sheet) => this.showSheet(sheet);
    this.tabs.onAdd = () => void this.writer.addSheet().then((name) => name && this.showSheet(name));
    this.ribbon.onAction = async (id) => {
      this.status.say(`Running ${id}…`);
      try {
        await actions.invoke(id);
        this.status.say(`${id}: done`);
      } catch (error) {
        this.status.say(`${id} failed: ${(error as Error).message}`, true);
      }
    };
    this.ribbon.onTogglePane = () => {
      this.pane.hidden = !this.pane.hidden;
      this.grid.repaint();
      return !this.pane.hidden;
    };
    this.ribbon.render(actions.ids());
    actions.onAssociate(() => this.ribbon.render(actions.ids()));
    workbook.onChange((event) => {
      this.usedCache.delete(event.sheet.toLowerCase());
      this.changed();
    });
    functions.onUpdate(() => this.changed());
    this.host.onBatchEnd(() => {
      const active = workbook.inspect.activeSheet();
      if (active !== this.sheet) this.showSheet(active);
      else this.refreshChrome();
    });
  }

  /**
   * Rows and columns in use, for the scroll area. Finding them walks every stored cell, so it is kept until the
   * sheet changes rather than redone on every scroll frame.
   */
  private used(sheet: string): { rows: number; columns: number } {
    const key = sheet.toLowerCase();
    let used = this.usedCache.get(key);
    if (!used) {
      const address = this.host.workbook.inspect.usedAddress(sheet);
      const b = address ? parseAddress(address) : null;
      used = b ? { rows: b.row + b.rowCount, columns: b.column + b.columnCount } : { rows: 0, columns: 0 };
      this.usedCache.set(key, used);
    }
    return used;
  }

  private changed(): void {
    this.grid.repaint();
    this.showActiveCell();
    const busy = this.host.functions
      .all()
      .filter((c) => !c.canceled && c.display instanceof CellError && c.display.code === "#BUSY!");
    this.status.busy(busy.length);
  }

  private refreshChrome(): void {
    this.tabs.render(this.host.workbook.inspect.sheetNames(), this.sheet);
  }

  showSheet(sheet: string): void {
    this.sheet = sheet;
    this.grid.element.scrollTo(0, 0);
    this.refreshChrome();
    this.grid.select(Selection.at(0, 0));
  }

  private showActiveCell(): void {
    const { row, column } = this.grid.selection.active;
    const entry = entryText(this.host.workbook, this.host.functions, this.sheet, row, column);
    this.formulaBar.show(this.grid.selection.address, entry.text, entry.derived);
  }

  private goTo(address: string): void {
    try {
      const target = parseAddress(address);
      if (target.sheet) this.showSheet(target.sheet);
      this.grid.select(
        new Selection(
          { row: target.row, column: target.column },
          { row: target.row + target.rowCount - 1, column: target.column + target.columnCount - 1 },
        ),
      );
      this.grid.element.focus();
    } catch {
      this.status.say(`"${address}" is not a cell reference`, true);
    }
  }

  private startEdit(initial?: string): void {
    const { row, column } = this.grid.selection.active;
    const text = initial ?? entryText(this.host.workbook, this.host.functions, this.sheet, row, column).text;
    this.editor.start(text, this.grid.activeRect());
  }

  private async commit(text: string, then: EditEnd): Promise<void> {
    const { row, column } = this.grid.selection.active;
    await this.writer.write(this.sheet, cellAddress(row, column), text);
    if (then === "down") this.grid.select(Selection.at(row + 1, column));
    if (then === "right") this.grid.select(Selection.at(row, column + 1));
    this.grid.element.focus();
  }
}
