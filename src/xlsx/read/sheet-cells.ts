import { cellAddress, parseA1, parseAddress } from "../../sheet";
import { shiftReferences } from "../formula/shift-references";
import type { Cell, Formula, FormulaKind } from "../model/cell-types";
import { cellValue } from "./cell-value";
import { parseCellRef } from "./cell-ref";
import { unreadable, type SheetContext } from "./sheet-context";
import type { CellLayout, ElementSpan, RowLayout } from "./sheet-layout";

/** The rows, cells and formulas of a sheet as `readSheet` meets them, with the checks that keep edits safe. */

export function attrValue(span: ElementSpan, name: string): string | undefined {
  return span.attrs.find((a) => a.name === name)?.value;
}

export function startRow(frame: ElementSpan, rows: RowLayout[], ctx: SheetContext): RowLayout {
  const previous = rows[rows.length - 1];
  const r = attrValue(frame, "r");
  const index = r === undefined ? (previous ? previous.row + 1 : 0) : Number(r) - 1;
  if (!Number.isInteger(index) || index < 0 || index >= 1_048_576) throw unreadable(ctx, `a row is numbered "${r}"`);
  if (previous && index <= previous.row) throw unreadable(ctx, `row ${index + 1} comes after row ${previous.row + 1}`);
  const row: RowLayout = { row: index, element: frame, cells: [] };
  rows.push(row);
  return row;
}

/** An address in a form Excel does not write ("b3", "$B$3"), still read as other tools may write it. */
function parseA1OrNull(r: string): { row: number; column: number } | null {
  try {
    return parseA1(r);
  } catch {
    return null;
  }
}

export function startCell(frame: ElementSpan, row: RowLayout, ctx: SheetContext): CellLayout {
  const previous = row.cells[row.cells.length - 1];
  const r = attrValue(frame, "r");
  let column = previous ? previous.column + 1 : 0;
  if (r !== undefined) {
    const at = parseCellRef(r) ?? parseA1OrNull(r);
    if (!at) throw unreadable(ctx, `a cell is addressed "${r}"`);
    if (at.row !== row.row) throw unreadable(ctx, `the cell ${r} is stored in row ${row.row + 1}`);
    column = at.column;
  }
  if (previous && column <= previous.column) throw unreadable(ctx, `cells of row ${row.row + 1} are out of order`);
  const cell: CellLayout = { row: row.row, column, element: frame, others: [] };
  row.cells.push(cell);
  return cell;
}

export function finishCell(layout: CellLayout, inline: string[], ctx: SheetContext): Cell {
  const el = layout.element;
  const r = attrValue(el, "r");
  const ref = r !== undefined && parseCellRef(r) ? r : cellAddress(layout.row, layout.column);
  const t = attrValue(el, "t") ?? "n";
  const f = layout.f;
  const v = layout.v;
  const { type, value } = cellValue(t, v?.text, layout.is ? inline.join("") : undefined, ctx, ref);
  const cell: Cell = {
    ref,
    row: layout.row,
    column: layout.column,
    type,
    value,
    style: Number(attrValue(el, "s") ?? 0) || 0,
  };
  if (f) {
    const kind = (attrValue(f, "t") ?? "normal") as FormulaKind;
    if (!["normal", "shared", "array", "dataTable"].includes(kind))
      throw unreadable(ctx, `the formula in ${ref} is of type "${kind}"`);
    const formula: Formula = { kind, text: f.text, dynamicArray: false };
    const fref = attrValue(f, "ref");
    if (fref !== undefined) formula.ref = fref;
    const si = attrValue(f, "si");
    if (si !== undefined) formula.sharedIndex = Number(si);
    const cm = attrValue(el, "cm");
    formula.dynamicArray = kind === "array" && cm !== undefined && ctx.dynamicArrayCm.has(Number(cm));
    cell.formula = formula;
  }
  return cell;
}

/** Gives each cell of a shared-formula group its own formula text, moved from the group's first cell. */
export function resolveSharedFormulas(cells: Map<string, Cell>, ctx: SheetContext): void {
  const masters = new Map<number, Cell>();
  for (const c of cells.values()) {
    const f = c.formula;
    if (f?.kind === "shared" && f.ref !== undefined && f.sharedIndex !== undefined) masters.set(f.sharedIndex, c);
  }
  for (const c of cells.values()) {
    const f = c.formula;
    if (f?.kind !== "shared" || f.ref !== undefined) continue;
    const master = f.sharedIndex === undefined ? undefined : masters.get(f.sharedIndex);
    if (!master)
      throw unreadable(ctx, `the cell ${c.ref} shares a formula group (${f.sharedIndex}) that has no first cell`);
    const group = parseAddress(master.formula!.ref!);
    if (c.row < group.row || c.column < group.column)
      throw unreadable(ctx, `the cell ${c.ref} lies outside its formula group`);
    f.text = shiftReferences(master.formula!.text, c.row - master.row, c.column - master.column);
  }
}
