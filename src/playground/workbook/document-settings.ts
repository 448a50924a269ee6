/**
 * The last documented size limit of an add-in's document settings: "A maximum of 2MB is available for the settings
 * of each add-in" (Office.Settings.set reference, until office-js-docs-reference e59cf88a89, 2020-06-24; also
 * MandytMSFT in office-js#621, 2019-07-22: "We only support 2MB maximum for settings"). No limit is documented
 * today; builds are reported failing around 1 MB (office-js#3957) or reading 5 MB back as null (office-js#6304).
 */
export const SETTINGS_LIMIT_BYTES = 2 * 1024 * 1024;

export interface AsyncResultLike<T> {
  status: "succeeded" | "failed";
  value: T;
  error?: { name: string; message: string; code: number };
  asyncContext?: unknown;
}

type Callback = (result: AsyncResultLike<void>) => void;
type Handler = (event: { type: "settingsChanged"; settings: EmulatedSettings }) => void;

/** Where the settings of the open document live, and how the file's copy is read. */
export interface SettingsStore {
  /** The bag as the open document holds it: what `saveAsync` persisted, or what was read from the file. */
  saved: Record<string, unknown>;
  /** Told after `saveAsync` put the bag into the document (the file is written when the document is saved). */
  onSaved?: () => void;
  /** The bag as the file holds it now (another session may have saved it); absent: the document's. */
  fileBag?: () => Promise<Record<string, unknown> | undefined>;
  /** True while the document holds a bag `saveAsync` persisted that no save of the file has written yet. */
  unsavedInDocument?: () => boolean;
}

function copy<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/**
 * `Office.context.document.settings`: values set in memory (copied through JSON, as Office stores them).
 * `saveAsync` "persists the in-memory settings property bag into the document file. However, the changes to the
 * document file itself are saved only when the user (or AutoRecover setting) saves the document to the file
 * system" (Office.Settings.saveAsync reference, 2026-04-22): here it puts the bag into the open document, and the
 * playground's file keeps it when the workbook is saved (AutoSave, or File → Save). The whole bag is written
 * ("to persist all of that user's settings", Office.Settings.refreshAsync reference), so between two sessions of
 * one workbook the last to save wins. What was never `saveAsync`ed is lost on close (persisting-add-in-state-and-
 * settings.md, ms.date 03/24/2026).
 */
export class EmulatedSettings {
  private live: Record<string, unknown>;
  private readonly handlers = new Set<Handler>();

  constructor(private readonly store: SettingsStore) {
    this.live = copy(store.saved);
  }

  get(name: string): unknown {
    return name in this.live ? copy(this.live[name]) : null;
  }

  set(name: string, value: unknown): void {
    this.live[name] = copy(value);
  }

  remove(name: string): void {
    delete this.live[name];
  }

  saveAsync(
    optionsOrCallback?: { overwriteIfStale?: boolean; asyncContext?: unknown } | Callback,
    callback?: Callback,
  ): void {
    const cb = typeof optionsOrCallback === "function" ? optionsOrCallback : callback;
    const asyncContext = typeof optionsOrCallback === "object" ? optionsOrCallback.asyncContext : undefined;
    const size = JSON.stringify(this.live).length;
    setTimeout(() => {
      if (size > SETTINGS_LIMIT_BYTES) {
        cb?.({
          status: "failed",
          value: undefined,
          asyncContext,
          error: {
            name: "Settings size",
            message: "The settings exceed 2 MB, the last documented limit for an add-in's settings.",
            code: 5009,
          },
        });
        return;
      }
      this.store.saved = copy(this.live);
      this.store.onSaved?.();
      cb?.({ status: "succeeded", value: undefined, asyncContext });
    }, 0);
  }

  /**
   * "Reads all settings persisted in the document and refreshes the … add-in's copy of those settings held in
   * memory" (Office.Settings.refreshAsync reference): the file's bag as the last session to save left it, or, while
   * this session's `saveAsync` has not reached the file yet, the bag it put into the open document.
   */
  refreshAsync(callback?: (result: AsyncResultLike<EmulatedSettings>) => void): void {
    void (async () => {
      const pending = this.store.unsavedInDocument?.() === true;
      const fromFile = pending ? undefined : await this.store.fileBag?.().catch(() => undefined);
      if (fromFile) this.store.saved = copy(fromFile);
      // The copy in memory is replaced when the refresh completes, in the same turn as its callback: until then a
      // `get` answers what this session holds (its own unsaved `set`s included), as an add-in's code in between
      // would see in Office, where the host answers the refresh and the copy is replaced as the callback is called.
      setTimeout(() => {
        this.live = copy(this.store.saved);
        callback?.({ status: "succeeded", value: this });
      }, 0);
    })();
  }

  /** Simulates closing and reopening the document: what was not saved is gone. */
  reload(): void {
    this.live = copy(this.store.saved);
  }

  /**
   * `Office.EventType.SettingsChanged`: "the event will fire only when the add-in is loaded with a spreadsheet that
   * is opened in Excel on the web, and more than one user is editing the spreadsheet (coauthoring)"
   * (Office.Settings.addHandlerAsync reference). The playground is Excel on the web; another tab saving the same
   * workbook with other settings is the co-author (`settingsChangedElsewhere`).
   */
  addHandlerAsync(type: string, handler: unknown, callback?: Callback): void {
    if (type === "settingsChanged" && typeof handler === "function") this.handlers.add(handler as Handler);
    callback?.({ status: "succeeded", value: undefined });
  }

  removeHandlerAsync(type: string, options?: unknown, callback?: Callback): void {
    const handler = (options as { handler?: unknown } | undefined)?.handler;
    if (type === "settingsChanged") {
      if (typeof handler === "function") this.handlers.delete(handler as Handler);
      else this.handlers.clear();
    }
    (typeof options === "function" ? (options as Callback) : callback)?.({ status: "succeeded", value: undefined });
  }

  /** Another session saved the workbook with a changed settings bag: tell the handlers, as a co-author's change. */
  settingsChangedElsewhere(): void {
    for (const handler of [...this.handlers]) handler({ type: "settingsChanged", settings: this });
  }
}
