import { a1Range } from "../../sheet";
import { isCellError, type XlsxValue } from "../model/cell-types";
import { escapeAttribute } from "../xml/entities";
import type { NewTable } from "./new-workbook";
import { MAIN_NS, XML_HEADER } from "./xml-parts";

/**
 * A table's column names as Excel makes them from its header cells: the cell's text (a number as shown without
 * format), "Column1"… for an empty one, and a number appended to a name already taken ("Name2"), compared without
 * regard to case. The header cells are written with these names, as Excel requires them to match.
 */
export function tableColumnNames(headers: readonly XlsxValue[]): string[] {
  const taken = new Set<string>();
  return headers.map((value, i) => {
    let base = value === null || isCellError(value) ? "" : String(value).replace(/[\r\n]+/g, " ");
    if (typeof value === "boolean") base = value ? "TRUE" : "FALSE";
    if (!base.trim()) base = `Column${i + 1}`;
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}${n}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/** A table part as Excel writes a table with a header row and its auto-filter, no totals row. */
export function tablePartXml(table: NewTable, id: number, columns: readonly string[]): string {
  const ref = a1Range(table.row, table.column, table.rowCount, table.columnCount);
  const name = escapeAttribute(table.name);
  return (
    XML_HEADER +
    `<table xmlns="${MAIN_NS}" id="${id}" name="${name}" displayName="${name}" ref="${ref}" totalsRowShown="0">` +
    `<autoFilter ref="${ref}"/><tableColumns count="${columns.length}">` +
    columns.map((c, i) => `<tableColumn id="${i + 1}" name="${escapeAttribute(c)}"/>`).join("") +
    `</tableColumns><tableStyleInfo name="${escapeAttribute(table.style ?? "TableStyleMedium2")}" ` +
    'showFirstColumn="0" showLastColumn="0" showRowStripes="1" showColumnStripes="0"/></table>'
  );
}
