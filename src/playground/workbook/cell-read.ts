import { MAX_COLUMNS, MAX_ROWS, blockAddress, columnLetter, qualifiedAddress, type CellBlock } from "../../sheet";
import { CellError, type SheetState, type Stored } from "./cell-types";
import { displayText } from "../../formulas";
import { officeError } from "./errors";

/** "Sheet1!A1:C3", or "Sheet1!A:C" / "Sheet1!2:4" for whole columns / rows, as Office.js reports them. */
export function rangeAddress(sheetName: string, block: CellBlock): string {
  if (block.rowCount === MAX_ROWS) {
    const first = columnLetter(block.column);
    return qualifiedAddress(sheetName, `${first}:${columnLetter(block.column + block.columnCount - 1)}`);
  }
  if (block.columnCount === MAX_COLUMNS)
    return qualifiedAddress(sheetName, `${block.row + 1}:${block.row + block.rowCount}`);
  return qualifiedAddress(sheetName, blockAddress(block));
}

export type ReadKind = "values" | "formulas" | "numberFormat" | "text" | "valueTypes";

function valueOf(v: Stored | undefined): string | number | boolean {
  if (v === undefined) return "";
  return v instanceof CellError ? v.code : v;
}

function typeOf(v: Stored | undefined): string {
  if (v === undefined) return "Empty";
  if (v instanceof CellError) return "Error";
  if (typeof v === "number") return "Double";
  if (typeof v === "boolean") return "Boolean";
  return "String";
}

/** One 2D property of a block, read from the sheet's layers. */
export function readMatrix(sheet: SheetState, block: CellBlock, kind: ReadKind): unknown[][] {
  const out: unknown[][] = new Array(block.rowCount);
  for (let i = 0; i < block.rowCount; i++) {
    const r = block.row + i;
    const row = new Array<unknown>(block.columnCount);
    for (let j = 0; j < block.columnCount; j++) {
      const c = block.column + j;
      const v = sheet.values.get(r, c);
      switch (kind) {
        case "values":
          row[j] = valueOf(v);
          break;
        case "formulas":
          row[j] = sheet.formulas.get(r, c) ?? valueOf(v);
          break;
        case "numberFormat":
          row[j] = sheet.formats.get(r, c) ?? "General";
          break;
        case "text":
          row[j] = displayText(v, sheet.formats.get(r, c) ?? "General");
          break;
        case "valueTypes":
          row[j] = typeOf(v);
          break;
      }
    }
    out[i] = row;
  }
  return out;
}

/** Bounding block of used cells (values and formulas; formats and styles too unless valuesOnly). */
export function usedBlock(sheet: SheetState, valuesOnly: boolean, within?: CellBlock): CellBlock | null {
  const layers = valuesOnly ? [sheet.values, sheet.formulas] : sheet.layers();
  let acc: CellBlock | null = null;
  for (const layer of layers) {
    const b = layer.bounds(within);
    if (!b) continue;
    if (!acc) acc = b;
    else {
      const row = Math.min(acc.row, b.row);
      const column = Math.min(acc.column, b.column);
      acc = {
        row,
        column,
        rowCount: Math.max(acc.row + acc.rowCount, b.row + b.rowCount) - row,
        columnCount: Math.max(acc.column + acc.columnCount, b.column + b.columnCount) - column,
      };
    }
  }
  return acc;
}

const MATRIX_PROPERTIES: Record<string, ReadKind> = {
  values: "values",
  formulas: "formulas",
  formulasLocal: "formulas",
  numberFormat: "numberFormat",
  numberFormatLocal: "numberFormat",
  text: "text",
  valueTypes: "valueTypes",
};

/** A loadable `Range` property of a block, computed while a load applies. */
export function rangeProperty(sheet: SheetState, block: CellBlock, name: string, responseLimitBytes: number): unknown {
  const kind = MATRIX_PROPERTIES[name];
  if (kind) {
    // Even empty cells cost a few bytes each: a read this large could never fit in a response.
    if (block.rowCount * block.columnCount > responseLimitBytes / 3) {
      throw officeError("ResponsePayloadSizeLimitExceeded", "The response payload size has exceeded the limit.");
    }
    return readMatrix(sheet, block, kind);
  }
  switch (name) {
    case "address":
    case "addressLocal":
      return rangeAddress(sheet.name, block);
    case "rowCount":
      return block.rowCount;
    case "columnCount":
      return block.columnCount;
    case "cellCount":
      return block.rowCount * block.columnCount;
    case "rowIndex":
      return block.row;
    case "columnIndex":
      return block.column;
    case "isEntireColumn":
      return block.rowCount === MAX_ROWS;
    case "isEntireRow":
      return block.columnCount === MAX_COLUMNS;
  }
  return undefined;
}
