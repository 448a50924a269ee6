import { parseAddress, type CellBlock } from "../../sheet";
import type { SheetState, TableState } from "./cell-types";
import { rangeAddress } from "./cell-read";
import { EmulatedCollection } from "./collection";
import { officeError } from "./errors";
import { checkBlock, EmulatedRange } from "./range";
import type { EmulatedContext } from "./request-context";
import { ResolvedObject } from "./resolved-object";
import { EmulatedTableColumnCollection, EmulatedTableRowCollection } from "./table-rows";
import { addTable, resizeTable, validateTableName } from "./table-state";
import type { EmulatedWorksheet } from "./worksheet";

/** The emulated `Excel.Table`, bound to a table id. */
export class EmulatedTable extends ResolvedObject<string> {
  readonly rows: EmulatedTableRowCollection;
  readonly columns: EmulatedTableColumnCollection;

  constructor(context: EmulatedContext, payload: Record<string, unknown>, resolver: () => string | null) {
    super(context);
    this.rows = new EmulatedTableRowCollection(context, this);
    this.columns = new EmulatedTableColumnCollection(context, this);
    this.bind(payload, resolver);
  }

  table(): TableState {
    const id = this.resolve();
    const t = this.context.host.state.tables.find((x) => x.id === id);
    if (!t) throw officeError("ItemNotFound", "The table no longer exists.");
    return t;
  }

  sheetOf(table: TableState): SheetState {
    return this.context.host.state.requireSheet(table.sheetId);
  }

  protected scalarProperties(): readonly string[] {
    return ["id", "name", "showHeaders", "showTotals", "style"];
  }

  protected readNow(name: string): unknown {
    const t = this.table();
    return { id: t.id, name: t.name, showHeaders: true, showTotals: false, style: t.style }[name];
  }

  get id(): string {
    return this.read("id");
  }
  get name(): string {
    return this.read("name");
  }
  set name(v: string) {
    this.assign("name", v, () => {
      const t = this.table();
      validateTableName(this.context.host.state, v, t);
      t.name = v;
      this.context.host.state.changes.structure(t.sheetId);
    });
  }
  get showHeaders(): boolean {
    return this.read("showHeaders");
  }
  get showTotals(): boolean {
    return this.read("showTotals");
  }
  get style(): string {
    return this.read("style");
  }
  set style(v: string) {
    this.assign("style", v, () => void (this.table().style = v));
  }

  private part(name: string, pick: (b: CellBlock) => CellBlock): EmulatedRange {
    return new EmulatedRange(this.context, { call: name, parent: this._objectId }, () => {
      const t = this.table();
      return { sheetId: t.sheetId, block: pick(t.block) };
    });
  }

  getRange(): EmulatedRange {
    return this.part("getRange", (b) => b);
  }
  getHeaderRowRange(): EmulatedRange {
    return this.part("getHeaderRowRange", (b) => ({ ...b, rowCount: 1 }));
  }
  getDataBodyRange(): EmulatedRange {
    return this.part("getDataBodyRange", (b) => ({ ...b, row: b.row + 1, rowCount: b.rowCount - 1 }));
  }

  private sheetProxy?: EmulatedWorksheet;

  get worksheet(): EmulatedWorksheet {
    this.sheetProxy ??= this.context.worksheetProxy(
      { get: "worksheet", parent: this._objectId },
      () => this.table().sheetId,
    );
    return this.sheetProxy;
  }

  protected override navigate(name: string): EmulatedWorksheet | undefined {
    return name === "worksheet" ? this.worksheet : undefined;
  }

  /** ExcelApi 1.13: the header stays in its row; the new range must overlap the old one. */
  resize(newRange: EmulatedRange | string): void {
    this.queue({ call: "resize", address: typeof newRange === "string" ? newRange : newRange._objectId }, () => {
      const t = this.table();
      const sheet = this.sheetOf(t);
      const block = typeof newRange === "string" ? checkBlock(parseAddress(newRange)) : newRange.target().block;
      resizeTable(this.context.host.state, sheet, t, block);
    });
  }

  /** Deletes the table and its cells' contents and formats (Office.js `table.delete()`). */
  delete(): void {
    this.queue({ call: "delete" }, () => {
      const t = this.table();
      const sheet = this.sheetOf(t);
      sheet.layers().forEach((layer) => layer.clearBlock(t.block));
      const state = this.context.host.state;
      state.tables = state.tables.filter((x) => x !== t);
      state.changes.structure(sheet.id);
      state.changes.touch(sheet.id, t.block);
    });
  }

  /** Keeps the cells, drops the table. */
  convertToRange(): EmulatedRange {
    const range = this.getRange();
    this.queue({ call: "convertToRange" }, () => {
      const t = this.table();
      const state = this.context.host.state;
      state.tables = state.tables.filter((x) => x !== t);
      state.changes.structure(t.sheetId);
    });
    return range;
  }

  /** For inspection: "Sheet1!A1:C10". */
  addressNow(): string {
    const t = this.table();
    return rangeAddress(this.sheetOf(t).name, t.block);
  }
}

/** `workbook.tables` (scope undefined) or `worksheet.tables` (scope = that sheet). */
export class EmulatedTableCollection extends EmulatedCollection<EmulatedTable, string> {
  constructor(
    context: EmulatedContext,
    private readonly scope?: () => string,
  ) {
    super(context);
  }

  protected entities(): string[] {
    const state = this.context.host.state;
    const sheetId = this.scope?.();
    return state.tables.filter((t) => sheetId === undefined || t.sheetId === sheetId).map((t) => t.id);
  }

  protected makeItem(id: string): EmulatedTable {
    return new EmulatedTable(this.context, { item: id }, () => id);
  }

  private find(key: string): string | null {
    const t = this.context.host.state.tableByKey(key);
    const sheetId = this.scope?.();
    return t && (sheetId === undefined || t.sheetId === sheetId) ? t.id : null;
  }

  getItem(key: string): EmulatedTable {
    return new EmulatedTable(this.context, { call: "getItem", key, parent: this._objectId }, () => {
      const id = this.find(key);
      if (id === null) throw officeError("ItemNotFound", `The table "${key}" doesn't exist.`);
      return id;
    });
  }

  getItemOrNullObject(key: string): EmulatedTable {
    return new EmulatedTable(this.context, { call: "getItemOrNullObject", key, parent: this._objectId }, () =>
      this.find(key),
    );
  }

  /** `add("Sheet1!A1:C10", true)` or `add(range, true)`; unqualified addresses are on the scope's (or active) sheet. */
  add(address: EmulatedRange | string, hasHeaders: boolean): EmulatedTable {
    return new EmulatedTable(
      this.context,
      { call: "add", address: typeof address === "string" ? address : address._objectId, hasHeaders },
      () => {
        const state = this.context.host.state;
        let sheet: SheetState;
        let block: CellBlock;
        if (typeof address === "string") {
          const parsed = parseAddress(address);
          const named = parsed.sheet === undefined ? undefined : state.sheetByName(parsed.sheet);
          if (parsed.sheet !== undefined && !named)
            throw officeError("ItemNotFound", `The worksheet "${parsed.sheet}" doesn't exist.`);
          sheet = named ?? state.requireSheet(this.scope?.() ?? state.activeSheetId);
          block = checkBlock({
            row: parsed.row,
            column: parsed.column,
            rowCount: parsed.rowCount,
            columnCount: parsed.columnCount,
          });
        } else ({ sheet, block } = address.target());
        return addTable(state, sheet, block, hasHeaders).id;
      },
    );
  }
}
