import { parseAddress } from "../../sheet";
import type { PlaygroundHost } from "../host/install-host";
import { CellError } from "../workbook";
import { CellEditor } from "./cell-editor";
import { CellEntry } from "./cell-entry";
import { wireFileChrome } from "./file-chrome";
import { attachValuePreview } from "./value-preview-tip";
import { FormulaBar } from "./formula-bar";
import { WorkbookGridSource } from "./grid-source";
import { GridView } from "./grid-view";
import { el } from "./html";
import { Ribbon } from "./ribbon";
import { Selection } from "./selection";
import { SheetTabs } from "./sheet-tabs";
import { SheetWriter } from "./sheet-writer";
import { StatusBar } from "./status-bar";

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
  readonly element: HTMLElement;
  private readonly source: WorkbookGridSource;
  private readonly writer: SheetWriter;
  private readonly entry: CellEntry;
  sheet: string;

  constructor(private readonly host: PlaygroundHost) {
    const { workbook, functions } = host;
    this.sheet = workbook.inspect.activeSheet();
    this.writer = new SheetWriter(host.run, (text, isError) => this.status.say(text, isError));
    this.source = new WorkbookGridSource(workbook, functions, () => this.sheet);
    this.grid = new GridView(this.source);
    const editor = new CellEditor(this.grid.layer);
    this.entry = new CellEntry({
      grid: this.grid,
      editor,
      formulaBar: this.formulaBar,
      writer: this.writer,
      workbook,
      functions,
      sheet: () => this.sheet,
    });
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
    const typedInto = () => ({ sheet: this.sheet, ...this.grid.selection.active });
    attachValuePreview(editor.input, host.preview, typedInto);
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
      this.entry.showActiveCell();
    };
    this.grid.onAutofitColumn = (column) =>
      void this.writer.autofitColumn(this.sheet, column).then(() => this.grid.repaint());
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
      this.source.forget(event.sheet);
      this.changed();
    });
    functions.onUpdate(() => this.changed());
    // The add-in may activate a sheet (insert on a new sheet): follow it, as Excel's window does.
    this.host.onBatchEnd(() => this.followActiveSheet());
  }

  private followActiveSheet(): void {
    const active = this.host.workbook.inspect.activeSheet();
    if (active !== this.sheet) this.showSheet(active);
    else this.refreshChrome();
  }

  private changed(): void {
    if (!this.host.workbook.inspect.sheetNames().includes(this.sheet)) return this.followActiveSheet();
    this.grid.repaint();
    this.entry.showActiveCell();
    const busy = this.host.functions
      .all()
      .filter((c) => !c.canceled && c.display instanceof CellError && c.display.code === "#BUSY!");
    this.status.busy(busy.length);
    this.sayCircularReferences();
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
      this.grid.element.focus();
    } catch {
      this.status.say(`"${address}" is not a cell reference`, true);
    }
  }
}
