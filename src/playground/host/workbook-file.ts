import type { Clock } from "../../clock";
import type { CellBlock } from "../../sheet";
import { yieldToPage } from "../../clock";
import { isWorkbookDocument, type DocumentParts, type WorkbookDocument } from "../workbook";
import { DirtyParts } from "./dirty-parts";
import { cellCount, parseCopy } from "./file-document";
import { FileSaveError, StaleCopyError, type StoredCopy } from "./file-store";
import { openParts, saveInParts, type PartsStore } from "./parts-save";
import type { SessionChannel } from "./session-channel";
import type { StorageBudget } from "./storage-budget";

/** The store the file is kept in (IndexedDB in the page, `IdbFileStore`). */
export interface FileStoreLike extends PartsStore {
  read(): Promise<StoredCopy | undefined>;
  settings(): Promise<string | undefined>;
  write(json: string, settings: string, savedAt: number): Promise<StoredCopy>;
  clear(): Promise<void>;
}

/** What the status bar shows about the file. */
export interface FileStatus {
  autoSave: boolean;
  /** Changes not in the file yet. */
  unsaved: boolean;
  saving: boolean;
  /** When the copy a reload would open was saved (undefined: none yet). */
  savedAt?: number;
  /** That copy's size (UTF-16 code units, as the browser stores the text). */
  savedSize?: number;
  /** Why the last save failed; cleared by the next save that works. */
  problem?: string;
  /** Why the next save will not fit (from the storage estimate). */
  warning?: string;
}

/** The item the playground kept its workbook in before IndexedDB; read once, then removed. */
export const LEGACY_ITEM = "playground.workbook";
/** Changes come in bursts (a spill, a table written in chunks): AutoSave writes at most this often. */
const SAVE_DELAY_MS = 250;
/**
 * A save serialises what changed on the page's thread, a slice at a time: AutoSave then waits at least this many
 * times as long as the last save kept the thread busy, so that saving never takes more than a fraction of the page's
 * time while a long insert keeps changing the workbook.
 */
const SAVE_DELAY_PER_COST = 4;
const MAX_SAVE_DELAY_MS = 10_000;
/** One slice of a save holds the page's thread about this long (a frame), then gives the page a turn. */
const SLICE_MS = 16;

const time = (at: number) => new Date(at).toLocaleTimeString();

/**
 * The playground's workbook file. As a workbook on OneDrive, it is saved by AutoSave (on by default: a moment after
 * each change); with AutoSave off only File → Save writes it, and a reload (the file's close and reopen) loses what
 * was not saved. Document settings reach the file with the workbook: `saveAsync` only puts them into the open
 * document. Between two sessions of the file (tabs), the last to save wins: its cells, and its settings bag if it
 * saved settings since it last read them (a session that did not keeps the bag the file has). A save that fails
 * leaves the previous copy current and says so.
 */
export class WorkbookFile {
  #snapshot: (() => DocumentParts) | undefined;
  readonly #parts = new DirtyParts();
  #autoSave: boolean;
  #unsaved = false;
  #settingsUnsaved = false;
  #savedAt: number | undefined;
  #savedSize: number | undefined;
  #problem: string | undefined;
  #warning: string | undefined;
  #saving: Promise<boolean> | undefined;
  #again = false;
  #timer: unknown;
  #discarded = false;
  /** How long the last save took (ms). */
  #lastCost = 0;
  readonly #listeners = new Set<(status: FileStatus) => void>();

  constructor(
    private readonly store: FileStoreLike,
    private readonly options: {
      autoSave: boolean;
      clock: Pick<Clock, "now" | "setTimeout" | "clearTimeout">;
      budget?: StorageBudget;
      sessions?: SessionChannel;
      /** Gives the page a turn between the slices of a save (default: a task of its own, see yieldToPage). */
      yieldToPage?: () => Promise<void>;
    },
  ) {
    this.#autoSave = options.autoSave;
  }

  /**
   * Reads the file. The first time, a workbook the playground kept in localStorage is moved into the store (and
   * removed from localStorage once stored).
   */
  async open(legacy?: Pick<Storage, "getItem" | "removeItem">): Promise<WorkbookDocument | undefined> {
    let copy = await this.store.read().catch(() => undefined);
    const old = legacy?.getItem(LEGACY_ITEM);
    if (!copy && old) {
      const doc = parseCopy(old);
      if (doc) {
        const { settings, ...rest } = doc;
        copy = await this.store.write(JSON.stringify(rest), JSON.stringify(settings), this.options.clock.now());
      }
      legacy?.removeItem(LEGACY_ITEM);
    }
    await this.options.budget?.refresh();
    if (!copy) return undefined;
    this.#savedAt = copy.savedAt;
    this.#savedSize = copy.size;
    const doc = this.#read(copy);
    if (doc) this.options.budget?.saved(copy.size, cellCount(doc));
    return doc;
  }

  /** A copy saved in parts, or whole (as every copy was before, and File → Open still writes one). */
  #read(copy: StoredCopy): WorkbookDocument | undefined {
    if (copy.json !== undefined) return parseCopy(copy.json, copy.settings);
    const opened = openParts(copy);
    if (!opened || !isWorkbookDocument(opened.doc)) return undefined;
    this.#parts.opened(copy.id, opened.stored);
    return opened.doc;
  }

  /** Where the document comes from when it is time to write it. */
  attach(snapshot: () => DocumentParts): void {
    this.#snapshot = snapshot;
  }

  get status(): FileStatus {
    return {
      autoSave: this.#autoSave,
      unsaved: this.#unsaved,
      saving: this.#saving !== undefined,
      savedAt: this.#savedAt,
      savedSize: this.#savedSize,
      problem: this.#problem,
      warning: this.#warning,
    };
  }

  onStatus(listener: (status: FileStatus) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * The workbook changed: `cells` is how many cells the change covered (for the storage estimate), `where` the sheet
   * and the block of its cells that changed (null: its structure). Without `where`, cells changed anywhere.
   */
  changed(cells = 0, where?: { sheet: string; block: CellBlock | null }): void {
    this.#unsaved = true;
    if (where) this.#parts.changed(where.sheet, where.block);
    else if (cells > 0) this.#parts.everything();
    const budget = this.options.budget;
    if (budget && cells > 0) {
      budget.grew(cells);
      this.#warning = budget.warning();
    }
    if (this.#autoSave) this.#schedule();
    this.#tell();
  }

  /** `saveAsync` put the settings into the open document: they go into the file with its next save. */
  settingsSaved(): void {
    this.#settingsUnsaved = true;
    this.changed();
  }

  /** True while the document holds settings (from `saveAsync`) the file does not have yet. */
  get settingsUnsaved(): boolean {
    return this.#settingsUnsaved;
  }

  /** The settings bag as the file holds it now (what another session saved last), for `refreshAsync`. */
  async fileSettings(): Promise<Record<string, unknown> | undefined> {
    const json = await this.store.settings();
    if (json === undefined) return undefined;
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  }

  get autoSave(): boolean {
    return this.#autoSave;
  }

  /**
   * Turning AutoSave on saves what is unsaved, as Excel does; turning it off stops the AutoSave that was due, so an
   * edit made after the switch is never written by a timer armed before it (only File → Save writes from then on).
   */
  setAutoSave(on: boolean): void {
    this.#autoSave = on;
    if (on && this.#unsaved) this.#schedule();
    if (!on && this.#timer !== undefined) {
      this.options.clock.clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    this.#tell();
  }

  /** Writes the workbook now (File → Save, AutoSave, leaving the page); resolves with whether it was saved. */
  save(): Promise<boolean> {
    if (this.#timer !== undefined) this.options.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#saving) {
      this.#again = true;
      return this.#saving;
    }
    const saving = this.#write().finally(() => {
      this.#saving = undefined;
      if (this.#again) {
        this.#again = false;
        void this.save();
      }
      this.#tell();
    });
    this.#saving = saving;
    this.#tell();
    return saving;
  }

  /** The workbook on screen is closed without saving (File → Open or New replace it): nothing is written any more. */
  discard(): void {
    this.#discarded = true;
    if (this.#timer !== undefined) this.options.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Forgets the file (File → New, `?reset=1`). */
  async forget(): Promise<void> {
    await this.store.clear();
    this.#parts.everything();
    this.#savedAt = undefined;
  }

  /**
   * Replaces the file with an opened one (File → Open), given as a copy saved whole: the document without its
   * settings and the settings, each as JSON (made off the page's thread, `file-conversion.ts`). The page then
   * reopens it.
   */
  async replace(copy: { json: string; settings: string }): Promise<void> {
    await this.store.write(copy.json, copy.settings, this.options.clock.now());
  }

  #schedule(): void {
    const delay = Math.min(MAX_SAVE_DELAY_MS, Math.max(SAVE_DELAY_MS, this.#lastCost * SAVE_DELAY_PER_COST));
    this.#timer ??= this.options.clock.setTimeout(() => {
      this.#timer = undefined;
      void this.save();
    }, delay);
  }

  async #write(): Promise<boolean> {
    if (!this.#snapshot || this.#discarded) return false;
    const doc = this.#snapshot();
    const settingsChanged = this.#settingsUnsaved;
    this.#unsaved = false;
    this.#settingsUnsaved = false;
    const savedAt = this.options.clock.now();
    let taken = this.#parts.take();
    try {
      // Last writer wins on the settings bag: a session that saved no settings keeps the bag the file has.
      const settings = JSON.stringify(doc.settings);
      const bag = settingsChanged ? settings : ((await this.store.settings()) ?? settings);
      const slices = {
        now: () => this.options.clock.now(),
        yieldToPage: this.options.yieldToPage ?? yieldToPage,
        sliceMs: SLICE_MS,
      };
      const save = () => saveInParts(doc, taken, this.store, { settings: bag, savedAt }, slices);
      const copy = await save().catch(async (error: unknown) => {
        if (!(error instanceof StaleCopyError)) throw error;
        // Another session's save (or File → New) made another copy current: this one's parts may be gone.
        this.#parts.everything();
        taken = this.#parts.take();
        return save();
      });
      this.#parts.saved(copy.id, copy.stored);
      this.#savedAt = savedAt;
      this.#savedSize = copy.size;
      this.#problem = undefined;
      this.options.budget?.saved(copy.size, copy.cells);
      this.#warning = undefined;
      this.options.sessions?.saved(savedAt, settingsChanged);
      this.#lastCost = copy.busyMs;
      await this.options.budget?.refresh();
      return true;
    } catch (error) {
      this.#parts.failed(taken.changes);
      this.#unsaved = true;
      this.#settingsUnsaved ||= settingsChanged;
      const why = error instanceof FileSaveError ? error.message : "the browser refused to store it";
      const kept =
        this.#savedAt === undefined
          ? "Nothing was saved before: a reload opens an empty workbook."
          : `The copy saved at ${time(this.#savedAt)} is still the one a reload opens.`;
      this.#problem = `Not saved: ${why}. ${kept} Delete rows or sheets, or download the workbook (File → Download).`;
      return false;
    }
  }

  #tell(): void {
    const status = this.status;
    for (const listener of [...this.#listeners]) listener(status);
  }
}
