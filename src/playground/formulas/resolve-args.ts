import type { CellBlock } from "../../sheet";
import { CellError, type Stored } from "../workbook";
import type { CallArgument } from "./parse-call";

/** Reads one cell's current value; `sheet` is the formula's own sheet when the reference has none. */
export type CellReader = (sheet: string, row: number, column: number) => Stored | undefined;

/** A value as a custom function receives it: scalars, or a matrix for a range. */
export type ArgumentValue = string | number | boolean | null | (string | number | boolean | null)[][];

export type ResolvedArguments = { ok: true; values: ArgumentValue[] } | { ok: false; error: CellError };

// Ranges passed to a function are read cell by cell; a whole-column reference would be a million reads.
const MAX_RANGE_CELLS = 100_000;

/**
 * An empty referenced cell arrives as null in Excel on the web, which the playground emulates (desktop Excel
 * passes 0; not documented, reported in OfficeDev/office-js#4702). An error in a referenced cell is the formula's
 * result and the function is not called, as Excel propagates errors into custom functions' cells.
 */
function plain(value: Stored | undefined): string | number | boolean | null | CellError {
  return value === undefined ? null : value;
}

function readBlock(read: CellReader, sheet: string, block: CellBlock): ArgumentValue | CellError {
  if (block.rowCount * block.columnCount > MAX_RANGE_CELLS) return new CellError("#VALUE!");
  const rows: (string | number | boolean | null)[][] = [];
  for (let r = 0; r < block.rowCount; r++) {
    const line: (string | number | boolean | null)[] = [];
    for (let c = 0; c < block.columnCount; c++) {
      const v = plain(read(sheet, block.row + r, block.column + c));
      if (v instanceof CellError) return v;
      line.push(v);
    }
    rows.push(line);
  }
  return rows.length === 1 && rows[0].length === 1 ? rows[0][0] : rows;
}

/** Turns parsed arguments into the values passed to the function; omitted arguments are null, as in Excel. */
export function resolveArguments(args: readonly CallArgument[], ownSheet: string, read: CellReader): ResolvedArguments {
  const values: ArgumentValue[] = [];
  for (const arg of args) {
    switch (arg.kind) {
      case "missing":
        values.push(null);
        break;
      case "string":
      case "number":
      case "boolean":
        values.push(arg.value);
        break;
      case "reference": {
        const v = readBlock(read, arg.address.sheet ?? ownSheet, arg.address);
        if (v instanceof CellError) return { ok: false, error: v };
        values.push(v);
        break;
      }
    }
  }
  // Trailing omitted arguments are the same as not written at all.
  while (values.length > 0 && values[values.length - 1] === null && args[values.length - 1].kind === "missing")
    values.pop();
  return { ok: true, values };
}
