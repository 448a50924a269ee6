import { isWorkbookDocument, type WorkbookDocument } from "../workbook";

const ITEM = "playground.workbook";
/** Changes come in bursts (a spill, a table written in chunks): the file is written at most this often. */
const SAVE_DELAY_MS = 250;

/**
 * The playground's workbook kept in the page's localStorage, the way a workbook file keeps it: reloading the page
 * reopens it (values as last calculated, formulas, tables, saved document settings), so what a workbook remembers
 * (SERVICE.QUERY runs, table bindings, the Report's settings) can be tried without Excel. `?reset=1` starts empty.
 * A workbook too large for the browser's storage (about 5 MB) is simply not kept; the page says so.
 */
export class WorkbookFile {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #snapshot: (() => WorkbookDocument) | undefined;
  /** Why the last save failed (storage full), or undefined. */
  problem: string | undefined;

  constructor(private readonly local: Storage) {}

  load(): WorkbookDocument | undefined {
    try {
      const parsed: unknown = JSON.parse(this.local.getItem(ITEM) ?? "null");
      return isWorkbookDocument(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  forget(): void {
    this.local.removeItem(ITEM);
  }

  /** Where the document comes from when it is time to write it. */
  attach(snapshot: () => WorkbookDocument): void {
    this.#snapshot = snapshot;
  }

  /** Within SAVE_DELAY_MS of the first unsaved change, however many follow (a steady stream must not starve it). */
  saveSoon(): void {
    this.#timer ??= setTimeout(() => this.saveNow(), SAVE_DELAY_MS);
  }

  saveNow(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!this.#snapshot) return;
    try {
      this.local.setItem(ITEM, JSON.stringify(this.#snapshot()));
      this.problem = undefined;
    } catch {
      this.problem = "This workbook is too large for the browser's storage: it will not be kept across a reload.";
    }
  }
}
