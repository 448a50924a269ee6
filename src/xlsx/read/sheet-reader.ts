import { cellAddress, parseA1, parseAddress } from "../../sheet";
import { shiftReferences } from "../formula/shift-references";
import type { Cell, Formula, FormulaKind } from "../model/cell-types";
import { localName, XmlScanner } from "../xml/scanner";
import { cellValue } from "./cell-value";
import { parseCellRef } from "./cell-ref";
import { unreadable, type SheetContext } from "./sheet-context";
import type { CellLayout, ElementSpan, RowLayout, SheetLayout } from "./sheet-layout";

type Frame = ElementSpan & { text: string };

function attrValue(span: ElementSpan, name: string): string | undefined {
  return span.attrs.find((a) => a.name === name)?.value;
}

/** Where an element stands in a worksheet, as far as reading cells goes. */
enum Role {
  Other,
  Worksheet,
  SheetData,
  Dimension,
  MergeCells,
  MergeCell,
  Row,
  Cell,
  CellChild,
  InlineString,
  InlineRun,
  InlineText,
}

function roleOf(parent: Role | undefined, local: string): Role {
  switch (parent) {
    case undefined:
      return Role.Worksheet;
    case Role.Worksheet:
      return local === "sheetData"
        ? Role.SheetData
        : local === "dimension"
          ? Role.Dimension
          : local === "mergeCells"
            ? Role.MergeCells
            : Role.Other;
    case Role.MergeCells:
      return local === "mergeCell" ? Role.MergeCell : Role.Other;
    case Role.SheetData:
      return local === "row" ? Role.Row : Role.Other;
    case Role.Row:
      return local === "c" ? Role.Cell : Role.Other;
    case Role.Cell:
      return local === "is" ? Role.InlineString : Role.CellChild;
    case Role.InlineString:
      return local === "t" ? Role.InlineText : local === "r" ? Role.InlineRun : Role.Other;
    case Role.InlineRun:
      return local === "t" ? Role.InlineText : Role.Other;
    default:
      return Role.Other;
  }
}

/** Reads a worksheet part: its cells (values, formulas, styles) and the spans an edit needs. */
export function readSheet(text: string, ctx: SheetContext): SheetLayout {
  const scanner = new XmlScanner(text, ctx.where, ctx.part);
  const frames: Frame[] = [];
  const roles: Role[] = [];
  /** Whether the text inside each open element is wanted (a formula, a value, an inline string's text). */
  const collecting: boolean[] = [];
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

  const open = (frame: Frame, local: string, role: Role): boolean => {
    switch (role) {
      case Role.Worksheet:
        if (local !== "worksheet") throw unreadable(ctx, `it holds <${frame.name}>, not a worksheet`);
        prefix = frame.name.slice(0, frame.name.length - local.length);
        return false;
      case Role.SheetData:
        sheetData = frame;
        return false;
      case Role.Dimension:
        dimension = frame;
        return false;
      case Role.MergeCell:
        mergedRanges.push(attrValue(frame, "ref") ?? "");
        return false;
      case Role.Row:
        row = startRow(frame, rows, ctx);
        return false;
      case Role.Cell:
        cell = startCell(frame, row!, ctx);
        return false;
      case Role.InlineString:
        cell!.is = frame;
        inline = [];
        return false;
      case Role.CellChild:
        if (local === "f") cell!.f = frame;
        else if (local === "v") cell!.v = frame;
        else cell!.others.push(frame);
        return local === "f" || local === "v";
      case Role.InlineText:
        return true;
      default:
        return false;
    }
  };

  const close = (frame: Frame, role: Role) => {
    if (role === Role.InlineText) inline.push(frame.text);
    else if (role === Role.Cell) {
      const read = finishCell(cell!, inline, ctx);
      const ref = read.ref;
      if (cells.has(ref)) throw unreadable(ctx, `the cell ${ref} is stored twice`);
      cells.set(ref, read);
      cellLayouts.set(ref, cell!);
      cell = undefined;
    }
  };

  while (scanner.next()) {
    if (scanner.kind === "text") {
      if (collecting[collecting.length - 1]) frames[frames.length - 1].text += scanner.textValue();
      continue;
    }
    if (scanner.kind === "close") {
      const frame = frames.pop()!;
      collecting.pop();
      frame.closeStart = scanner.start;
      frame.end = scanner.end;
      close(frame, roles.pop()!);
      continue;
    }
    const frame: Frame = {
      name: scanner.name,
      attrs: scanner.attrs,
      start: scanner.start,
      openEnd: scanner.end,
      closeStart: scanner.end,
      end: scanner.end,
      text: "",
    };
    const local = localName(scanner.name);
    const role = roleOf(roles.length ? roles[roles.length - 1] : undefined, local);
    const wanted = open(frame, local, role);
    if (scanner.kind === "open") {
      frames.push(frame);
      roles.push(role);
      collecting.push(wanted);
    } else close(frame, role);
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

/** An address in a form Excel does not write ("b3", "$B$3"), still read as other tools may write it. */
function parseA1OrNull(r: string): { row: number; column: number } | null {
  try {
    return parseA1(r);
  } catch {
    return null;
  }
}

function startCell(frame: ElementSpan, row: RowLayout, ctx: SheetContext): CellLayout {
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

function finishCell(layout: CellLayout, inline: string[], ctx: SheetContext): Cell {
  const el = layout.element;
  const r = attrValue(el, "r");
  const ref = r !== undefined && parseCellRef(r) ? r : cellAddress(layout.row, layout.column);
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
