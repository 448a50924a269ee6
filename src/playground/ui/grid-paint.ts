import { cellAddress, columnLetter, type CellBlock } from "../../sheet";
import type { CellView, CellViews } from "./cell-view";
import { GridGeometry, HEADER_HEIGHT, ROW_HEADER_WIDTH, ROW_HEIGHT } from "./grid-geometry";
import { escapeHtml } from "./html";

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

/**
 * HTML for the cells of the visible window only: results can be thousands of rows, the DOM never holds more
 * than what fits on screen. Each cell carries its address (data-addr) and hover message (title) for tests.
 */
export function paintCells(
  views: CellViews,
  sheet: string,
  geometry: GridGeometry,
  view: Viewport,
  win: VisibleWindow,
): string {
  const tables = views.tables(sheet);
  const parts: string[] = [];
  for (let r = win.firstRow; r <= win.lastRow; r++) {
    const top = HEADER_HEIGHT + geometry.rowTop(r) - view.scrollTop;
    // Every visible cell is drawn, empty ones too: their borders are the gridlines.
    const row: CellView[] = [];
    for (let c = win.firstColumn; c <= win.lastColumn; c++) row.push(views.cell(sheet, r, c, tables));
    row.forEach((v, i) => {
      const c = win.firstColumn + i;
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
      parts.push(
        `<div class="${cls}" data-addr="${cellAddress(r, c)}" data-r="${r}" data-c="${c}" style="${style}"${title}>${escapeHtml(v.text)}</div>`,
      );
    });
  }
  return parts.join("");
}

/** Roughly how wide text is in the grid's 13 px font (no layout pass: this runs for every visible cell). */
export function textWidth(text: string): number {
  return text.length * 7 + 8;
}

function isBlank(v: CellView): boolean {
  return v.text === "" && !v.fill && !v.table && !v.spill && !v.message;
}

/** Column letters and row numbers of the visible window, the selection's headers highlighted. */
export function paintHeaders(
  geometry: GridGeometry,
  view: Viewport,
  win: VisibleWindow,
  selected: CellBlock,
): { columns: string; rows: string } {
  const columns: string[] = [];
  for (let c = win.firstColumn; c <= win.lastColumn; c++) {
    const left = ROW_HEADER_WIDTH + geometry.columnLeft(c) - view.scrollLeft;
    const on = c >= selected.column && c < selected.column + selected.columnCount ? " pg-header-on" : "";
    columns.push(
      `<div class="pg-col-header${on}" style="left:${left}px;width:${geometry.columnWidth(c)}px">${columnLetter(c)}</div>`,
    );
  }
  const rows: string[] = [];
  for (let r = win.firstRow; r <= win.lastRow; r++) {
    const top = HEADER_HEIGHT + geometry.rowTop(r) - view.scrollTop;
    const on = r >= selected.row && r < selected.row + selected.rowCount ? " pg-header-on" : "";
    rows.push(`<div class="pg-row-header${on}" style="top:${top}px;height:${ROW_HEIGHT}px">${r + 1}</div>`);
  }
  return { columns: columns.join(""), rows: rows.join("") };
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
