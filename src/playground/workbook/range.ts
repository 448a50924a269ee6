import { MAX_COLUMNS, MAX_ROWS, type CellBlock } from "../../sheet";
import { usedBlock } from "./cell-read";
import type { EmulatedObject } from "./client-object";
import { officeError } from "./errors";
import { checkBlock, EmulatedRangeCore, type RangeRef } from "./range-core";
import { deleteCells, insertCells } from "./structure";
import type { EmulatedWorksheet } from "./worksheet";

export { checkBlock, type RangeRef } from "./range-core";

/** The emulated `Excel.Range`: cell access from EmulatedRangeCore, plus navigation and structural edits. */
export class EmulatedRange extends EmulatedRangeCore {
  protected override navigate(name: string): EmulatedObject | undefined {
    return name === "format" ? this.format : name === "worksheet" ? this.worksheet : undefined;
  }

  private derive(name: string, args: unknown[], fn: (ref: RangeRef) => CellBlock | null): EmulatedRange {
    return new EmulatedRange(this.context, { call: name, args, parent: this._objectId }, () => {
      const ref = this.resolve();
      const block = fn(ref);
      return block === null ? null : { sheetId: ref.sheetId, block: checkBlock(block) };
    });
  }

  getCell(row: number, column: number): EmulatedRange {
    return this.derive("getCell", [row, column], ({ block }) => ({
      row: block.row + row,
      column: block.column + column,
      rowCount: 1,
      columnCount: 1,
    }));
  }
  getOffsetRange(rowOffset: number, columnOffset: number): EmulatedRange {
    return this.derive("getOffsetRange", [rowOffset, columnOffset], ({ block }) => ({
      ...block,
      row: block.row + rowOffset,
      column: block.column + columnOffset,
    }));
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
    return this.derive("getColumn", [index], ({ block }) => ({
      ...block,
      column: block.column + index,
      columnCount: 1,
    }));
  }
  getLastRow(): EmulatedRange {
    return this.derive("getLastRow", [], ({ block }) => ({
      ...block,
      row: block.row + block.rowCount - 1,
      rowCount: 1,
    }));
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

  /** The block a dynamic-array formula anchored at this range's first cell spilled into (ExcelApi 1.12), or a null object. */
  getSpillingToRangeOrNullObject(): EmulatedRange {
    return this.derive("getSpillingToRangeOrNullObject", [], ({ sheetId, block }) => {
      const state = this.context.host.state;
      return state.spillFrom(state.requireSheet(sheetId).name, block.row, block.column) ?? null;
    });
  }

  private sheetProxy?: EmulatedWorksheet;

  /** One proxy per range, so `load("worksheet/name")` and `range.worksheet.name` see the same cache. */
  get worksheet(): EmulatedWorksheet {
    this.sheetProxy ??= this.context.worksheetProxy(
      { get: "worksheet", parent: this._objectId },
      () => this.resolve().sheetId,
    );
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
