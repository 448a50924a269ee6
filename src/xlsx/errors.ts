/**
 * Why a workbook file was refused. Every refusal happens before anything is written, and every message names what
 * to do next in words a spreadsheet user knows (Excel's menus, the sheet and cell), not the package's internals.
 */
export type XlsxErrorKind =
  /** Not a zip package at all (a CSV renamed, an HTML error page saved as .xlsx…). */
  | "not-a-workbook"
  /** An OLE compound file: a password-protected workbook or an Excel 97-2003 .xls. */
  | "encrypted-or-legacy"
  /** A binary workbook (.xlsb): its parts are not XML. */
  | "binary-workbook"
  /** Saved as "Strict Open XML Spreadsheet", whose namespaces differ from what Excel saves by default. */
  | "strict-format"
  /** The zip or one of its parts is cut short or corrupted. */
  | "damaged"
  /** A zip feature we do not read (encrypted entries, a compression method other than deflate or stored). */
  | "unsupported"
  /** A part the workbook needs is missing. */
  | "missing-part"
  /** A part is not well-formed XML, or not the XML it should be. */
  | "bad-xml"
  /** A sheet, table, cell or web-extension part named by the caller is not in the workbook. */
  | "not-found"
  /** A value the file format cannot hold (text over 32,767 characters, a cell outside the grid…). */
  | "bad-value"
  /** A write would overwrite a cell that is not the writer's to overwrite. */
  | "blocked"
  /** The file could not be written; the target was left as it was. */
  | "write-failed"
  /** Its parts would inflate past what can be held in memory, or far past what real workbooks compress to. */
  | "too-large";

export class XlsxError extends Error {
  override readonly name = "XlsxError";
  constructor(
    readonly kind: XlsxErrorKind,
    message: string,
    /** The package part concerned, when there is one ("xl/worksheets/sheet1.xml"). */
    readonly part?: string,
    /** The cell concerned, sheet-qualified ("Data!C30"), when there is one. */
    readonly cell?: string,
  ) {
    super(message);
  }
}

export function isXlsxError(e: unknown): e is XlsxError {
  return e instanceof XlsxError || (e instanceof Error && e.name === "XlsxError");
}

/** How a file is named in messages: its name when the caller gave one. */
export function fileLabel(name: string | undefined): string {
  return name ? `"${name}"` : "This file";
}

/** "The file is damaged" with the one remedy that works for a spreadsheet user. */
export function damaged(file: string | undefined, detail: string, part?: string): XlsxError {
  return new XlsxError(
    "damaged",
    `${fileLabel(file)} is damaged (${detail}); it may have been cut short while being copied or downloaded. ` +
      "Open it in Excel (which offers to repair it) and save it again, or use an earlier copy. Nothing was written.",
    part,
  );
}
