import { fileLabel, XlsxError } from "../errors";
import { OpcPackage } from "../package/opc-package";
import { WorkbookFile, type WorkbookInternals } from "../workbook-file";
import type { ZipCodec } from "../zip/zip-codec";
import { readCalcChain } from "./calc-chain";
import { contentTypes, CONTENT_TYPES_PART } from "./content-types";
import { dynamicArrayCellMetadata } from "./dynamic-array-metadata";
import { REL, STRICT_OFFICE_DOCUMENT } from "./relationship-types";
import { readSharedStrings } from "./shared-strings";
import { checkWrittenSheet } from "./sheet-check";
import { readSheet } from "./sheet-reader";
import { sniff } from "./sniff";
import { readTables } from "./tables";
import { readWebExtensions } from "./web-extensions";
import { readWorkbookPart } from "./workbook-part";

export interface OpenOptions {
  /** The file's name, for messages ("report.xlsx"). */
  fileName?: string;
  /** How the package's parts are (de)compressed: the portable codec unless given (Node's zlib from src/xlsx/file). */
  zip?: ZipCodec;
  /**
   * Worksheet parts an edit has just written: checked (checkWrittenSheet) rather than read into cells, when the edit
   * reads its own output back. The workbook returned has no cells for them.
   */
  written?: ReadonlySet<string>;
  /**
   * Told before each worksheet is read (its position among the worksheets, from 0, and their count): reading the
   * sheets is most of an opening's time, so a caller can show how far it is.
   */
  onSheet?: (index: number, count: number) => void;
}

function mainPart(pkg: OpcPackage, file: string | undefined): string {
  const notWorkbook = (why: string) =>
    new XlsxError("not-a-workbook", `${fileLabel(file)} is a zip archive but not an Excel workbook (${why}).`);
  if (!pkg.has(CONTENT_TYPES_PART)) throw notWorkbook("it has no [Content_Types].xml");
  const rels = pkg.relationships("");
  if (rels.some((r) => r.type === STRICT_OFFICE_DOCUMENT)) {
    throw new XlsxError(
      "strict-format",
      `${fileLabel(file)} is saved as "Strict Open XML Spreadsheet". Open it in Excel and choose File > Save As > ` +
        '"Excel Workbook (*.xlsx)", then try again.',
    );
  }
  const main = rels.find((r) => r.type === REL.officeDocument)?.part;
  if (!main) throw notWorkbook("it has no main document");
  if (/\.bin$/i.test(main)) {
    throw new XlsxError(
      "binary-workbook",
      `${fileLabel(file)} is an Excel Binary Workbook (.xlsb). Open it in Excel and choose File > Save As > ` +
        '"Excel Workbook (*.xlsx)" (or .xlsm to keep macros), then try again.',
    );
  }
  if (!pkg.has(main)) {
    throw new XlsxError("missing-part", `${fileLabel(file)} is damaged: its workbook part (${main}) is missing.`, main);
  }
  return main;
}

/**
 * Opens an .xlsx or .xlsm package and reads what a refresh needs, every worksheet included, so that a file we
 * cannot understand is refused here, before anything could be written.
 */
export function openWorkbook(bytes: Uint8Array, options: OpenOptions = {}): WorkbookFile {
  const file = options.fileName;
  sniff(bytes, file);
  const pkg = new OpcPackage(bytes, file, options.zip);
  const workbookPart = mainPart(pkg, file);
  const typeOf = contentTypes(pkg);
  const workbook = readWorkbookPart(pkg, workbookPart);
  const rels = pkg.relationships(workbookPart);
  const partOf = (type: string) => rels.find((r) => r.type === type && r.part && pkg.has(r.part))?.part;
  const sharedStringsPart = partOf(REL.sharedStrings);
  const metadataPart = partOf(REL.sheetMetadata);
  const calcChainPart = partOf(REL.calcChain);
  const sharedStrings = sharedStringsPart ? readSharedStrings(pkg.text(sharedStringsPart), sharedStringsPart) : [];
  const metadata = metadataPart ? pkg.xml(metadataPart, `the cell metadata (${metadataPart})`) : undefined;
  const dynamicArrayCm = dynamicArrayCellMetadata(metadata);
  const internals: WorkbookInternals = {
    pkg,
    workbookPart,
    typeOf,
    sharedStringsPart,
    metadataPart,
    calcChainPart,
    dynamicArrayCm,
    layouts: new Map(),
    tables: new Map(),
  };
  const worksheets = workbook.sheets.filter((s) => s.kind === "worksheet");
  for (const [index, sheet] of worksheets.entries()) {
    options.onSheet?.(index, worksheets.length);
    const where = `the sheet "${sheet.name}" (${sheet.part})`;
    const ctx = { part: sheet.part, where, sharedStrings, dynamicArrayCm };
    if (options.written?.has(sheet.part)) checkWrittenSheet(pkg.text(sheet.part), where, sheet.part);
    else internals.layouts.set(sheet.name, readSheet(pkg.text(sheet.part), ctx));
    internals.tables.set(sheet.name, readTables(pkg, sheet));
  }
  const calcChain = calcChainPart
    ? readCalcChain(pkg.xml(calcChainPart, `the calculation chain (${calcChainPart})`))
    : [];
  const webExtensions = readWebExtensions(pkg, typeOf);
  return new WorkbookFile(internals, workbook, calcChain, webExtensions, file);
}
