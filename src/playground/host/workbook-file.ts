import type { Clock } from "../../clock";
import type { WorkbookDocument } from "../workbook";
import { cellCount, parseCopy } from "./file-document";
import { FileSaveError, type StoredCopy } from "./file-store";
import type { SessionChannel } from "./session-channel";
import type { StorageBudget } from "./storage-budget";

/** The store the file is kept in (IndexedDB in the page, `IdbFileStore`). */
export interface FileStoreLike {
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
 * A large workbook takes a while to write (it is serialised on the page's thread): AutoSave then waits twice as long
 * as the last save took, so that a long insert is not slowed down by saving its growing copy after every chunk.
 */
const SAVE_DELAY_PER_COST = 2;
const MAX_SAVE_DELAY_MS = 10_000;

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
  #snapshot: (() => WorkbookDocument) | undefined;
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
    const doc = parseCopy(copy.json, copy.settings);
    if (doc) this.options.budget?.saved(copy.size, cellCount(doc));
    return doc;
  }

  /** Where the document comes from when it is time to write it. */
  attach(snapshot: () => WorkbookDocument): void {
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

  /** The workbook changed (`cells`: how many cells the change covered, for the storage estimate). */
  changed(cells = 0): void {
    this.#unsaved = true;
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

  /** Turning AutoSave on saves what is unsaved, as Excel does. */
  setAutoSave(on: boolean): void {
    this.#autoSave = on;
    if (on && this.#unsaved) this.#schedule();
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
    this.#savedAt = undefined;
  }

  /** Replaces the file with a document (File → Open); the page then reopens it. */
  async replace(doc: WorkbookDocument): Promise<void> {
    const { settings, ...rest } = doc;
    await this.store.write(JSON.stringify(rest), JSON.stringify(settings), this.options.clock.now());
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
    const started = this.options.clock.now();
    const doc = this.#snapshot();
    const settingsChanged = this.#settingsUnsaved;
    this.#unsaved = false;
    this.#settingsUnsaved = false;
    const { settings, ...rest } = doc;
    const savedAt = this.options.clock.now();
    try {
      // Last writer wins on the settings bag: a session that saved no settings keeps the bag the file has.
      const bag = settingsChanged
        ? JSON.stringify(settings)
        : ((await this.store.settings()) ?? JSON.stringify(settings));
      const copy = await this.store.write(JSON.stringify(rest), bag, savedAt);
      this.#savedAt = savedAt;
      this.#savedSize = copy.size;
      this.#problem = undefined;
      this.options.budget?.saved(copy.size, cellCount(doc));
      this.#warning = undefined;
      this.options.sessions?.saved(savedAt, settingsChanged);
      this.#lastCost = this.options.clock.now() - started;
      await this.options.budget?.refresh();
      return true;
    } catch (error) {
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
