import { MAX_COLUMNS, MAX_ROWS, type CellBlock } from "../../sheet";
import type { SheetState } from "./cell-types";
import { rangeProperty, usedBlock } from "./cell-read";
import { officeError } from "./errors";
import { EmulatedRangeFormat, type RangeTarget } from "./range-format";
import type { EmulatedContext } from "./request-context";
import { ResolvedObject } from "./resolved-object";
import { writeMatrixInput, type MatrixKind } from "./range-write";
import { deleteCells, insertCells } from "./structure";
import { EmulatedWorksheet } from "./worksheet";

export interface RangeRef {
  sheetId: string;
  block: CellBlock;
}

export function checkBlock(block: CellBlock): CellBlock {
  const ok =
    Number.isInteger(block.row) && Number.isInteger(block.column) && block.row >= 0 && block.column >= 0 &&
    block.rowCount >= 1 && block.columnCount >= 1 &&
    block.row + block.rowCount <= MAX_ROWS && block.column + block.columnCount <= MAX_COLUMNS;
  if (!ok) throw officeError("InvalidArgument", "The range is outside the worksheet (1,048,576 rows × 16,384 columns).");
  return block;
}

/** The emulated `Excel.Range`. */
export class EmulatedRange extends ResolvedObject<RangeRef> implements RangeTarget {
  readonly format: EmulatedRangeFormat;

  constructor(context: EmulatedContext, payload: Record<string, unknown>, resolver: () => RangeRef | null) {
    super(context);
    this.format = new EmulatedRangeFormat(context, this);
    this.bind(payload, resolver);
  }

  protected override revalidate(ref: RangeRef): RangeRef {
    this.context.host.state.requireSheet(ref.sheetId);
    return ref;
  }

  target(): { sheet: SheetState; block: CellBlock } {
    const ref = this.resolve();
    return { sheet: this.context.host.state.requireSheet(ref.sheetId), block: ref.block };
  }

  touch(): void {
    const { sheet, block } = this.target();
    this.context.host.state.changes.touch(sheet.id, block);
  }

  protected scalarProperties(): readonly string[] {
    return [
      "address", "addressLocal", "rowCount", "columnCount", "cellCount", "rowIndex", "columnIndex",
      "values", "formulas", "formulasLocal", "numberFormat", "numberFormatLocal", "text", "valueTypes",
      "isEntireColumn", "isEntireRow",
    ];
  }

  protected override navigate(name: string): EmulatedRangeFormat | EmulatedWorksheet | undefined {
    return name === "format" ? this.format : name === "worksheet" ? this.worksheet : undefined;
  }

  protected readNow(name: string): unknown {
    const { sheet, block } = this.target();
    return rangeProperty(sheet, block, name, this.context.host.limits.responseBytes);
  }

  private applyMatrix(kind: MatrixKind, input: unknown): void {
    const { sheet, block } = this.target();
    writeMatrixInput(this.context.host.state, sheet, block, kind, input);
  }

  get address(): string { return this.read("address"); }
  get addressLocal(): string { return this.read("addressLocal"); }
  get rowCount(): number { return this.read("rowCount"); }
  get columnCount(): number { return this.read("columnCount"); }
  get cellCount(): number { return this.read("cellCount"); }
  get rowIndex(): number { return this.read("rowIndex"); }
  get columnIndex(): number { return this.read("columnIndex"); }
  get text(): string[][] { return this.read("text"); }
  get valueTypes(): string[][] { return this.read("valueTypes"); }
  get isEntireColumn(): boolean { return this.read("isEntireColumn"); }
  get isEntireRow(): boolean { return this.read("isEntireRow"); }

  get values(): unknown[][] { return this.read("values"); }
  set values(v: unknown[][]) { this.assign("values", v, () => this.applyMatrix("values", v)); }
  get formulas(): unknown[][] { return this.read("formulas"); }
  set formulas(v: unknown[][]) { this.assign("formulas", v, () => this.applyMatrix("formulas", v)); }
  get formulasLocal(): unknown[][] { return this.read("formulasLocal"); }
  set formulasLocal(v: unknown[][]) { this.assign("formulasLocal", v, () => this.applyMatrix("formulas", v)); }
  get numberFormat(): unknown[][] { return this.read("numberFormat"); }
  set numberFormat(v: unknown[][]) { this.assign("numberFormat", v, () => this.applyMatrix("numberFormat", v)); }
  get numberFormatLocal(): unknown[][] { return this.read("numberFormatLocal"); }
  set numberFormatLocal(v: unknown[][]) { this.assign("numberFormatLocal", v, () => this.applyMatrix("numberFormat", v)); }

  /** `range.set({ values, numberFormat, format: { font: { bold } } })`. */
  set(properties: Record<string, unknown>): void {
    for (const [k, v] of Object.entries(properties)) {
      if (k === "format" && v && typeof v === "object") {
        const f = v as { font?: Record<string, unknown>; fill?: Record<string, unknown>; columnWidth?: number };
        if (f.font) Object.assign(this.format.font, f.font);
        if (f.fill) Object.assign(this.format.fill, f.fill);
        if (f.columnWidth !== undefined) this.format.columnWidth = f.columnWidth;
      } else if (["values", "formulas", "formulasLocal", "numberFormat", "numberFormatLocal"].includes(k)) {
        (this as unknown as Record<string, unknown>)[k] = v;
      } else throw officeError("InvalidArgument", `Property "${k}" can't be set.`);
    }
  }

  private derive(name: string, args: unknown[], fn: (ref: RangeRef) => CellBlock | null): EmulatedRange {
    return new EmulatedRange(this.context, { call: name, args, parent: this._objectId }, () => {
      const ref = this.resolve();
      const block = fn(ref);
      return block === null ? null : { sheetId: ref.sheetId, block: checkBlock(block) };
    });
  }

  getCell(row: number, column: number): EmulatedRange {
    return this.derive("getCell", [row, column], ({ block }) => ({ row: block.row + row, column: block.column + column, rowCount: 1, columnCount: 1 }));
  }
  getOffsetRange(rowOffset: number, columnOffset: number): EmulatedRange {
    return this.derive("getOffsetRange", [rowOffset, columnOffset], ({ block }) => ({ ...block, row: block.row + rowOffset, column: block.column + columnOffset }));
  }
  getResizedRange(deltaRows: number, deltaColumns: number): EmulatedRange {
    return this.derive("getResizedRange", [deltaRows, deltaColumns], ({ block }) => ({
      ...block,
      rowCount: block.rowCount + deltaRows,
      columnCount: block.columnCount + deltaColumns,
    }));
  }
  getRow(index: number): EmulatedRange {
    return this.derive("getRow", [index], ({ block }) => ({ ...block, row: block.row + index, rowCount: 1 }));
  }
  getColumn(index: number): EmulatedRange {
    return this.derive("getColumn", [index], ({ block }) => ({ ...block, column: block.column + index, columnCount: 1 }));
  }
  getLastRow(): EmulatedRange {
    return this.derive("getLastRow", [], ({ block }) => ({ ...block, row: block.row + block.rowCount - 1, rowCount: 1 }));
  }
  getEntireColumn(): EmulatedRange {
    return this.derive("getEntireColumn", [], ({ block }) => ({ ...block, row: 0, rowCount: MAX_ROWS }));
  }
  getEntireRow(): EmulatedRange {
    return this.derive("getEntireRow", [], ({ block }) => ({ ...block, column: 0, columnCount: MAX_COLUMNS }));
  }
  /** Used cells within this range; ItemNotFound when there are none (Office.js). */
  getUsedRange(valuesOnly = false): EmulatedRange {
    return this.derive("getUsedRange", [valuesOnly], ({ sheetId, block }) => {
      const used = usedBlock(this.context.host.state.requireSheet(sheetId), valuesOnly, block);
      if (!used) throw officeError("ItemNotFound", "The range has no used cells.");
      return used;
    });
  }
  getUsedRangeOrNullObject(valuesOnly = false): EmulatedRange {
    return this.derive("getUsedRangeOrNullObject", [valuesOnly], ({ sheetId, block }) =>
      usedBlock(this.context.host.state.requireSheet(sheetId), valuesOnly, block),
    );
  }

  private sheetProxy?: EmulatedWorksheet;

  /** One proxy per range, so `load("worksheet/name")` and `range.worksheet.name` see the same cache. */
  get worksheet(): EmulatedWorksheet {
    this.sheetProxy ??= new EmulatedWorksheet(this.context, { get: "worksheet", parent: this._objectId }, () => this.resolve().sheetId);
    return this.sheetProxy;
  }

  clear(applyTo: string = "All"): void {
    this.queue({ call: "clear", applyTo }, () => {
      const { sheet, block } = this.target();
      const contents = ["All", "Contents", "ResetContents"].includes(applyTo);
      const formats = ["All", "Formats"].includes(applyTo);
      if (contents) [sheet.values, sheet.formulas, sheet.quotePrefix].forEach((g) => g.clearBlock(block));
      if (formats) [sheet.formats, sheet.styles].forEach((g) => g.clearBlock(block));
      this.touch();
    });
  }

  delete(shift: "Up" | "Left"): void {
    this.queue({ call: "delete", shift }, () => {
      const { sheet, block } = this.target();
      deleteCells(this.context.host.state, sheet, block, shift);
    });
  }

  insert(shift: "Down" | "Right"): EmulatedRange {
    this.queue({ call: "insert", shift }, () => {
      const { sheet, block } = this.target();
      insertCells(this.context.host.state, sheet, block, shift);
    });
    return this.derive("insertResult", [], ({ block }) => block);
  }

  select(): void {
    this.queue({ call: "select" }, () => {
      const { sheet, block } = this.target();
      const state = this.context.host.state;
      state.selection = { sheetId: sheet.id, block };
      state.activeSheetId = sheet.id;
    });
  }
}
