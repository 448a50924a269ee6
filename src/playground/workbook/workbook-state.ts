import type { CellBlock } from "../../sheet";
import { systemClock, type Clock } from "../../clock";
import { FormulaEngine, type EngineSpill } from "../../formulas";
import { SheetState, type Stored, type TableState } from "./cell-types";
import { ChangeLog } from "./change-log";
import { engineHost, type ExternalFunctions } from "./engine-host";
import { parseEntry } from "./entry";
import { officeError } from "./errors";

/**
 * The playground's hook for formulas the formula engine does not evaluate (SERVICE.*): return the value (an
 * error value included: #BUSY! while computing, #SPILL!, #VALUE!…), or undefined when the formula is not such a
 * call (the engine evaluates it; unknown functions show #NAME?, like Excel without the add-in).
 */
export type FormulaHook = (formula: string, cell: { sheet: string; address: string }) => Stored | undefined;

export interface CalculationOptions {
  /** TODAY and NOW read it; the system clock by default. */
  clock?: Pick<Clock, "now">;
  /** Names of functions only the hook evaluates (they cannot be part of a larger expression). */
  isExternal?: (name: string) => boolean;
  /** Those functions by qualified name. */
  externalNames?: () => readonly string[];
  /** The block the hook's formula at a cell spilled into (for `A1#`). */
  externalSpill?: ExternalFunctions["spillAt"];
}

const BAD_SHEET_CHARS = /[\\/?*[\]:]/;
const DATE_FORMULA = /^=\s*(TODAY|NOW|DATE)\s*\(/i;

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
  /** Every formula's calculation: only what a change affects recalculates, in dependency order. */
  readonly engine: FormulaEngine;
  /** Told before a full calculation that re-runs custom functions. */
  onFullCalculation?: () => void;
  private counter = 0;
  private structureChanged = false;
  private readonly externalSpill: CalculationOptions["externalSpill"];

  constructor(sheetNames: readonly string[], evaluateHook?: FormulaHook, calculation: CalculationOptions = {}) {
    const external: ExternalFunctions | undefined = evaluateHook && {
      evaluate: (formula, at) => evaluateHook(formula, { sheet: at.sheet, address: at.address }),
      isExternal: calculation.isExternal,
      names: calculation.externalNames,
      spillAt: calculation.externalSpill,
    };
    this.externalSpill = calculation.externalSpill;
    this.engine = new FormulaEngine(engineHost(this, external), { clock: calculation.clock ?? systemClock });
    // What users and add-ins change reaches the engine; a structural change (sheets, inserted cells) reads every
    // formula again at the next calculation.
    this.changes.onInput = (sheetId, block) => {
      const sheet = this.sheetById(sheetId);
      if (!block || !sheet) this.structureChanged = true;
      else if (!this.structureChanged) this.engine.changed(sheet.name, block);
    };
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

  /**
   * The block the formula anchored at a cell spilled into (the engine's own formulas, or the add-in's functions laid
   * out by the host), as `Range.getSpillingToRangeOrNullObject` answers: undefined for any other cell.
   */
  spillFrom(sheetName: string, row: number, column: number): CellBlock | undefined {
    const external = this.externalSpill?.(sheetName, row, column);
    if (external && external.row === row && external.column === column) return external;
    const lower = sheetName.toLowerCase();
    const own = this.engine
      .spills()
      .find((s) => s.sheet.toLowerCase() === lower && s.row === row && s.column === column);
    return own && { row: own.row, column: own.column, rowCount: own.rowCount, columnCount: own.columnCount };
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
    this.structureChanged = true;
    this.tables = this.tables.filter((t) => t.sheetId !== sheet.id);
    if (this.activeSheetId === sheet.id) this.activeSheetId = this.sheets[0].id;
    if (this.selection.sheetId === sheet.id)
      this.selection = { sheetId: this.activeSheetId, block: { row: 0, column: 0, rowCount: 1, columnCount: 1 } };
    // Told as a structural change of the sheet that remains active (the deleted one has no name to be told by).
    this.changes.structure(this.activeSheetId);
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
      case "formula": {
        // Calculated with its dependents at the end of the sync (or the next one, while calculation is suspended).
        sheet.formulas.set(row, col, entry.formula);
        sheet.quotePrefix.delete(row, col);
        // Excel gives a General cell a date format when its formula is TODAY(), NOW() or DATE(…).
        const dated = DATE_FORMULA.exec(entry.formula)?.[1]?.toUpperCase();
        if (dated && this.formatAt(sheet, row, col) === "General")
          sheet.formats.set(row, col, dated === "NOW" ? "m/d/yyyy h:mm" : "m/d/yyyy");
        return;
      }
    }
  }

  /** Calculates what changed since the last calculation (and volatile formulas); `full` recalculates everything. */
  recalculate(full = false): void {
    if (this.structureChanged) {
      this.structureChanged = false;
      this.engine.rebuild();
    }
    if (full) this.engine.calculateFull();
    else this.engine.recalculate();
  }

  /**
   * Every formula recalculates. With `customFunctions`, custom functions are invoked again too, as a full
   * recalculation does in Excel (Ctrl+Alt+F9; office-js#2122, grangeryy, 2021-09-16: "Have you tried ctrl+alt+f9?"),
   * unlike Calculate Now / F9 (office-js#1462, 2020-10-26: "Calculate Now (F9) doesn't recalculate custom
   * functions").
   */
  calculateFull(customFunctions: boolean): void {
    if (customFunctions) this.onFullCalculation?.();
    this.recalculate(true);
  }

  /**
   * After a file was opened: every formula is read and calculates at the next calculation, and the blocks the file
   * says a formula spilled into are that formula's own (its new result replaces them instead of being blocked).
   */
  opened(spills: readonly EngineSpill[]): void {
    this.structureChanged = false;
    this.engine.rebuild();
    for (const spill of spills) this.engine.adoptSpill(spill);
  }
}
