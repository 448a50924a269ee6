import { MAX_COLUMNS, MAX_ROWS, type CellBlock } from "../../sheet";
import type { SheetState } from "./cell-types";
import { rangeProperty } from "./cell-read";
import type { EmulatedObject } from "./client-object";
import { officeError } from "./errors";
import { EmulatedRangeFormat, type RangeTarget } from "./range-format";
import type { EmulatedContext } from "./request-context";
import { ResolvedObject } from "./resolved-object";
import { writeMatrixInput, type MatrixKind } from "./range-write";

export interface RangeRef {
  sheetId: string;
  block: CellBlock;
}

export function checkBlock(block: CellBlock): CellBlock {
  const ok =
    Number.isInteger(block.row) &&
    Number.isInteger(block.column) &&
    block.row >= 0 &&
    block.column >= 0 &&
    block.rowCount >= 1 &&
    block.columnCount >= 1 &&
    block.row + block.rowCount <= MAX_ROWS &&
    block.column + block.columnCount <= MAX_COLUMNS;
  if (!ok)
    throw officeError("InvalidArgument", "The range is outside the worksheet (1,048,576 rows × 16,384 columns).");
  return block;
}

/**
 * The part of the emulated `Excel.Range` that reads and writes cells: properties, load, assignments.
 * Navigation and structural methods are in `EmulatedRange` (range.ts).
 */
export class EmulatedRangeCore extends ResolvedObject<RangeRef> implements RangeTarget {
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
      "address",
      "addressLocal",
      "rowCount",
      "columnCount",
      "cellCount",
      "rowIndex",
      "columnIndex",
      "values",
      "formulas",
      "formulasLocal",
      "numberFormat",
      "numberFormatLocal",
      "text",
      "valueTypes",
      "isEntireColumn",
      "isEntireRow",
    ];
  }

  protected override navigate(name: string): EmulatedObject | undefined {
    return name === "format" ? this.format : undefined;
  }

  protected readNow(name: string): unknown {
    const { sheet, block } = this.target();
    return rangeProperty(sheet, block, name, this.context.host.limits.responseBytes);
  }

  protected applyMatrix(kind: MatrixKind, input: unknown): Iterable<void> {
    const { sheet, block } = this.target();
    return writeMatrixInput(this.context.host.state, sheet, block, kind, input);
  }

  get address(): string {
    return this.read("address");
  }
  get addressLocal(): string {
    return this.read("addressLocal");
  }
  get rowCount(): number {
    return this.read("rowCount");
  }
  get columnCount(): number {
    return this.read("columnCount");
  }
  get cellCount(): number {
    return this.read("cellCount");
  }
  get rowIndex(): number {
    return this.read("rowIndex");
  }
  get columnIndex(): number {
    return this.read("columnIndex");
  }
  get text(): string[][] {
    return this.read("text");
  }
  get valueTypes(): string[][] {
    return this.read("valueTypes");
  }
  get isEntireColumn(): boolean {
    return this.read("isEntireColumn");
  }
  get isEntireRow(): boolean {
    return this.read("isEntireRow");
  }

  get values(): unknown[][] {
    return this.read("values");
  }
  set values(v: unknown[][]) {
    this.assign("values", v, () => this.applyMatrix("values", v));
  }
  get formulas(): unknown[][] {
    return this.read("formulas");
  }
  set formulas(v: unknown[][]) {
    this.assign("formulas", v, () => this.applyMatrix("formulas", v));
  }
  get formulasLocal(): unknown[][] {
    return this.read("formulasLocal");
  }
  set formulasLocal(v: unknown[][]) {
    this.assign("formulasLocal", v, () => this.applyMatrix("formulas", v));
  }
  get numberFormat(): unknown[][] {
    return this.read("numberFormat");
  }
  set numberFormat(v: unknown[][]) {
    this.assign("numberFormat", v, () => this.applyMatrix("numberFormat", v));
  }
  get numberFormatLocal(): unknown[][] {
    return this.read("numberFormatLocal");
  }
  set numberFormatLocal(v: unknown[][]) {
    this.assign("numberFormatLocal", v, () => this.applyMatrix("numberFormat", v));
  }

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
}
