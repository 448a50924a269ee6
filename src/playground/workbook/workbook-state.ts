import { cellAddress, type CellBlock } from "../../sheet";
import { CellError, SheetState, type Stored, type TableState } from "./cell-types";
import { ChangeLog } from "./change-log";
import { parseEntry } from "./entry";
import { officeError } from "./errors";
import { evaluateBuiltIn } from "./formula";

/**
 * The playground's hook for formulas the built-in evaluator does not know (SERVICE.*): return the value (an
 * error value included: #BUSY! while computing, #SPILL!, #VALUE!…), or undefined to fall back (unknown
 * functions then show #NAME?, like Excel without the add-in).
 */
export type FormulaHook = (formula: string, cell: { sheet: string; address: string }) => Stored | undefined;

const BAD_SHEET_CHARS = /[\\/?*[\]:]/;

/** The workbook's content, independent of the Office.js proxies that read and write it. */
export class WorkbookState {
  readonly sheets: SheetState[] = [];
  tables: TableState[] = [];
  activeSheetId = "";
  selection: { sheetId: string; block: CellBlock } = {
    sheetId: "",
    block: { row: 0, column: 0, rowCount: 1, columnCount: 1 },
  };
  readonly changes = new ChangeLog();
  private counter = 0;

  constructor(
    sheetNames: readonly string[],
    readonly evaluateHook?: FormulaHook,
  ) {
    for (const name of sheetNames.length ? sheetNames : ["Sheet1"]) this.addSheet(name);
    this.activeSheetId = this.sheets[0].id;
    this.selection.sheetId = this.activeSheetId;
    this.changes.drain(() => undefined); // the initial sheets are not a change
  }

  newId(prefix: string): string {
    return `${prefix}{${(++this.counter).toString(16).padStart(8, "0").toUpperCase()}}`;
  }

  sheetById(id: string): SheetState | undefined {
    return this.sheets.find((s) => s.id === id);
  }

  sheetByName(name: string): SheetState | undefined {
    const key = name.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === key);
  }

  requireSheet(id: string): SheetState {
    const s = this.sheetById(id);
    if (!s) throw officeError("ItemNotFound", "The worksheet no longer exists.");
    return s;
  }

  /** Excel's rules: 1–31 characters, none of \ / ? * [ ] :, not starting or ending with ', unique ignoring case. */
  validateSheetName(name: string, except?: SheetState): void {
    if (name.length === 0 || name.length > 31 || BAD_SHEET_CHARS.test(name) || /^'|'$/.test(name)) {
      throw officeError("InvalidArgument", `"${name}" is not a valid worksheet name.`);
    }
    const clash = this.sheetByName(name);
    if (clash && clash !== except)
      throw officeError("ItemAlreadyExists", `A worksheet named "${name}" already exists.`);
  }

  addSheet(name?: string): SheetState {
    let n = this.sheets.length + 1;
    let chosen = name;
    while (chosen === undefined || (name === undefined && this.sheetByName(chosen))) chosen = `Sheet${n++}`;
    this.validateSheetName(chosen);
    const sheet = new SheetState(this.newId("sheet"), chosen);
    this.sheets.push(sheet);
    this.changes.structure(sheet.id);
    return sheet;
  }

  deleteSheet(sheet: SheetState): void {
    if (this.sheets.length === 1)
      throw officeError("InvalidOperation", "A workbook must contain at least one visible worksheet.");
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
    this.tables = this.tables.filter((t) => t.sheetId !== sheet.id);
    if (this.activeSheetId === sheet.id) this.activeSheetId = this.sheets[0].id;
    if (this.selection.sheetId === sheet.id)
      this.selection = { sheetId: this.activeSheetId, block: { row: 0, column: 0, rowCount: 1, columnCount: 1 } };
  }

  tablesOn(sheetId: string): TableState[] {
    return this.tables.filter((t) => t.sheetId === sheetId);
  }

  tableByKey(key: string): TableState | undefined {
    const k = key.toLowerCase();
    return this.tables.find((t) => t.name.toLowerCase() === k || t.id === key);
  }

  formatAt(sheet: SheetState, row: number, col: number): string {
    return sheet.formats.get(row, col) ?? "General";
  }

  /** Writes one input through the entry rules (values or formulas property). Caller records the change. */
  writeInput(sheet: SheetState, row: number, col: number, input: unknown): void {
    const entry = parseEntry(input, this.formatAt(sheet, row, col));
    switch (entry.kind) {
      case "skip":
        return;
      case "empty":
        sheet.values.delete(row, col);
        sheet.formulas.delete(row, col);
        sheet.quotePrefix.delete(row, col);
        return;
      case "constant":
        sheet.values.set(row, col, entry.value);
        sheet.formulas.delete(row, col);
        sheet.quotePrefix.set(row, col, entry.quotePrefix ? true : undefined);
        // Excel gives a General cell the format of what was recognised (a date, a percentage…).
        if (entry.format && this.formatAt(sheet, row, col) === "General") sheet.formats.set(row, col, entry.format);
        return;
      case "formula":
        sheet.formulas.set(row, col, entry.formula);
        sheet.quotePrefix.delete(row, col);
        sheet.values.set(row, col, this.evaluate(sheet, row, col, entry.formula));
        return;
    }
  }

  evaluate(sheet: SheetState, row: number, col: number, formula: string): Stored {
    const hooked = this.evaluateHook?.(formula, { sheet: sheet.name, address: cellAddress(row, col) });
    if (hooked !== undefined) return hooked;
    return evaluateBuiltIn(formula, {
      cell: (name, r, c) => {
        const target = name === undefined ? sheet : this.sheetByName(name);
        return target ? target.values.get(r, c) : new CellError("#REF!");
      },
    });
  }

  /** Recomputes every formula (a few passes settle simple chains; no dependency graph in the playground). */
  recalculate(): void {
    for (let pass = 0; pass < 3; pass++) {
      let changed = false;
      for (const sheet of this.sheets) {
        const all = sheet.formulas.bounds();
        if (!all) continue;
        sheet.formulas.forEachIn(all, (r, c, f) => {
          const before = sheet.values.get(r, c);
          const after = this.evaluate(sheet, r, c, f);
          const same =
            before instanceof CellError && after instanceof CellError ? before.code === after.code : before === after;
          if (!same) {
            sheet.values.set(r, c, after);
            this.changes.touch(sheet.id, { row: r, column: c, rowCount: 1, columnCount: 1 });
            changed = true;
          }
        });
      }
      if (!changed) return;
    }
  }
}
