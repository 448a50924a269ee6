import { cellAddress, parseA1, parseAddress } from "../../sheet";
import { shiftReferences } from "../formula/shift-references";
import type { Cell, Formula, FormulaKind } from "../model/cell-types";
import { localName, XmlScanner } from "../xml/scanner";
import { cellValue } from "./cell-value";
import { unreadable, type SheetContext } from "./sheet-context";
import type { CellLayout, ElementSpan, RowLayout, SheetLayout } from "./sheet-layout";

type Frame = ElementSpan & { local: string; text: string; role: string };

function attrValue(span: ElementSpan, name: string): string | undefined {
  return span.attrs.find((a) => a.name === name)?.value;
}

/** Reads a worksheet part: its cells (values, formulas, styles) and the spans an edit needs. */
export function readSheet(text: string, ctx: SheetContext): SheetLayout {
  const scanner = new XmlScanner(text, ctx.where, ctx.part);
  const stack: Frame[] = [];
  const rows: RowLayout[] = [];
  const cells = new Map<string, Cell>();
  const cellLayouts = new Map<string, CellLayout>();
  const mergedRanges: string[] = [];
  let prefix = "";
  let sheetData: ElementSpan | undefined;
  let dimension: ElementSpan | undefined;
  let row: RowLayout | undefined;
  let cell: CellLayout | undefined;
  let inline: string[] = [];

  const open = (frame: Frame) => {
    const parent = stack[stack.length - 1];
    const role = parent ? `${parent.role}/${frame.local}` : frame.local;
    frame.role = role;
    if (!parent) {
      if (frame.local !== "worksheet") throw unreadable(ctx, `it holds <${frame.name}>, not a worksheet`);
      prefix = frame.name.slice(0, frame.name.length - frame.local.length);
    } else if (role === "worksheet/sheetData") sheetData = frame;
    else if (role === "worksheet/dimension") dimension = frame;
    else if (role === "worksheet/mergeCells/mergeCell") mergedRanges.push(attrValue(frame, "ref") ?? "");
    else if (role === "worksheet/sheetData/row") row = startRow(frame, rows, ctx);
    else if (role === "worksheet/sheetData/row/c") cell = startCell(frame, row!, ctx);
    else if (cell && parent.role === "worksheet/sheetData/row/c") {
      if (frame.local === "f") cell.f = frame;
      else if (frame.local === "v") cell.v = frame;
      else if (frame.local === "is") {
        cell.is = frame;
        inline = [];
      } else cell.others.push(frame);
    }
  };

  const close = (frame: Frame) => {
    if (frame.role.endsWith("/is/t") || frame.role.endsWith("/is/r/t")) inline.push(frame.text);
    if (frame.role === "worksheet/sheetData/row/c") {
      const read = finishCell(cell!, inline, ctx);
      const ref = cellAddress(cell!.row, cell!.column);
      if (cells.has(ref)) throw unreadable(ctx, `the cell ${ref} is stored twice`);
      cells.set(ref, read);
      cellLayouts.set(ref, cell!);
      cell = undefined;
    }
  };

  while (scanner.next()) {
    if (scanner.kind === "text") {
      const top = stack[stack.length - 1];
      if (top && (top.local === "f" || top.local === "v" || top.local === "t")) top.text += scanner.textValue();
      continue;
    }
    if (scanner.kind === "close") {
      const frame = stack.pop()!;
      frame.closeStart = scanner.start;
      frame.end = scanner.end;
      close(frame);
      continue;
    }
    const frame: Frame = {
      name: scanner.name,
      local: localName(scanner.name),
      attrs: scanner.attrs,
      start: scanner.start,
      openEnd: scanner.end,
      closeStart: scanner.end,
      end: scanner.end,
      text: "",
      role: "",
    };
    open(frame);
    if (scanner.kind === "open") stack.push(frame);
    else close(frame);
  }
  if (!sheetData) throw unreadable(ctx, "it has no sheetData");
  resolveSharedFormulas(cells, ctx);
  return { part: ctx.part, text, prefix, sheetData, dimension, rows, cellLayouts, cells, mergedRanges };
}

function startRow(frame: ElementSpan, rows: RowLayout[], ctx: SheetContext): RowLayout {
  const previous = rows[rows.length - 1];
  const r = attrValue(frame, "r");
  const index = r === undefined ? (previous ? previous.row + 1 : 0) : Number(r) - 1;
  if (!Number.isInteger(index) || index < 0 || index >= 1_048_576) throw unreadable(ctx, `a row is numbered "${r}"`);
  if (previous && index <= previous.row) throw unreadable(ctx, `row ${index + 1} comes after row ${previous.row + 1}`);
  const row: RowLayout = { row: index, element: frame, cells: [] };
  rows.push(row);
  return row;
}

function startCell(frame: ElementSpan, row: RowLayout, ctx: SheetContext): CellLayout {
  const previous = row.cells[row.cells.length - 1];
  const r = attrValue(frame, "r");
  let column = previous ? previous.column + 1 : 0;
  if (r !== undefined) {
    let at: { row: number; column: number };
    try {
      at = parseA1(r);
    } catch {
      throw unreadable(ctx, `a cell is addressed "${r}"`);
    }
    if (at.row !== row.row) throw unreadable(ctx, `the cell ${r} is stored in row ${row.row + 1}`);
    column = at.column;
  }
  if (previous && column <= previous.column) throw unreadable(ctx, `cells of row ${row.row + 1} are out of order`);
  const cell: CellLayout = { row: row.row, column, element: frame, others: [] };
  row.cells.push(cell);
  return cell;
}

function finishCell(layout: CellLayout, inline: string[], ctx: SheetContext): Cell {
  const el = layout.element;
  const ref = cellAddress(layout.row, layout.column);
  const t = attrValue(el, "t") ?? "n";
  const f = layout.f as Frame | undefined;
  const v = layout.v as Frame | undefined;
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
function resolveSharedFormulas(cells: Map<string, Cell>, ctx: SheetContext): void {
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
