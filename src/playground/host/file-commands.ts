import { isWorkbookDocument, type PlaygroundWorkbook, type WorkbookDocument } from "../workbook";
import type { WorkbookFile } from "./workbook-file";
import { documentFromXlsx } from "./xlsx-import";
import { XLSX_TYPE, xlsxBytesOf } from "./xlsx-export";

/** A way to download the workbook: the file form it writes, or why it is not there yet. */
export interface DownloadFormat {
  id: string;
  label: string;
  extension: string;
  /** Makes the file from the document; absent while the format is not available. */
  write?: (doc: WorkbookDocument) => Blob;
  /** Shown while `write` is absent. */
  pending?: string;
}

/**
 * What a playground workbook cannot carry into an .xlsx and back, said where the user downloads or opens one. The
 * playground keeps no cell styles, column widths or charts; a file's other parts are not read.
 */
export const XLSX_LIMITS =
  "Kept: values, formulas (SERVICE functions as Excel stores them, with their last results), spills, number " +
  "formats, tables and the add-in's settings. Not kept: cell styles (fonts, fills, borders), column widths, " +
  "merged cells, comments, charts, pictures, pivot tables, defined names, macros, legacy array formulas ({=…}, " +
  "their anchor's formula only) and sheets that are not worksheets.";

/** File → Download's formats; another can be plugged in with `setDownloadFormat`. */
const FORMATS = new Map<string, DownloadFormat>([
  [
    "json",
    {
      id: "json",
      label: "Playground workbook (.json)",
      extension: "json",
      write: (doc) => new Blob([JSON.stringify(doc)], { type: "application/json" }),
    },
  ],
  [
    "xlsx",
    {
      id: "xlsx",
      label: "Excel workbook (.xlsx)",
      extension: "xlsx",
      write: (doc) => new Blob([xlsxBytesOf(doc) as Uint8Array<ArrayBuffer>], { type: XLSX_TYPE }),
    },
  ],
]);

export function downloadFormats(): DownloadFormat[] {
  return [...FORMATS.values()];
}

export function setDownloadFormat(format: DownloadFormat): void {
  FORMATS.set(format.id, format);
}

/** A zip package (an .xlsx or .xlsm) starts with a local file header, "PK\x03\x04". */
function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * What File → Open accepts: an Excel workbook (.xlsx, .xlsm) or a playground workbook (.json as File → Download
 * writes it), told apart by their content, not their name.
 */
export function readOpenedFile(bytes: Uint8Array, fileName?: string): WorkbookDocument {
  if (isZip(bytes) || /\.xls[xmb]?$/i.test(fileName ?? "")) return documentFromXlsx(bytes, fileName);
  return readWorkbookFile(new TextDecoder().decode(bytes));
}

/** A playground workbook (.json) as File → Download writes it. */
export function readWorkbookFile(text: string): WorkbookDocument {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error("This file is not a playground workbook (.json as File → Download writes it).");
  }
  if (!isWorkbookDocument(parsed)) {
    throw new Error("This file is not a playground workbook: it has no sheets, tables and settings as saved here.");
  }
  return parsed;
}

/**
 * The File tab's commands. Open and New replace the workbook kept in this browser and reopen the page (its load is
 * the file's opening); the workbook on screen is not saved over the new one on the way out.
 */
export class FileCommands {
  constructor(
    private readonly file: WorkbookFile,
    private readonly workbook: Pick<PlaygroundWorkbook, "saveDocument">,
    private readonly reload: () => void,
  ) {}

  save(): Promise<boolean> {
    return this.file.save();
  }

  /** The file to download in a format, or an error saying why not. */
  download(formatId: string): { name: string; blob: Blob } {
    const format = FORMATS.get(formatId);
    if (!format?.write) throw new Error(`${format?.label ?? formatId}: ${format?.pending ?? "not available"}.`);
    return { name: `Book1.${format.extension}`, blob: format.write(this.workbook.saveDocument()) };
  }

  async open(bytes: Uint8Array, fileName?: string): Promise<void> {
    const doc = readOpenedFile(bytes, fileName);
    this.file.discard();
    await this.file.replace(doc);
    this.reload();
  }

  async newWorkbook(): Promise<void> {
    this.file.discard();
    await this.file.forget();
    this.reload();
  }
}
