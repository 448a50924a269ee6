import { cellAddress, parseAddress, type CellBlock } from "../../sheet";
import type { PlaygroundHost } from "../host/install-host";
import { CellError } from "../workbook";
import type { CellEntry } from "./cell-entry";
import type { CellEdits } from "./editing/cell-edits";
import { createGridEditing } from "./editing/grid-editing";
import { cellStatusText } from "./error-notes";
import { wireFileChrome } from "./file-chrome";
import { FirstFormulasHint } from "./first-formulas-hint";
import { FormulaBar } from "./formula-bar";
import { WorkbookGridSource } from "./grid-source";
import { GridView } from "./grid-view";
import { el } from "./html";
import { PaneResizer } from "./pane-resizer";
import { Ribbon, actionLabel } from "./ribbon";
import { addRibbonCommands } from "./ribbon-commands";
import { Selection } from "./selection";
import { SheetTabs } from "./sheet-tabs";
import { SheetWriter } from "./sheet-writer";
import { StatusBar } from "./status-bar";
import { attachValuePreview } from "./value-preview-tip";
import { installWindowFocus } from "./window-focus";

/** The playground's window: ribbon, formula bar, grid with sheet tabs, the task pane beside it, status bar. */
export class PlaygroundView {
  readonly ribbon = new Ribbon();
  readonly formulaBar = new FormulaBar();
  readonly tabs = new SheetTabs();
  readonly status = new StatusBar();
  /** `#app`: where the real pane bundle mounts itself, as in the add-in's taskpane.html. */
  readonly paneRoot = el("div", { class: "pg-pane-root", id: "app" });
  readonly pane = el("aside", { class: "pg-pane", "aria-label": "Task pane", tabindex: "-1" }, [
    el("div", { class: "pg-pane-title" }, [el("span", { text: "Service Data" })]),
    this.paneRoot,
  ]);
  readonly grid: GridView;
  private readonly sheetSection: HTMLElement;
  readonly element: HTMLElement;
  readonly edits: CellEdits;
  private readonly source: WorkbookGridSource;
  private readonly writer: SheetWriter;
  private readonly entry: CellEntry;
  private readonly resizer: PaneResizer;
  private readonly commands: ReturnType<typeof addRibbonCommands>;
  sheet: string;

  constructor(private readonly host: PlaygroundHost) {
    const { workbook, functions } = host;
    const say = (text: string, isError?: boolean) => this.status.say(text, isError);
    this.sheet = workbook.inspect.activeSheet();
    // The user's edits apply at once, as typing does in Excel; the window follows the add-in's batches only.
    this.writer = new SheetWriter(workbook.userRun, say);
    this.source = new WorkbookGridSource(workbook, functions, () => this.sheet);
    this.grid = new GridView(this.source);
    const editing = createGridEditing({
      workbook,
      functions,
      grid: this.grid,
      formulaBar: this.formulaBar,
      writer: this.writer,
      sheet: () => this.sheet,
      say,
      reveal: (sheet, block) => this.reveal(sheet, block),
    });
    this.edits = editing.edits;
    this.entry = editing.entry;
    this.resizer = new PaneResizer(this.pane, safeStorage(), () => this.grid.repaint());
    this.commands = addRibbonCommands({
      ribbon: this.ribbon,
      edits: this.edits,
      writer: this.writer,
      grid: this.grid,
      workbook,
      sheet: () => this.sheet,
      say,
    });
    const hint = new FirstFormulasHint({
      hasContent: () => workbook.inspect.sheetNames().some((s) => workbook.inspect.usedAddress(s, true) !== null),
      onChange: (listener) => workbook.onChange(listener),
      enter: (formula) => this.enterInA1(formula),
      focusGrid: () => this.grid.focus(),
      storage: safeStorage(),
    });
    this.sheetSection = el("section", { class: "pg-sheet", "aria-label": "Workbook" }, [
      hint.element,
      this.grid.element,
      this.tabs.element,
    ]);
    this.element = el("div", { class: "pg-app" }, [
      this.ribbon.element,
      this.formulaBar.element,
      el("div", { class: "pg-main" }, [this.sheetSection, this.resizer.element, this.pane]),
      this.status.element,
    ]);
    this.wire();
    const typedInto = () => ({ sheet: this.sheet, ...this.grid.selection.active });
    attachValuePreview(editing.editor.input, host.preview, typedInto);
    attachValuePreview(this.formulaBar.input, host.preview, typedInto);
    wireFileChrome(host, {
      element: this.element,
      ribbon: this.ribbon,
      tabs: this.tabs,
      status: this.status,
      showSheet: (sheet) => this.showSheet(sheet ?? workbook.inspect.activeSheet()),
      focusGrid: () => this.grid.element.focus(),
    });
    this.refreshChrome();
    this.grid.select(Selection.at(0, 0));
  }

  private wire(): void {
    const { workbook, functions, actions } = this.host;
    this.grid.onSelectionChange = (sel) => {
      workbook.select(this.sheet, sel.address);
      this.showActiveCell();
    };
    this.grid.onAutofitColumn = (column) =>
      void this.writer.autofitColumn(this.sheet, column).then(() => this.grid.repaint());
    this.formulaBar.onGoTo = (address) => this.goTo(address);
    this.tabs.onSelect = (sheet) => this.showSheet(sheet);
    this.tabs.onAdd = () => void this.writer.addSheet().then((name) => name && this.showSheet(name));
    this.ribbon.onAction = async (id) => {
      const label = actionLabel(id);
      this.status.say(`${label}: running…`);
      try {
        await actions.invoke(id);
        // The command's handler ended (event.completed()); what it did, the add-in says (Refresh All: in its pane).
        this.status.say(`${label}: handed to the add-in`);
      } catch (error) {
        this.status.say(`${label} failed: ${(error as Error).message}`, true);
      }
    };
    this.ribbon.onTogglePane = () => {
      this.pane.hidden = !this.pane.hidden;
      this.resizer.element.hidden = this.pane.hidden;
      this.grid.repaint();
      return !this.pane.hidden;
    };
    const renderActions = () => {
      this.ribbon.render(actions.ids());
      this.commands.showDataRefresh(actions.ids().includes("refreshAll"));
    };
    renderActions();
    actions.onAssociate(renderActions);
    workbook.onChange((event) => {
      this.source.changed(event);
      this.changed();
    });
    functions.onUpdate(() => this.changed());
    // The add-in may activate a sheet (insert on a new sheet): follow it, as Excel's window does.
    this.host.onBatchEnd(() => this.followActiveSheet());
    // Office.addin.showAsTaskpane(): a pane the user hid comes back (the ribbon's Refresh All asks in it).
    this.host.onShowTaskpane(() => this.ribbon.showPane(this.pane.hidden));
    installWindowFocus(document, {
      sheet: this.sheetSection,
      grid: this.grid,
      pane: this.pane,
      paneRoot: this.paneRoot,
      ribbon: this.ribbon,
      formulaBar: this.formulaBar,
    });
  }

  private followActiveSheet(): void {
    const active = this.host.workbook.inspect.activeSheet();
    if (active !== this.sheet) this.showSheet(active);
    else this.refreshChrome();
  }

  private changed(): void {
    if (!this.host.workbook.inspect.sheetNames().includes(this.sheet)) return this.followActiveSheet();
    this.grid.repaint();
    this.showActiveCell();
    const busy = this.host.functions
      .all()
      .filter((c) => !c.canceled && c.display instanceof CellError && c.display.code === "#BUSY!");
    this.status.busy(busy.length);
    this.sayCircularReferences();
  }

  /** The active cell in the name box, formula bar, Number Format box and status line (its message, if any). */
  private showActiveCell(): void {
    this.entry.showActiveCell();
    this.commands.showFormat();
    const { row, column } = this.grid.selection.active;
    this.status.showCell(cellStatusText(cellAddress(row, column), this.source.views.cell(this.sheet, row, column, [])));
  }

  private circular = "";

  /** As Excel's status bar: "Circular References: Sheet1!A1" while the workbook has one. */
  private sayCircularReferences(): void {
    const circular = this.host.workbook.inspect.circularReferences();
    const text = circular.length > 0 ? `Circular References: ${circular.join(", ")}` : "";
    if (text === this.circular) return;
    if (text || this.circular) this.status.say(text, text !== "");
    this.circular = text;
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

  /** A formula typed into A1 of the sheet shown (the first-formulas hint), one undo step as typing is. */
  private async enterInA1(formula: string): Promise<void> {
    const sheet = this.sheet;
    this.grid.select(Selection.at(0, 0));
    this.grid.focus();
    const block = { row: 0, column: 0, rowCount: 1, columnCount: 1 };
    await this.edits.change("Typing", [{ sheet, block }], () => this.writer.write(sheet, "A1", formula));
  }

  /** Shows a sheet and selects a block there (after an undo, redo or paste). */
  private reveal(sheet: string, block: CellBlock): void {
    const name = this.host.workbook.inspect.sheetNames().find((n) => n.toLowerCase() === sheet.toLowerCase());
    if (!name) return;
    if (name !== this.sheet) this.showSheet(name);
    const last = { row: block.row + block.rowCount - 1, column: block.column + block.columnCount - 1 };
    this.grid.select(new Selection({ row: block.row, column: block.column }, last));
  }

  private goTo(address: string): void {
    try {
      const target = parseAddress(address);
      if (target.sheet) {
        const name = this.host.workbook.inspect
          .sheetNames()
          .find((n) => n.toLowerCase() === target.sheet?.toLowerCase());
        if (!name) throw new Error(`no sheet ${target.sheet}`);
        this.showSheet(name);
      }
      const last = { row: target.row + target.rowCount - 1, column: target.column + target.columnCount - 1 };
      this.grid.select(new Selection({ row: target.row, column: target.column }, last));
      this.grid.focus();
      this.showActiveCell();
    } catch {
      this.status.say(`"${address}" is not a cell reference`, true);
    }
  }
}

/** localStorage, where the page may use it (a sandboxed frame may not). */
function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
