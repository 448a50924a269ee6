import { a1Range, cellAddress, sheetNameProblem } from "../../sheet";
import { XlsxError } from "../errors";
import type { XlsxValue } from "../model/cell-types";
import { REL } from "../read/relationship-types";
import type { WorkbookFile } from "../workbook-file";
import { child, parseXml, prefixOf } from "../xml/dom";
import { escapeAttribute } from "../xml/entities";
import { applySplices } from "../xml/splice";
import type { PackageEdits } from "./package-edits";
import { storedValue } from "./render-cell";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const WORKSHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml";

/**
 * Adds a worksheet of plain values after the last sheet: its part (values only, text inline so the shared strings
 * stay as they were), its relationship from the workbook, its content type and its `<sheet>` entry. Returns the part.
 */
export function addValuesSheet(
  edits: PackageEdits,
  book: WorkbookFile,
  name: string,
  rows: readonly (readonly XlsxValue[])[],
): string {
  const problem = sheetNameProblem(
    name,
    book.sheets.map((s) => s.name),
  );
  if (problem) throw new XlsxError("bad-value", problem);
  let n = book.sheets.length + 1;
  while (edits.exists(`xl/worksheets/sheet${n}.xml`)) n++;
  const part = `xl/worksheets/sheet${n}.xml`;
  const width = Math.max(1, ...rows.map((r) => r.length));
  const body = rows
    .map((line, r) => {
      const cells = line
        .map((value, c) => {
          if (value === null) return "";
          const ref = cellAddress(r, c);
          const stored = storedValue(value, "inline", "", `${name}!${ref}`);
          return `<c r="${ref}"${stored.t ? ` t="${stored.t}"` : ""}>${stored.inner}</c>`;
        })
        .join("");
      return cells ? `<row r="${r + 1}">${cells}</row>` : "";
    })
    .join("");
  const dimension = a1Range(0, 0, Math.max(1, rows.length), width);
  edits.add(
    part,
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<worksheet xmlns="${MAIN}"><dimension ref="${dimension}"/><sheetData>${body}</sheetData></worksheet>`,
  );
  edits.addContentType(part, WORKSHEET_TYPE);
  const workbookPart = book.internals.workbookPart;
  const id = edits.addRelationship(workbookPart, REL.worksheet, part);
  const text = edits.text(workbookPart);
  const root = parseXml(text, `the workbook part (${workbookPart})`, workbookPart);
  const sheets = child(root, "sheets");
  if (!sheets) throw new XlsxError("missing-part", `The workbook part ${workbookPart} lists no sheets.`);
  const sheetId = Math.max(0, ...book.sheets.map((s) => s.sheetId)) + 1;
  const p = prefixOf(root);
  const element = `<${p}sheet name="${escapeAttribute(name)}" sheetId="${sheetId}" xmlns:r="${RELATIONSHIPS}" r:id="${id}"/>`;
  edits.set(workbookPart, applySplices(text, [{ start: sheets.closeStart, end: sheets.closeStart, insert: element }]));
  return part;
}
