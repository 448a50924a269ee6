import { type SettingsBag, memorySettings, writeSettings } from "../document-settings";

/** The document's settings as Office has them (`Office.context.document.settings`), or anything of that shape. */
export type DocumentSettings = SettingsBag;

/**
 * The workbook's document settings, so what is kept travels with the file (never a key in it). Without document
 * settings (Node, tests) they live in memory for the session.
 */
export class DocumentSettingsSource {
  readonly #memory = memorySettings();

  constructor(private readonly settings: () => DocumentSettings | undefined) {}

  /** The settings to read and write now. */
  get bag(): SettingsBag {
    return this.settings() ?? this.#memory;
  }
}

/** One named value of the workbook's document settings. */
export class DocumentValue {
  readonly #source: DocumentSettingsSource;

  constructor(
    settings: () => DocumentSettings | undefined,
    readonly name: string,
  ) {
    this.#source = new DocumentSettingsSource(settings);
  }

  read(): unknown {
    return this.#source.bag.get(this.name);
  }

  /**
   * Sets the value and saves it into the document merged with what the document holds (a failed save is retried
   * with the next write).
   */
  write(value: unknown): void {
    void writeSettings(this.#source.bag, (settings) => settings.set(this.name, value)).catch(() => undefined);
  }
}
