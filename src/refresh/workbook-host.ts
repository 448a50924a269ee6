import { FormulaError, type EngineHost, type ErrorCode, type Scalar } from "../formulas";
import { type CellBlock } from "../sheet";
import { isCellError, SERVICE_FUNCTIONS, type XlsxValue } from "../xlsx";
import { CellGrid } from "./cell-grid";

interface HostSheet {
  name: string;
  values: CellGrid;
  /** Typed formulas ("=…") by cell. */
  formulas: Map<string, string>;
}

const key = (row: number, column: number): string => `${row},${column}`;

export function toScalar(value: XlsxValue): Scalar {
  if (isCellError(value)) return new FormulaError(value.error as ErrorCode);
  return value;
}

export function toXlsxValue(value: Scalar): XlsxValue {
  if (value instanceof FormulaError) return { error: value.code };
  return value;
}

/**
 * The workbook as the formula engine sees it during a refresh: the file's cells with their cached values, its
 * formulas, and the SERVICE cells as external formulas whose values (and spills) the refresh sets itself.
 */
export class WorkbookHost implements EngineHost {
  readonly #sheets = new Map<string, HostSheet>();
  /** SERVICE cells ("sheet!row,column" in lower case) and the blocks their results fill. */
  readonly #external = new Map<string, CellBlock>();

  addSheet(name: string): void {
    this.#sheets.set(name.toLowerCase(), { name, values: new CellGrid(), formulas: new Map() });
  }

  #sheet(name: string): HostSheet | undefined {
    return this.#sheets.get(name.toLowerCase());
  }

  setValue(sheet: string, row: number, column: number, value: Scalar): void {
    this.#sheet(sheet)!.values.set(row, column, value);
  }

  setFormula(sheet: string, row: number, column: number, typed: string): void {
    this.#sheet(sheet)!.formulas.set(key(row, column), typed);
  }

  hasFormula(sheet: string, row: number, column: number): boolean {
    return this.#sheet(sheet)?.formulas.has(key(row, column)) ?? false;
  }

  formulaAt(sheet: string, row: number, column: number): string | undefined {
    return this.#sheet(sheet)?.formulas.get(key(row, column));
  }

  /** Marks a SERVICE cell: the engine asks the host for its value and spill instead of evaluating it. */
  setExternal(sheet: string, block: CellBlock): void {
    this.#external.set(`${sheet.toLowerCase()}!${key(block.row, block.column)}`, { ...block });
  }

  /** A SERVICE cell's new result: its values from the anchor, the cells it no longer fills emptied. */
  setExternalResult(sheet: string, block: CellBlock, values: readonly (readonly Scalar[])[]): void {
    const id = `${sheet.toLowerCase()}!${key(block.row, block.column)}`;
    const old = this.#external.get(id);
    if (old) {
      for (let r = 0; r < old.rowCount; r++)
        for (let c = 0; c < old.columnCount; c++) this.setValue(sheet, old.row + r, old.column + c, null);
    }
    values.forEach((line, r) => line.forEach((v, c) => this.setValue(sheet, block.row + r, block.column + c, v)));
    this.#external.set(id, { ...block });
  }

  externalBlock(sheet: string, row: number, column: number): CellBlock | undefined {
    return this.#external.get(`${sheet.toLowerCase()}!${key(row, column)}`);
  }

  // ---- EngineHost ----

  sheetNamed(name: string): string | null {
    return this.#sheet(name)?.name ?? null;
  }

  sheets(): string[] {
    return [...this.#sheets.values()].map((s) => s.name);
  }

  value(sheet: string, row: number, column: number): Scalar {
    return this.#sheet(sheet)?.values.get(row, column) ?? null;
  }

  hasContent(sheet: string, row: number, column: number): boolean {
    const s = this.#sheet(sheet);
    return s !== undefined && (s.values.has(row, column) || s.formulas.has(key(row, column)));
  }

  extent(sheet: string): { rows: number; columns: number } {
    const s = this.#sheet(sheet);
    let { rows, columns } = s?.values.extent() ?? { rows: 0, columns: 0 };
    for (const k of s ? s.formulas.keys() : []) {
      const [r, c] = k.split(",").map(Number);
      rows = Math.max(rows, r + 1);
      columns = Math.max(columns, c + 1);
    }
    return { rows, columns };
  }

  formulasIn(sheet: string, block: CellBlock, visit: (row: number, column: number, formula: string) => void): void {
    for (const [k, formula] of this.#sheet(sheet)?.formulas ?? []) {
      const [r, c] = k.split(",").map(Number);
      if (r >= block.row && r < block.row + block.rowCount && c >= block.column && c < block.column + block.columnCount)
        visit(r, c, formula);
    }
  }

  write(sheet: string, row: number, column: number, values: readonly (readonly (Scalar | undefined)[])[]): void {
    values.forEach((line, i) =>
      line.forEach((v, j) => {
        if (v === null) return;
        this.setValue(sheet, row + i, column + j, v === undefined ? null : v);
      }),
    );
  }

  external(_formula: string, sheet: string, row: number, column: number): Scalar | undefined {
    return this.externalBlock(sheet, row, column) ? this.value(sheet, row, column) : undefined;
  }

  externalSpill(sheet: string, row: number, column: number): CellBlock | undefined {
    return this.externalBlock(sheet, row, column);
  }

  isExternal(name: string): boolean {
    return name.toUpperCase().startsWith("SERVICE.");
  }

  /** The add-in's functions, as the workbook reader knows them (a misspelt one's message lists them). */
  externalFunctions(): readonly string[] {
    return SERVICE_FUNCTIONS.map((fn) => `SERVICE.${fn}`);
  }
}
