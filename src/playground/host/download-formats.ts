import type { WorkbookDocument } from "../workbook";
import type { OnFileProgress } from "./file-progress";
import { XLSX_TYPE, xlsxBytesOf } from "./xlsx-export";

/** A way to download the workbook: the file form it writes, or why it is not there yet. */
export interface DownloadFormat {
  id: string;
  label: string;
  extension: string;
  /** The file's media type. */
  type: string;
  /**
   * Makes the file from the document; absent while the format is not available. It runs where File → Download's
   * conversion runs (the page's file worker, or the page itself without one), so a format is added here, in the
   * one list both read.
   */
  write?: (doc: WorkbookDocument, onProgress?: OnFileProgress) => Uint8Array;
  /** Shown while `write` is absent. */
  pending?: string;
}

/** File → Download's formats. */
const FORMATS: readonly DownloadFormat[] = [
  {
    id: "json",
    label: "Playground workbook (.json)",
    extension: "json",
    type: "application/json",
    write: (doc, onProgress) => {
      onProgress?.({ text: "Writing the workbook…", fraction: 0 });
      return new TextEncoder().encode(JSON.stringify(doc));
    },
  },
  {
    id: "xlsx",
    label: "Excel workbook (.xlsx)",
    extension: "xlsx",
    type: XLSX_TYPE,
    write: xlsxBytesOf,
  },
];

export function downloadFormats(): readonly DownloadFormat[] {
  return FORMATS;
}

export function downloadFormat(id: string): DownloadFormat | undefined {
  return FORMATS.find((f) => f.id === id);
}
