import { a1Range, cellAddress, parseA1 } from "../../sheet";
import { parseCellRef } from "../read/cell-ref";
import type { RowLayout, SheetLayout } from "../read/sheet-layout";
import { localName } from "../xml/scanner";
import { applySplices, setAttribute, type Splice } from "../xml/splice";
import type { CellWrite } from "./cell-write";
import { editStartTag, renderCell } from "./render-cell";

interface Item {
  column: number;
  ref: string;
  write: CellWrite;
}

/** Row attributes that say nothing once the row has no cells: such a row is removed with its last cell. */
const TRIVIAL_ROW_ATTRIBUTES = new Set(["r", "spans", "dyDescent"]);

/** The index of the first item whose key is greater than `key` (items sorted by key); `items.length` if none. */
function firstAfter<T>(items: readonly T[], key: number, keyOf: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keyOf(items[mid]) > key) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function rowText(p: string, row: number, cells: string[]): string {
  return `<${p}row r="${row + 1}">${cells.join("")}</${p}row>`;
}

/**
 * Applies cell writes to a worksheet part by splicing its text at the affected `<row>` and `<c>` elements: every
 * other byte of the part (unknown attributes, extension lists, namespaces, formatting) stays as it was. Rows and
 * cells are added in order, emptied rows with nothing else to say are removed, a row's `spans` is widened when it
 * must be, and `<dimension>` is set to the cells that remain.
 */
export function editSheet(layout: SheetLayout, writes: ReadonlyMap<string, CellWrite>, sheetName: string): string {
  const doc = layout.text;
  const p = layout.prefix;
  const byRow = new Map<number, Item[]>();
  for (const [ref, write] of writes) {
    const at = parseCellRef(ref) ?? parseA1(ref);
    const items = byRow.get(at.row) ?? [];
    items.push({ column: at.column, ref, write });
    byRow.set(at.row, items);
  }
  const rowsByIndex = new Map(layout.rows.map((r) => [r.row, r]));
  const splices: Splice[] = [];
  const removed = new Set<string>();
  const added: Array<[number, number]> = [];
  const newRows: Array<{ row: number; text: string }> = [];
  /** Rows and cells whose start tags the edit rewrites (each given its address there when it lacks one). */
  const touched = new Set<object>();
  for (const [rowIndex, items] of [...byRow].sort((a, b) => a[0] - b[0])) {
    items.sort((a, b) => a.column - b.column);
    const row = rowsByIndex.get(rowIndex);
    const render = (i: Item) =>
      renderCell(doc, p, i.ref, i.write, layout.cellLayouts.get(i.ref), `${sheetName}!${i.ref}`);
    if (!row) {
      const cells: string[] = [];
      for (const i of items) {
        const text = render(i);
        if (!text) continue;
        cells.push(text);
        added.push([rowIndex, i.column]);
      }
      if (cells.length) newRows.push({ row: rowIndex, text: rowText(p, rowIndex, cells) });
      continue;
    }
    editRow(doc, row, items, render, splices, removed, added, touched);
  }
  insertRows(layout, newRows, splices);
  addMissingAddresses(layout, touched, splices);
  const dimension = dimensionOf(layout, removed, added);
  if (layout.dimension)
    splices.push(setAttribute(doc, layout.dimension.attrs, layout.dimension.openEnd, "ref", dimension));
  return applySplices(doc, splices);
}

function editRow(
  doc: string,
  row: RowLayout,
  items: Item[],
  render: (i: Item) => string,
  splices: Splice[],
  removed: Set<string>,
  added: Array<[number, number]>,
  touched: Set<object>,
): void {
  const p = row.element.name.slice(0, row.element.name.length - localName(row.element.name).length);
  const local: Splice[] = [];
  const inserts = new Map<number, string[]>();
  const columns = new Set(row.cells.map((c) => c.column));
  const emptyRow = row.element.openEnd === row.element.end;
  for (const item of items) {
    const nextIndex = firstAfter(row.cells, item.column - 1, (c) => c.column);
    const existing = row.cells[nextIndex]?.column === item.column ? row.cells[nextIndex] : undefined;
    const text = render(item);
    if (existing) {
      touched.add(existing);
      local.push({ start: existing.element.start, end: existing.element.end, insert: text });
      if (!text) {
        columns.delete(item.column);
        removed.add(item.ref);
      }
    } else if (text) {
      const next = row.cells[nextIndex];
      const at = next ? next.element.start : row.element.closeStart;
      const before = inserts.get(at);
      if (before) before.push(text);
      else inserts.set(at, [text]);
      columns.add(item.column);
      added.push([row.row, item.column]);
    }
  }
  const trivial = row.element.attrs.every((a) => TRIVIAL_ROW_ATTRIBUTES.has(localName(a.name)));
  if (!columns.size && trivial) {
    touched.add(row);
    splices.push({ start: row.element.start, end: row.element.end, insert: "" });
    return;
  }
  const spans = spansFor(row, columns);
  const changes: Record<string, string | null> = spans ? { spans } : {};
  if (emptyRow) {
    touched.add(row);
    if (!row.element.attrs.some((a) => a.name === "r")) changes.r = String(row.row + 1);
    const cells = [...inserts.values()].flat();
    if (!cells.length && !spans) return;
    const tag = editStartTag(doc, row.element, changes, !cells.length);
    splices.push({
      start: row.element.start,
      end: row.element.end,
      insert: cells.length ? `${tag}${cells.join("")}</${p}row>` : tag,
    });
    return;
  }
  splices.push(...local);
  for (const [at, cells] of inserts) splices.push({ start: at, end: at, insert: cells.join("") });
  if (spans) splices.push(setAttribute(doc, row.element.attrs, row.element.openEnd, "spans", spans));
}

/** A row's `spans` ("1:6", 1-based columns) widened to its cells, or null when it is absent or already covers them. */
function spansFor(row: RowLayout, columns: Set<number>): string | null {
  const spans = row.element.attrs.find((a) => a.name === "spans")?.value;
  if (!spans || !columns.size) return null;
  const m = /^(\d+):(\d+)$/.exec(spans);
  const lo = Math.min(...columns) + 1;
  const hi = Math.max(...columns) + 1;
  if (m && Number(m[1]) <= lo && Number(m[2]) >= hi) return null;
  return `${m ? Math.min(Number(m[1]), lo) : lo}:${m ? Math.max(Number(m[2]), hi) : hi}`;
}

/**
 * Gives every row and cell stored without its address (`r`; the format lets a writer leave it out, meaning "the
 * next one") the address it had, so that rows and cells the edit adds or removes cannot shift them.
 */
function addMissingAddresses(layout: SheetLayout, touched: Set<object>, splices: Splice[]): void {
  const doc = layout.text;
  const lacks = (attrs: { name: string }[]) => !attrs.some((a) => a.name === "r");
  for (const row of layout.rows) {
    if (touched.has(row)) continue;
    if (lacks(row.element.attrs))
      splices.push(setAttribute(doc, row.element.attrs, row.element.openEnd, "r", String(row.row + 1)));
    for (const cell of row.cells) {
      if (!touched.has(cell) && lacks(cell.element.attrs)) {
        splices.push(
          setAttribute(doc, cell.element.attrs, cell.element.openEnd, "r", cellAddress(cell.row, cell.column)),
        );
      }
    }
  }
}

/**
 * Splices the new rows in before the first existing row below each (or at the end of `<sheetData>`). Both lists are
 * in row order, so one walk places them all and each place gets one splice: a large result (100,000 new rows at the
 * end of a sheet) costs time in proportion to its rows.
 */
function insertRows(layout: SheetLayout, rows: Array<{ row: number; text: string }>, splices: Splice[]): void {
  if (!rows.length) return;
  const doc = layout.text;
  const sd = layout.sheetData;
  if (sd.openEnd === sd.end) {
    const tag = editStartTag(doc, sd, {}, false);
    splices.push({ start: sd.start, end: sd.end, insert: `${tag}${rows.map((r) => r.text).join("")}</${sd.name}>` });
    return;
  }
  let next = 0;
  let at = -1;
  let texts: string[] = [];
  for (const r of rows) {
    while (next < layout.rows.length && layout.rows[next].row <= r.row) next++;
    const place = next < layout.rows.length ? layout.rows[next].element.start : sd.closeStart;
    if (place !== at && texts.length) splices.push({ start: at, end: at, insert: texts.join("") });
    if (place !== at) texts = [];
    at = place;
    texts.push(r.text);
  }
  splices.push({ start: at, end: at, insert: texts.join("") });
}

/** The range of the cells the sheet holds after the edit ("A1" for none), for `<dimension>`. */
function dimensionOf(layout: SheetLayout, removed: Set<string>, added: Array<[number, number]>): string {
  let top = Infinity;
  let left = Infinity;
  let bottom = -1;
  let right = -1;
  const see = (r: number, c: number) => {
    if (r < top) top = r;
    if (r > bottom) bottom = r;
    if (c < left) left = c;
    if (c > right) right = c;
  };
  for (const [ref, cell] of layout.cellLayouts) if (!removed.has(ref)) see(cell.row, cell.column);
  for (const [r, c] of added) see(r, c);
  if (bottom < 0) return "A1";
  return a1Range(top, left, bottom - top + 1, right - left + 1);
}
