import { parseAddress, type CellBlock } from "../../sheet";
import { CellError, type CellStyle, type SheetState } from "./cell-types";
import { readMatrix, rangeAddress, usedBlock } from "./cell-read";
import { displayText } from "../../formulas";
import type { WorkbookState } from "./workbook-state";

const WHOLE_SHEET: CellBlock = { row: 0, column: 0, rowCount: 1_048_576, columnCount: 16_384 };

/** Everything about one cell, for tests and the playground grid (not part of Office.js). */
export interface CellSnapshot {
  kind: "empty" | "text" | "number" | "boolean" | "error" | "formula";
  value: string | number | boolean | null;
  formula: string | null;
  numberFormat: string;
  quotePrefix: boolean;
  text: string;
  style: CellStyle;
}

export interface TableSnapshot {
  name: string;
  sheet: string;
  address: string;
}

/**
 * Direct, synchronous reads of the workbook for tests and the playground UI. They bypass requests on
 * purpose: they are not counted in `stats` and need no load/sync.
 */
export class WorkbookInspector {
  constructor(private readonly state: WorkbookState) {}

  private sheet(name: string): SheetState {
    const s = this.state.sheetByName(name);
    if (!s) throw new Error(`No worksheet named "${name}"`);
    return s;
  }

  private block(address: string): CellBlock {
    const { row, column, rowCount, columnCount } = parseAddress(address);
    return { row, column, rowCount, columnCount };
  }

  sheetNames(): string[] {
    return this.state.sheets.map((s) => s.name);
  }

  /** A sheet's id (it survives a rename), or undefined. */
  sheetId(name: string): string | undefined {
    return this.state.sheetByName(name)?.id;
  }

  activeSheet(): string {
    return this.state.requireSheet(this.state.activeSheetId).name;
  }

  selection(): string {
    const { sheetId, block } = this.state.selection;
    return rangeAddress(this.state.requireSheet(sheetId).name, block);
  }

  cell(sheetName: string, a1: string): CellSnapshot {
    const sheet = this.sheet(sheetName);
    const { row, column } = this.block(a1);
    const v = sheet.values.get(row, column);
    const formula = sheet.formulas.get(row, column) ?? null;
    const numberFormat = sheet.formats.get(row, column) ?? "General";
    let kind: CellSnapshot["kind"];
    if (formula !== null) kind = "formula";
    else if (v === undefined) kind = "empty";
    else if (v instanceof CellError) kind = "error";
    else kind = typeof v === "string" ? "text" : typeof v === "number" ? "number" : "boolean";
    return {
      kind,
      value: v === undefined ? null : v instanceof CellError ? v.code : v,
      formula,
      numberFormat,
      quotePrefix: sheet.quotePrefix.get(row, column) === true,
      text: displayText(v, numberFormat),
      style: { ...sheet.styles.get(row, column) },
    };
  }

  /**
   * What the cell's value has to say: an error's message (`#NAME?`: "XLOOKUP is not available…"), or the
   * calculation's note (a circular reference). Undefined when there is nothing to say.
   */
  message(sheetName: string, a1: string): string | undefined {
    const sheet = this.sheet(sheetName);
    const { row, column } = this.block(a1);
    const v = sheet.values.get(row, column);
    if (v instanceof CellError && v.message) return v.message;
    return this.state.engine.noteAt(sheet.name, row, column);
  }

  /** The block a formula's array result spilled into (or would, while blocked) that holds this cell. */
  spillAt(sheetName: string, row: number, column: number): { block: CellBlock; blocked: boolean } | undefined {
    return this.state.engine.spillAt(this.sheet(sheetName).name, row, column);
  }

  /** A test of whether a cell of the sheet holds a value or a formula (for moving to the edges of data). */
  contentTest(sheetName: string): (row: number, column: number) => boolean {
    const sheet = this.sheet(sheetName);
    return (row, column) =>
      sheet.values.get(row, column) !== undefined || sheet.formulas.get(row, column) !== undefined;
  }

  /**
   * How many entries a block's cells have (values, formulas, number formats, styles; a cell may count more than
   * once): what copying or undoing the block would hold in memory, found without building it.
   */
  entries(sheetName: string, address: string): number {
    const sheet = this.sheet(sheetName);
    const block = this.block(address);
    let n = 0;
    for (const layer of [sheet.values, sheet.formulas, sheet.formats, sheet.styles]) layer.forEachIn(block, () => n++);
    return n;
  }

  /** Every formula of a sheet with its cell (0-based), in row order. */
  formulaCells(sheetName: string): { row: number; column: number; formula: string }[] {
    const out: { row: number; column: number; formula: string }[] = [];
    this.sheet(sheetName).formulas.forEachIn(WHOLE_SHEET, (row, column, formula) => out.push({ row, column, formula }));
    return out;
  }

  /** Formula cells in a circular reference ("Sheet1!A1"), as Excel's status bar lists them. */
  circularReferences(): string[] {
    return this.state.engine.circularReferences();
  }

  /** Like `range.values` (errors as their code, empty as ""). */
  values(sheetName: string, address: string): (string | number | boolean)[][] {
    return readMatrix(this.sheet(sheetName), this.block(address), "values") as (string | number | boolean)[][];
  }

  formulas(sheetName: string, address: string): (string | number | boolean)[][] {
    return readMatrix(this.sheet(sheetName), this.block(address), "formulas") as (string | number | boolean)[][];
  }

  numberFormats(sheetName: string, address: string): string[][] {
    return readMatrix(this.sheet(sheetName), this.block(address), "numberFormat") as string[][];
  }

  text(sheetName: string, address: string): string[][] {
    return readMatrix(this.sheet(sheetName), this.block(address), "text") as string[][];
  }

  /** "Sheet1!A1:D20", or null when the sheet is empty. */
  usedAddress(sheetName: string, valuesOnly = false): string | null {
    const sheet = this.sheet(sheetName);
    const b = usedBlock(sheet, valuesOnly);
    return b ? rangeAddress(sheet.name, b) : null;
  }

  tables(): TableSnapshot[] {
    return this.state.tables.map((t) => {
      const sheet = this.state.requireSheet(t.sheetId).name;
      return { name: t.name, sheet, address: rangeAddress(sheet, t.block) };
    });
  }

  columnWidth(sheetName: string, column: number): number | undefined {
    return this.sheet(sheetName).columnWidths.get(column);
  }
}
