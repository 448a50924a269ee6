import type { Clock } from "../../clock";
import { yieldToPage } from "../../clock";
import type { PlaygroundWorkbook } from "../workbook";
import { collectDocument } from "./collect-document";
import { downloadFormat } from "./download-formats";
import type { FileConverter, RanIn } from "./file-converter";
import { progressWithin, type OnFileProgress } from "./file-progress";
import type { WorkbookFile } from "./workbook-file";

/**
 * What a playground workbook cannot carry into an .xlsx and back, said where the user downloads or opens one. The
 * playground keeps no cell styles, column widths or charts; a file's other parts are not read.
 */
export const XLSX_LIMITS =
  "Kept: values, formulas (SERVICE functions as Excel stores them, with their last results), spills, number " +
  "formats, tables and the add-in's settings. Not kept: cell styles (fonts, fills, borders), column widths, " +
  "merged cells, comments, charts, pictures, pivot tables, defined names, macros, legacy array formulas ({=…}, " +
  "their anchor's formula only) and sheets that are not worksheets.";

/** Said when File → Open or Download is asked while another is running. */
export const FILE_BUSY = "A file is being opened or downloaded: wait until it is done.";

/** Where the page notes, across File → Open's reload, which file it opened and where it was read. */
export const OPENED_ITEM = "playground.opened";

/** One slice of collecting the workbook for a download holds the page's thread about this long (a frame). */
const SLICE_MS = 16;
/** Collecting the sheets on the page is quick beside writing the file: the progress bar gives it the first tenth. */
const COLLECTED = 0.1;

/** What File → Open noted before the reload (`OPENED_ITEM`). */
export interface OpenedNote {
  name: string;
  ranIn: RanIn;
}

/**
 * The File tab's commands. Open and New replace the workbook kept in this browser and reopen the page (its load is
 * the file's opening); the workbook on screen is not saved over the new one on the way out. Open's and Download's
 * conversions run in the page's file worker where there is one (`FileConverter`), one at a time.
 */
export class FileCommands {
  #busy = false;

  constructor(
    private readonly file: WorkbookFile,
    private readonly workbook: Pick<PlaygroundWorkbook, "saveParts">,
    private readonly reload: () => void,
    private readonly converter: FileConverter,
    private readonly options: { clock: Pick<Clock, "now">; notes?: Pick<Storage, "setItem"> },
  ) {}

  /** True while an Open or a Download is converting. */
  get busy(): boolean {
    return this.#busy;
  }

  save(): Promise<boolean> {
    return this.file.save();
  }

  /** The file to download in a format, or an error saying why not. */
  download(formatId: string, onProgress?: OnFileProgress): Promise<{ name: string; blob: Blob; ranIn: RanIn }> {
    return this.#alone(async () => {
      const format = downloadFormat(formatId);
      if (!format?.write) throw new Error(`${format?.label ?? formatId}: ${format?.pending ?? "not available"}.`);
      const slices = { now: () => this.options.clock.now(), yieldToPage, sliceMs: SLICE_MS };
      const parts = this.workbook.saveParts();
      const collected = await collectDocument(parts, slices, progressWithin(onProgress, 0, COLLECTED));
      const written = await this.converter.write(formatId, collected, progressWithin(onProgress, COLLECTED, 1));
      const blob = new Blob([written.result as Uint8Array<ArrayBuffer>], { type: format.type });
      return { name: `Book1.${format.extension}`, blob, ranIn: written.ranIn };
    });
  }

  /** Reads the file (its buffer is moved to the conversion), stores it in place of this workbook and reopens. */
  open(bytes: Uint8Array, fileName: string | undefined, onProgress?: OnFileProgress): Promise<void> {
    return this.#alone(async () => {
      const opened = await this.converter.open(bytes, fileName, onProgress);
      onProgress?.({ text: "Opening the workbook…", fraction: 1 });
      this.file.discard();
      await this.file.replace(opened.result);
      const note: OpenedNote = { name: fileName ?? "", ranIn: opened.ranIn };
      this.options.notes?.setItem(OPENED_ITEM, JSON.stringify(note));
      this.reload();
    });
  }

  async newWorkbook(): Promise<void> {
    this.file.discard();
    await this.file.forget();
    this.reload();
  }

  async #alone<T>(work: () => Promise<T>): Promise<T> {
    if (this.#busy) throw new Error(FILE_BUSY);
    this.#busy = true;
    try {
      return await work();
    } finally {
      this.#busy = false;
    }
  }
}
