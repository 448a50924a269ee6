import type { CellBlock } from "../../sheet";
import type { CellStyle, SheetState, Stored } from "./cell-types";
import type { WorkbookState } from "./workbook-state";

/** What one cell holds as the user entered it: a formula or a constant, its number format, style, quote prefix. */
export interface CellContent {
  /** Offsets inside the block. */
  row: number;
  column: number;
  formula?: string;
  /** A constant (absent for a formula cell, and for a cell a formula's array spilled into: that is calculated). */
  value?: Stored;
  format?: string;
  quotePrefix?: true;
  style?: CellStyle;
}

/** A block's contents, for undo and the clipboard: only cells with something in them are listed. */
export interface BlockContents {
  rowCount: number;
  columnCount: number;
  cells: CellContent[];
}

/** A cell whose value a formula's array spilled there (not the formula's own cell, the block's top left). */
function spilledInto(spills: readonly CellBlock[], row: number, column: number): boolean {
  return spills.some(
    (b) =>
      (row !== b.row || column !== b.column) &&
      row >= b.row &&
      row < b.row + b.rowCount &&
      column >= b.column &&
      column < b.column + b.columnCount,
  );
}

/**
 * Reads what the user could put back: formulas, constants, formats, styles, quote prefixes; never the values
 * formulas spilled (`spills`: the sheet's spilled blocks, each with its formula at the top left).
 */
export function readContents(sheet: SheetState, block: CellBlock, spills: readonly CellBlock[]): BlockContents {
  const cells = new Map<number, CellContent>();
  const at = (row: number, column: number): CellContent => {
    const key = (row - block.row) * block.columnCount + (column - block.column);
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = { row: row - block.row, column: column - block.column }));
    return cell;
  };
  sheet.formulas.forEachIn(block, (r, c, formula) => (at(r, c).formula = formula));
  sheet.values.forEachIn(block, (r, c, value) => {
    if (sheet.formulas.get(r, c) === undefined && !spilledInto(spills, r, c)) at(r, c).value = value;
  });
  sheet.formats.forEachIn(block, (r, c, format) => (at(r, c).format = format));
  sheet.quotePrefix.forEachIn(block, (r, c) => (at(r, c).quotePrefix = true));
  sheet.styles.forEachIn(block, (r, c, style) => (at(r, c).style = { ...style }));
  return { rowCount: block.rowCount, columnCount: block.columnCount, cells: [...cells.values()] };
}

/**
 * Replaces the block of `contents`' size at (row, column) with them, as they are: no entry rules (a pasted text
 * "00123" stays text, a formula stays the formula given). Everything the user entered in the block is replaced
 * (contents, formats, styles); values other formulas spilled there (`spills`) are theirs and stay. The change is
 * recorded as an input, so formulas recalculate and spills lay out again.
 */
export function writeContents(
  state: WorkbookState,
  sheet: SheetState,
  at: { row: number; column: number },
  contents: BlockContents,
  spills: readonly CellBlock[],
): CellBlock {
  const { row, column } = at;
  const block = { row, column, rowCount: contents.rowCount, columnCount: contents.columnCount };
  const entered: [number, number][] = [];
  sheet.values.forEachIn(block, (r, c) => {
    if (!spilledInto(spills, r, c)) entered.push([r, c]);
  });
  for (const [r, c] of entered) sheet.values.delete(r, c);
  for (const layer of [sheet.formulas, sheet.formats, sheet.styles, sheet.quotePrefix]) layer.clearBlock(block);
  for (const cell of contents.cells) {
    const r = row + cell.row;
    const c = column + cell.column;
    if (cell.formula !== undefined) sheet.formulas.set(r, c, cell.formula);
    else if (cell.value !== undefined) sheet.values.set(r, c, cell.value);
    if (cell.format !== undefined) sheet.formats.set(r, c, cell.format);
    if (cell.quotePrefix) sheet.quotePrefix.set(r, c, true);
    if (cell.style) sheet.styles.set(r, c, { ...cell.style });
  }
  state.changes.touch(sheet.id, block);
  return block;
}
