import { a1Range, cellAddress } from "../../sheet";
import { storedValue } from "../edit/render-cell";
import { escapeAttribute, escapeText } from "../xml/entities";
import type { NewCell } from "./new-workbook";
import type { SharedStringTable } from "./shared-string-table";
import type { StylesPart } from "./styles-part";
import { MAIN_NS, R_NS, XML_HEADER } from "./xml-parts";

export interface SheetPartInput {
  name: string;
  cells: readonly NewCell[];
  /** The relationship ids of the sheet's tables, in order. */
  tableRelIds: readonly string[];
  selected: boolean;
  /** The `cm` that marks a dynamic array (1: the builder's metadata part has that one record). */
  dynamicCm: number;
}

interface Parts {
  strings: SharedStringTable;
  styles: StylesPart;
}

/**
 * One cell as Excel writes it: plain text as a shared string; a formula's text result, and a text a dynamic array
 * spills into another cell (`spilled`), inline as a formula result (`t="str"` with `<v>`).
 */
function cellXml(cell: NewCell, ref: string, where: string, parts: Parts, dynamicCm: number, spilled: boolean): string {
  const s = parts.styles.styleOf(cell.numberFormat);
  const style = s ? ` s="${s}"` : "";
  if (cell.formula === undefined && spilled) {
    const stored = storedValue(cell.value, "result", "", where);
    if (cell.value === null) return style ? `<c r="${ref}"${style}/>` : "";
    const t = stored.t ? ` t="${stored.t}"` : "";
    return `<c r="${ref}"${style}${t}>${stored.inner}</c>`;
  }
  if (cell.formula === undefined) {
    if (typeof cell.value === "string") {
      storedValue(cell.value, "inline", "", where); // refuses a text longer than a cell holds
      return `<c r="${ref}"${style} t="s"><v>${parts.strings.indexOf(cell.value)}</v></c>`;
    }
    const stored = storedValue(cell.value, "inline", "", where);
    const t = stored.t ? ` t="${stored.t}"` : "";
    return stored.inner || style ? `<c r="${ref}"${style}${t}>${stored.inner}</c>` : "";
  }
  const stored = storedValue(cell.value, "result", "", where);
  const t = stored.t ? ` t="${stored.t}"` : "";
  const spill = cell.spill;
  const f = spill ? `<f t="array" ref="${a1Range(cell.row, cell.column, spill.rowCount, spill.columnCount)}">` : "<f>";
  const cm = spill ? ` cm="${dynamicCm}"` : "";
  return `<c r="${ref}"${style}${t}${cm}>${f}${escapeText(cell.formula)}</f>${stored.inner}</c>`;
}

/** A worksheet part: the cells by row, its dimension, the selected tab's view, its tables. */
export function sheetPartXml(sheet: SheetPartInput, parts: Parts): string {
  const cells = [...sheet.cells].sort((a, b) => a.row - b.row || a.column - b.column);
  const spills = cells.flatMap((c) =>
    c.spill && c.formula !== undefined ? [{ row: c.row, column: c.column, ...c.spill }] : [],
  );
  const inSpill = (c: NewCell) =>
    spills.some(
      (b) =>
        c.row >= b.row &&
        c.row < b.row + b.rowCount &&
        c.column >= b.column &&
        c.column < b.column + b.columnCount &&
        (c.row !== b.row || c.column !== b.column),
    );
  const rows: string[] = [];
  let rowCells: string[] = [];
  let current = -1;
  let [top, left, bottom, right] = [Infinity, Infinity, -1, -1];
  const flush = () => {
    if (rowCells.length) rows.push(`<row r="${current + 1}">${rowCells.join("")}</row>`);
    rowCells = [];
  };
  for (const cell of cells) {
    if (cell.row !== current) {
      flush();
      current = cell.row;
    }
    const ref = cellAddress(cell.row, cell.column);
    const xml = cellXml(cell, ref, `${sheet.name}!${ref}`, parts, sheet.dynamicCm, inSpill(cell));
    if (!xml) continue;
    rowCells.push(xml);
    [top, left] = [Math.min(top, cell.row), Math.min(left, cell.column)];
    [bottom, right] = [Math.max(bottom, cell.row), Math.max(right, cell.column)];
  }
  flush();
  const dimension = bottom < 0 ? "A1" : a1Range(top, left, bottom - top + 1, right - left + 1);
  const tables = sheet.tableRelIds.length
    ? `<tableParts count="${sheet.tableRelIds.length}">${sheet.tableRelIds
        .map((id) => `<tablePart r:id="${escapeAttribute(id)}"/>`)
        .join("")}</tableParts>`
    : "";
  return (
    XML_HEADER +
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${R_NS}"><dimension ref="${dimension}"/>` +
    `<sheetViews><sheetView${sheet.selected ? ' tabSelected="1"' : ""} workbookViewId="0"/></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/><sheetData>${rows.join("")}</sheetData>` +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>' +
    `${tables}</worksheet>`
  );
}
