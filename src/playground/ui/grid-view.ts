import type { CellBlock } from "../../sheet";
import type { CellViews } from "./cell-view";
import { GridGeometry, HEADER_HEIGHT, ROW_HEADER_WIDTH, ROW_HEIGHT, gridExtent } from "./grid-geometry";
import { blockRect, paintCells, paintHeaders, visibleWindow, type Viewport } from "./grid-paint";
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
  readonly element = el("div", { class: "pg-grid", tabindex: "0", role: "grid", "aria-label": "Worksheet" });
  readonly layer = el("div", { class: "pg-grid-layer" });
  private readonly cells = el("div", { class: "pg-cells" });
  private readonly columnHeaders = el("div", { class: "pg-col-headers" });
  private readonly rowHeaders = el("div", { class: "pg-row-headers" });
  private readonly selectionBox = el("div", { class: "pg-selection" });
  private readonly spillBox = el("div", { class: "pg-spill-box" });
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
      this.selectionBox,
      this.columnHeaders,
      this.rowHeaders,
      el("div", { class: "pg-corner" }),
    );
    this.element.append(this.layer, this.spacer);
    this.element.addEventListener("scroll", () => this.repaint());
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
    this.cells.innerHTML = paintCells(this.source.views, sheet, this.geometry, view, win);
    const headers = paintHeaders(this.geometry, view, win, this.selection.block);
    this.columnHeaders.innerHTML = headers.columns;
    this.rowHeaders.innerHTML = headers.rows;
    this.place(this.selectionBox, this.selection.block, view);
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
    this.element.focus();
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
