import { unreadable, type SheetContext } from "./sheet-context";
import { attrValue, finishCell, resolveSharedFormulas, startCell, startRow } from "./sheet-cells";
import type { CellLayout, ElementSpan, RowLayout, SheetLayout, TextElementSpan } from "./sheet-layout";
import type { Cell } from "../model/cell-types";
import { localName, XmlScanner } from "../xml/scanner";

type Frame = TextElementSpan;

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
