import { cellAddress, type CellBlock, parseAddress } from "../../sheet";
import type { FunctionCells } from "../function-cells/function-cells";
import type { PlaygroundWorkbook } from "../workbook";

/** What the grid draws in one cell. */
export interface CellView {
  text: string;
  align: "left" | "right" | "center";
  /** Hover text: a function's error message, #SPILL! cause, "Calculating…". */
  message?: string;
  error: boolean;
  /** Recalculating, still showing its previous value (Excel's loading mark). */
  loading?: boolean;
  /** Part of a dynamic array: its top-left (anchor) or a spilled cell. */
  spill?: "anchor" | "child";
  /** Table styling: header row or a banded (odd) data row. */
  table?: "header" | "band" | "row";
  bold: boolean;
  italic: boolean;
  color?: string;
  fill?: string;
}

const ERROR_TEXT = /^#(N\/A|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|NULL!|SPILL!|CALC!|BUSY!)$/;

export interface TableArea {
  block: CellBlock;
}

/** Reads one cell's look from the workbook (values, formats, styles) and the SERVICE cells (spills, messages). */
export class CellViews {
  constructor(
    private readonly workbook: Pick<PlaygroundWorkbook, "inspect">,
    private readonly functions: Pick<FunctionCells, "ownerOf">,
  ) {}

  /** The tables on a sheet, for header and band styling; read once per paint. */
  tables(sheet: string): TableArea[] {
    return this.workbook.inspect
      .tables()
      .filter((t) => t.sheet.toLowerCase() === sheet.toLowerCase())
      .map((t) => ({ block: parseAddress(t.address) }));
  }

  cell(sheet: string, row: number, column: number, tables: readonly TableArea[]): CellView {
    const snap = this.workbook.inspect.cell(sheet, cellAddress(row, column));
    const value = snap.value;
    const error =
      (snap.kind === "error" || snap.kind === "formula") && typeof value === "string" && ERROR_TEXT.test(value);
    let align: CellView["align"] = "left";
    if (typeof value === "number" && snap.numberFormat !== "@") align = "right";
    else if (typeof value === "boolean" || error) align = "center";
    const view: CellView = {
      text: snap.text,
      align,
      error,
      bold: snap.style.bold === true,
      italic: snap.style.italic === true,
      color: snap.style.fontColor,
      fill: snap.style.fillColor,
    };
    const owner = this.functions.ownerOf(sheet, row, column);
    if (owner) {
      const anchor = owner.row === row && owner.column === column;
      if (owner.spilled) view.spill = anchor ? "anchor" : "child";
      const message = owner.messageAt(row, column);
      if (message) view.message = message;
      else if (anchor && snap.text === "#BUSY!") view.message = "Calculating…";
      if (anchor && owner.loading) {
        view.loading = true;
        view.message ??= "Refreshing: the previous value is shown until the new one arrives";
      }
    } else {
      // The workbook's own formulas: their spills, and what their values say (#NAME?'s "not available…").
      const spill = this.workbook.inspect.spillAt(sheet, row, column);
      if (spill && !spill.blocked)
        view.spill = spill.block.row === row && spill.block.column === column ? "anchor" : "child";
      const message = this.workbook.inspect.message(sheet, cellAddress(row, column));
      if (message) view.message = message;
    }
    for (const t of tables) {
      const b = t.block;
      if (row < b.row || row >= b.row + b.rowCount || column < b.column || column >= b.column + b.columnCount) continue;
      view.table = row === b.row ? "header" : (row - b.row) % 2 === 1 ? "band" : "row";
      break;
    }
    return view;
  }
}
