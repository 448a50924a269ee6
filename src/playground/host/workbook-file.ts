import { isWorkbookDocument, type WorkbookDocument } from "../workbook";

const ITEM = "playground.workbook";
/** Changes come in bursts (a spill, a table written in chunks): the file is written at most this often. */
const SAVE_DELAY_MS = 250;

/**
 * The playground's workbook kept in the page's localStorage, the way a workbook file keeps it: reloading the page
 * reopens it (values as last calculated, formulas, tables, saved document settings), so what a workbook remembers
 * (SERVICE.QUERY runs, table bindings, the Report's settings) can be tried without Excel. `?reset=1` starts empty.
 * A workbook too large for the browser's storage (about 5 MB) is not kept: the older copy is removed (a reload
 * must never bring back a workbook older than the one on screen without saying so) and the page says so.
 */
/** The timers a WorkbookFile waits with: the page's, or in tests a clock moved by hand. */
export interface SaveTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const PAGE_TIMERS: SaveTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class WorkbookFile {
  #timer: unknown;
  #snapshot: (() => WorkbookDocument) | undefined;
  /** Why the last save failed (storage full), or undefined. */
  problem: string | undefined;
  readonly #listeners = new Set<(problem: string | undefined) => void>();

  constructor(
    private readonly local: Storage,
    private readonly timers: SaveTimers = PAGE_TIMERS,
  ) {}

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

  /** Told when saving starts or stops failing (the problem, or undefined once a save works again). */
  onProblem(listener: (problem: string | undefined) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Where the document comes from when it is time to write it. */
  attach(snapshot: () => WorkbookDocument): void {
    this.#snapshot = snapshot;
  }

  /** Within SAVE_DELAY_MS of the first unsaved change, however many follow (a steady stream must not starve it). */
  saveSoon(): void {
    this.#timer ??= this.timers.setTimeout(() => this.saveNow(), SAVE_DELAY_MS);
  }

  saveNow(): void {
    if (this.#timer !== undefined) this.timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!this.#snapshot) return;
    let problem: string | undefined;
    try {
      this.local.setItem(ITEM, JSON.stringify(this.#snapshot()));
    } catch {
      this.forget();
      problem =
        "This workbook is too large for the browser's storage: it is not kept, and a reload starts an empty workbook.";
    }
    if (problem === this.problem) return;
    this.problem = problem;
    for (const listener of [...this.#listeners]) listener(problem);
  }
}
