import { ADDIN_MANIFEST_ID } from "../../document-settings";
import { fromFileFormula } from "../../formulas";
import { parseAddress } from "../../sheet";
import { addinSettings, numberFormats, openWorkbook, type WorkbookFile } from "../../xlsx";
import type { SpillBlock, WorkbookDocument } from "../workbook";
import { progressWithin, sheetStep, type OnFileProgress } from "./file-progress";
import { FUNCTIONS_NAMESPACE } from "./page-config";

type DocumentSheet = WorkbookDocument["sheets"][number];

/** A formula as typed, from the file's form (`_xldudf_SERVICE_X(` back to `SERVICE.X(`). */
function typedFormula(stored: string): string {
  try {
    return fromFileFormula(stored, [FUNCTIONS_NAMESPACE]);
  } catch {
    return `=${stored}`;
  }
}

function sheetOf(book: WorkbookFile, name: string, spills: SpillBlock[]): DocumentSheet {
  const formatOf = numberFormats(book);
  const sheet: DocumentSheet = { name, values: [], formulas: [], formats: [] };
  for (const cell of book.worksheet(name).cells.values()) {
    const { row, column, value, formula } = cell;
    if (value !== null) sheet.values.push([row, column, value as DocumentSheet["values"][number][2]]);
    const format = formatOf(cell.style);
    if (format !== "General") sheet.formats.push([row, column, format]);
    if (!formula) continue;
    sheet.formulas.push([row, column, typedFormula(formula.text)]);
    // Only a dynamic array spills; a legacy array formula ({=…}) keeps its other cells as values.
    if (formula.dynamicArray && formula.ref) {
      const block = parseAddress(formula.ref);
      if (block.rowCount * block.columnCount > 1) spills.push({ sheet: name, ...block, row, column });
    }
  }
  return sheet;
}

/**
 * An .xlsx or .xlsm file as the playground's workbook: every worksheet's values (formula results as cached in the
 * file), formulas as typed, number formats, tables, dynamic arrays as the spills the opening calculation redoes,
 * the add-in's document settings from its web-extension part, and the sheet shown. Refused with the reader's
 * message when the file cannot be read. `onProgress` is told before each sheet is read and converted.
 */
export function documentFromXlsx(bytes: Uint8Array, fileName?: string, onProgress?: OnFileProgress): WorkbookDocument {
  // Reading the sheets' XML is most of it: for a 30,000 x 8 sheet, 11.5 s read against 0.5 s converted (Node, busy).
  const reading = progressWithin(onProgress, 0, 0.9);
  const converting = progressWithin(onProgress, 0.9, 1);
  const book = openWorkbook(bytes, { fileName, onSheet: (i, n) => reading(sheetStep("Reading", i, n)) });
  if (book.date1904) {
    throw new Error(
      `${fileName ?? "This file"} counts dates from 1904, which the playground does not: its dates would show four ` +
        'years off. In Excel, clear File > Options > Advanced > "Use 1904 date system", save, and open it again.',
    );
  }
  const worksheets = book.sheets.filter((s) => s.kind === "worksheet");
  if (worksheets.length === 0) throw new Error(`${fileName ?? "This file"} has no worksheet to show.`);
  const spills: SpillBlock[] = [];
  const sheets = worksheets.map((s, i) => {
    converting(sheetStep("Converting", i, worksheets.length));
    return sheetOf(book, s.name, spills);
  });
  const tables = book.tables.map((t) => {
    const { row, column, rowCount, columnCount } = parseAddress(t.ref);
    return {
      name: t.displayName,
      sheet: t.sheet,
      row,
      column,
      rowCount,
      columnCount,
      style: t.style ?? "TableStyleMedium2",
    };
  });
  const active = book.sheets[book.activeTab];
  const settings = addinSettings(book, ADDIN_MANIFEST_ID);
  return {
    version: 1,
    sheets,
    tables,
    activeSheet: active?.kind === "worksheet" ? active.name : worksheets[0]!.name,
    settings: Object.fromEntries(settings?.values ?? []),
    spills,
  };
}
