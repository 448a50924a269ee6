import { isWorkbookDocument, type WorkbookDocument } from "../workbook";
import type { OnFileProgress } from "./file-progress";
import { documentFromXlsx } from "./xlsx-import";

/** A zip package (an .xlsx or .xlsm) starts with a local file header, "PK\x03\x04". */
function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * What File → Open accepts: an Excel workbook (.xlsx, .xlsm) or a playground workbook (.json as File → Download
 * writes it), told apart by their content, not their name.
 */
export function readOpenedFile(bytes: Uint8Array, fileName?: string, onProgress?: OnFileProgress): WorkbookDocument {
  if (isZip(bytes) || /\.xls[xmb]?$/i.test(fileName ?? "")) return documentFromXlsx(bytes, fileName, onProgress);
  onProgress?.({ text: "Reading the workbook…", fraction: 0 });
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
