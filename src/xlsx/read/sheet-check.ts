import { XlsxError } from "../errors";
import { localName, XmlScanner } from "../xml/scanner";
import { parseCellRef } from "./cell-ref";

/**
 * Checks a worksheet part the edit has just written, without reading its cells into a model: well-formed XML
 * (the scanner's every rule), and rows and the cells of each row in increasing order with valid addresses, which
 * Excel requires (it reports the file as needing repair otherwise). Reading a million written cells back whole
 * cost more than writing them; this is the part of that reading an edit can get wrong.
 */
export function checkWrittenSheet(text: string, where: string, part: string): void {
  const scanner = new XmlScanner(text, where, part);
  function refused(detail: string): never {
    throw new XlsxError("bad-xml", `${where} was written out of order (${detail}); nothing was written.`, part);
  }
  let sheetData = -1;
  let lastRow = -1;
  let lastColumn = -1;
  while (scanner.next()) {
    const { kind } = scanner;
    if (kind !== "open" && kind !== "empty") {
      if (kind === "close" && scanner.depth < sheetData) sheetData = -1;
      continue;
    }
    const depth = scanner.depth - (kind === "open" ? 1 : 0);
    const name = localName(scanner.name);
    if (depth === 1 && name === "sheetData" && kind === "open") sheetData = 2;
    else if (depth === sheetData && name === "row") {
      const r = scanner.attrs.find((a) => a.name === "r")?.value;
      const row = r === undefined ? lastRow + 1 : Number(r) - 1;
      if (!Number.isInteger(row) || row <= lastRow) refused(`row ${r ?? "without a number"} after row ${lastRow + 1}`);
      lastRow = row;
      lastColumn = -1;
    } else if (depth === sheetData + 1 && name === "c") {
      const r = scanner.attrs.find((a) => a.name === "r")?.value;
      const at = r === undefined ? { row: lastRow, column: lastColumn + 1 } : parseCellRef(r);
      if (!at || at.row !== lastRow || at.column <= lastColumn) refused(`the cell ${r ?? "without an address"}`);
      lastColumn = at.column;
    }
  }
}
