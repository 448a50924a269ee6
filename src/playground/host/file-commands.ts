import { isWorkbookDocument, type PlaygroundWorkbook, type WorkbookDocument } from "../workbook";
import type { WorkbookFile } from "./workbook-file";

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
 * File → Download's formats. The `.xlsx` export is built separately: it plugs in here with `setDownloadFormat`
 * (its `write` given); until then it is listed as coming.
 */
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
  ["xlsx", { id: "xlsx", label: "Excel workbook (.xlsx)", extension: "xlsx", pending: "coming" }],
]);

export function downloadFormats(): DownloadFormat[] {
  return [...FORMATS.values()];
}

export function setDownloadFormat(format: DownloadFormat): void {
  FORMATS.set(format.id, format);
}

/** What File → Open accepts: a playground workbook (.json) as File → Download writes it. */
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

  async open(text: string): Promise<void> {
    const doc = readWorkbookFile(text);
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
