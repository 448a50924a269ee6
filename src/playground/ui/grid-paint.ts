import { cellAddress, columnLetter, type CellBlock } from "../../sheet";
import type { CellView, CellViews } from "./cell-view";
import { GridGeometry, HEADER_HEIGHT, ROW_HEADER_WIDTH, ROW_HEIGHT } from "./grid-geometry";
import { escapeHtml } from "./html";
import type { Selection } from "./selection";

export interface Viewport {
  scrollLeft: number;
  scrollTop: number;
  width: number;
  height: number;
}

export interface VisibleWindow {
  firstRow: number;
  lastRow: number;
  firstColumn: number;
  lastColumn: number;
}

/** The rows and columns at least partly inside the viewport. */
export function visibleWindow(geometry: GridGeometry, view: Viewport): VisibleWindow {
  const firstRow = geometry.rowAt(view.scrollTop);
  const firstColumn = geometry.columnAt(view.scrollLeft);
  return {
    firstRow,
    lastRow: Math.min(geometry.rowCount - 1, geometry.rowAt(view.scrollTop + view.height - HEADER_HEIGHT)),
    firstColumn,
    lastColumn: Math.min(geometry.columnCount - 1, geometry.columnAt(view.scrollLeft + view.width - ROW_HEADER_WIDTH)),
  };
}

function cellClass(v: CellView): string {
  let cls = `pg-cell pg-${v.align}`;
  if (v.error) cls += " pg-error";
  if (v.message) cls += " pg-flag";
  if (v.loading) cls += " pg-loading";
  if (v.spill) cls += ` pg-spill-${v.spill}`;
  if (v.table) cls += ` pg-table-${v.table}`;
  if (v.bold) cls += " pg-bold";
  if (v.italic) cls += " pg-italic";
  return cls;
}

/** The id of a drawn cell, for `aria-activedescendant`. */
export function cellId(address: string): string {
  return `pg-cell-${address}`;
}

function header(kind: "columnheader" | "rowheader", on: boolean, index: number, style: string, text: string): string {
  const cls = kind === "columnheader" ? "pg-col-header" : "pg-row-header";
  return `<div role="${kind}" aria-colindex="${index}" class="${cls}${on ? " pg-header-on" : ""}" style="${style}">${text}</div>`;
}

/**
 * HTML for the visible window only (results can be thousands of rows: the DOM never holds more than what fits on
 * screen), as an ARIA grid: a header row of column letters, then one row per sheet row with its number and its
 * cells. Rows are `display:contents`, so every cell is placed absolutely; `aria-rowindex`/`aria-colindex` count
 * the header row and column, as a virtualised grid must. Each cell carries its address (data-addr) and hover
 * message (title) for tests.
 */
export function paintGrid(
  views: CellViews,
  sheet: string,
  geometry: GridGeometry,
  view: Viewport,
  win: VisibleWindow,
  selection: Selection,
): string {
  const selected = selection.block;
  const parts: string[] = ['<div role="row" aria-rowindex="1" class="pg-row">'];
  for (let c = win.firstColumn; c <= win.lastColumn; c++) {
    const left = ROW_HEADER_WIDTH + geometry.columnLeft(c) - view.scrollLeft;
    const on = c >= selected.column && c < selected.column + selected.columnCount;
    parts.push(header("columnheader", on, c + 2, `left:${left}px;width:${geometry.columnWidth(c)}px`, columnLetter(c)));
  }
  parts.push("</div>");
  const tables = views.tables(sheet);
  for (let r = win.firstRow; r <= win.lastRow; r++) {
    const top = HEADER_HEIGHT + geometry.rowTop(r) - view.scrollTop;
    const on = r >= selected.row && r < selected.row + selected.rowCount;
    parts.push(`<div role="row" aria-rowindex="${r + 2}" class="pg-row">`);
    parts.push(header("rowheader", on, 1, `top:${top}px;height:${ROW_HEIGHT}px`, String(r + 1)));
    // Every visible cell is drawn, empty ones too: their borders are the gridlines.
    const row: CellView[] = [];
    for (let c = win.firstColumn; c <= win.lastColumn; c++) row.push(views.cell(sheet, r, c, tables));
    row.forEach((v, i) => parts.push(cellHtml(v, r, win.firstColumn + i, top, { geometry, view, row, i, selection })));
    parts.push("</div>");
  }
  return parts.join("");
}

function cellHtml(
  v: CellView,
  r: number,
  c: number,
  top: number,
  at: { geometry: GridGeometry; view: Viewport; row: CellView[]; i: number; selection: Selection },
): string {
  const { geometry, view, row, i } = at;
  const left = ROW_HEADER_WIDTH + geometry.columnLeft(c) - view.scrollLeft;
  // Left-aligned text runs on over empty cells to its right as far as it needs, as in Excel.
  let span = 1;
  if (v.align === "left" && v.text && !v.table) {
    const needed = textWidth(v.text);
    while (
      i + span < row.length &&
      isBlank(row[i + span]) &&
      geometry.columnLeft(c + span) - geometry.columnLeft(c) < needed
    )
      span++;
  }
  const width = geometry.columnLeft(c + span) - geometry.columnLeft(c);
  let style = `left:${left}px;top:${top}px;width:${width}px;height:${ROW_HEIGHT}px;`;
  if (v.color) style += `color:${escapeHtml(v.color)};`;
  if (v.fill) style += `background:${escapeHtml(v.fill)};`;
  const title = v.message ? ` title="${escapeHtml(v.message)}"` : "";
  const cls = cellClass(v) + (span > 1 ? " pg-overflow" : "");
  const address = cellAddress(r, c);
  const aria = `role="gridcell" aria-colindex="${c + 2}" aria-selected="${at.selection.contains(r, c)}"`;
  return `<div ${aria} id="${cellId(address)}" class="${cls}" data-addr="${address}" data-r="${r}" data-c="${c}" style="${style}"${title}>${escapeHtml(v.text)}</div>`;
}

/** Roughly how wide text is in the grid's 13 px font (no layout pass: this runs for every visible cell). */
export function textWidth(text: string): number {
  return text.length * 7 + 8;
}

function isBlank(v: CellView): boolean {
  return v.text === "" && !v.fill && !v.table && !v.spill && !v.message;
}

/** Where a block is drawn in the layer (it may be partly off screen). */
export function blockRect(
  geometry: GridGeometry,
  view: Viewport,
  block: CellBlock,
): { left: number; top: number; width: number; height: number } {
  const left = ROW_HEADER_WIDTH + geometry.columnLeft(block.column) - view.scrollLeft;
  const top = HEADER_HEIGHT + geometry.rowTop(block.row) - view.scrollTop;
  return {
    left,
    top,
    width: geometry.columnLeft(block.column + block.columnCount) - geometry.columnLeft(block.column),
    height: block.rowCount * ROW_HEIGHT,
  };
}
