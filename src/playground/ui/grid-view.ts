import type { CellBlock } from "../../sheet";
import type { CellViews } from "./cell-view";
import { GridGeometry, HEADER_HEIGHT, ROW_HEADER_WIDTH, ROW_HEIGHT, gridExtent } from "./grid-geometry";
import { MAX_COLUMNS, MAX_ROWS, cellAddress } from "../../sheet";
import { blockRect, cellId, paintGrid, visibleWindow, type Viewport } from "./grid-paint";
import { cellAtPointer, columnBorderAtPointer } from "./grid-pointer";
import { el } from "./html";
import { Selection } from "./selection";

export interface GridSource {
  views: CellViews;
  sheet(): string;
  /** Rows and columns in use on the sheet (to size the scroll area). */
  used(sheet: string): { rows: number; columns: number };
  columnWidth(sheet: string, column: number): number | undefined;
  /** The spill block of the selected cell's formula, outlined as Excel does (dashed while blocked: #SPILL!). */
  spillAround(sheet: string, row: number, column: number): { block: CellBlock; blocked: boolean } | undefined;
}

/**
 * The virtualised grid: a scroll area sized to the sheet's extent, and a layer that stays in view and is
 * repainted with the visible window's cells on every scroll or change (at most once per frame).
 */
export class GridView {
  readonly element = el("div", {
    class: "pg-grid",
    tabindex: "0",
    role: "grid",
    "aria-label": "Worksheet",
    "aria-multiselectable": "true",
    // The whole sheet (and the header row and column), though only the visible window is drawn.
    "aria-rowcount": String(MAX_ROWS + 1),
    "aria-colcount": String(MAX_COLUMNS + 1),
  });
  readonly layer = el("div", { class: "pg-grid-layer" });
  private readonly cells = el("div", { class: "pg-cells", role: "rowgroup" });
  private readonly selectionBox = el("div", { class: "pg-selection", "aria-hidden": "true" });
  private readonly spillBox = el("div", { class: "pg-spill-box", "aria-hidden": "true" });
  /** The copied block's marquee (Excel's "marching ants"), while there is one. */
  private readonly copyBox = el("div", { class: "pg-copy-box", "aria-hidden": "true" });
  /** The block the copy marquee surrounds on `copySheet`, or undefined. */
  copied?: { sheet: string; block: CellBlock };
  private readonly spacer = el("div", { class: "pg-grid-spacer" });
  selection = Selection.at(0, 0);
  geometry = new GridGeometry(100, 26, () => undefined);
  private frame = 0;
  /** Extra layer content (the in-cell editor) positioned after each paint. */
  afterPaint?: () => void;
  onSelectionChange?: (selection: Selection) => void;
  onEditRequest?: (initial?: string) => void;
  /** Double-click on a column header's right border: Excel's autofit. */
  onAutofitColumn?: (column: number) => void;

  constructor(private readonly source: GridSource) {
    this.layer.append(
      this.cells,
      this.spillBox,
      this.copyBox,
      this.selectionBox,
      el("div", { class: "pg-corner", "aria-hidden": "true" }),
    );
    this.element.append(this.layer, this.spacer);
    this.element.addEventListener("scroll", () => this.repaint());
    // The layer stays in view by being sticky; a focused editor near its edge must not scroll it (that would hide
    // the row numbers until a reload).
    this.layer.addEventListener("scroll", () => {
      this.layer.scrollTop = 0;
      this.layer.scrollLeft = 0;
    });
    new ResizeObserver(() => this.repaint()).observe(this.element);
    this.element.addEventListener("mousedown", (e) => this.mouseDown(e));
    this.element.addEventListener("dblclick", (e) => {
      const border = columnBorderAtPointer(this.element, this.geometry, e);
      if (border !== null) this.onAutofitColumn?.(border);
      else if (this.pointAt(e)) this.onEditRequest?.();
    });
  }

  get viewport(): Viewport {
    return {
      scrollLeft: this.element.scrollLeft,
      scrollTop: this.element.scrollTop,
      width: this.element.clientWidth,
      height: this.element.clientHeight,
    };
  }

  repaint(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paint();
    });
  }

  paint(): void {
    const sheet = this.source.sheet();
    const extent = gridExtent(this.source.used(sheet), this.selection.block);
    this.geometry = new GridGeometry(extent.rows, extent.columns, (c) => this.source.columnWidth(sheet, c));
    this.spacer.style.width = `${ROW_HEADER_WIDTH + this.geometry.width}px`;
    this.spacer.style.height = `${HEADER_HEIGHT + this.geometry.height}px`;
    const view = this.viewport;
    this.layer.style.width = `${view.width}px`;
    this.layer.style.height = `${view.height}px`;
    this.spacer.style.marginTop = `${-view.height}px`;
    const win = visibleWindow(this.geometry, view);
    this.cells.innerHTML = paintGrid(this.source.views, sheet, this.geometry, view, win, this.selection);
    const active = cellId(cellAddress(this.selection.active.row, this.selection.active.column));
    if (this.cells.querySelector(`#${active}`)) this.element.setAttribute("aria-activedescendant", active);
    else this.element.removeAttribute("aria-activedescendant");
    this.place(this.selectionBox, this.selection.block, view);
    const copied = this.copied && this.copied.sheet.toLowerCase() === sheet.toLowerCase() ? this.copied : undefined;
    this.copyBox.hidden = !copied;
    if (copied) this.place(this.copyBox, copied.block, view);
    const spill = this.source.spillAround(sheet, this.selection.active.row, this.selection.active.column);
    this.spillBox.hidden = !spill;
    this.spillBox.classList.toggle("pg-spill-blocked", spill?.blocked === true);
    if (spill) this.place(this.spillBox, spill.block, view);
    this.afterPaint?.();
  }

  private place(box: HTMLElement, block: CellBlock, view: Viewport): void {
    const r = blockRect(this.geometry, view, block);
    Object.assign(box.style, {
      left: `${r.left}px`,
      top: `${r.top}px`,
      width: `${r.width}px`,
      height: `${r.height}px`,
    });
  }

  /** The active cell's rectangle in the layer (for the in-cell editor). */
  activeRect(): { left: number; top: number; width: number; height: number } {
    const { row, column } = this.selection.active;
    return blockRect(this.geometry, this.viewport, { row, column, rowCount: 1, columnCount: 1 });
  }

  /** Whole rows and columns that fit in the view (a page for PageDown and Alt+PageDown). */
  page(): { rows: number; columns: number } {
    const view = this.viewport;
    const rows = Math.max(1, Math.floor((view.height - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
    const win = visibleWindow(this.geometry, view);
    return { rows, columns: Math.max(1, win.lastColumn - win.firstColumn) };
  }

  /** Selects and scrolls the view by as many rows and columns, so the active cell keeps its place on screen. */
  selectPage(selection: Selection, rows: number, columns: number): void {
    const top = this.element.scrollTop + rows * ROW_HEIGHT;
    const left = this.geometry.columnAt(this.element.scrollLeft) + columns;
    this.selection = selection;
    this.paint(); // the scroll area grows to take the new selection first
    this.element.scrollTop = Math.max(0, top);
    this.element.scrollLeft = this.geometry.columnLeft(Math.max(0, left));
    this.select(selection);
  }

  /** Focus on the grid without the browser scrolling anything into view (the layer is already in view). */
  focus(): void {
    this.element.focus({ preventScroll: true });
  }

  select(selection: Selection, scroll = true): void {
    this.selection = selection;
    if (scroll) this.scrollIntoView(selection.corner.row, selection.corner.column);
    this.onSelectionChange?.(selection);
    this.repaint();
  }

  scrollIntoView(row: number, column: number): void {
    const extent = gridExtent(this.source.used(this.source.sheet()), { row, column });
    if (extent.rows > this.geometry.rowCount || extent.columns > this.geometry.columnCount) this.paint();
    const view = this.viewport;
    const top = row * ROW_HEIGHT;
    const bodyHeight = view.height - HEADER_HEIGHT - ROW_HEIGHT;
    if (top < view.scrollTop) this.element.scrollTop = top;
    else if (top > view.scrollTop + bodyHeight) this.element.scrollTop = top - bodyHeight;
    const left = this.geometry.columnLeft(column);
    const right = left + this.geometry.columnWidth(column);
    const bodyWidth = view.width - ROW_HEADER_WIDTH - 16;
    if (left < view.scrollLeft) this.element.scrollLeft = left;
    else if (right > view.scrollLeft + bodyWidth) this.element.scrollLeft = right - bodyWidth;
  }

  private pointAt(e: MouseEvent): { row: number; column: number } | null {
    return cellAtPointer(this.element, this.geometry, e);
  }

  private mouseDown(e: MouseEvent): void {
    const at = this.pointAt(e);
    if (!at || e.button !== 0) return;
    e.preventDefault();
    this.focus();
    const extend = e.shiftKey;
    this.select(extend ? new Selection(this.selection.active, at) : new Selection(at), false);
    const move = (m: MouseEvent): void => {
      const to = this.pointAt(m);
      if (to && (to.row !== this.selection.corner.row || to.column !== this.selection.corner.column))
        this.select(new Selection(this.selection.active, to), false);
    };
    const up = (): void => {
      window.removeEventListener("mousemove", move);
      window.removeEventListener("mouseup", up);
    };
    window.addEventListener("mousemove", move);
    window.addEventListener("mouseup", up);
  }
}
