/** The document's settings as Office has them (`Office.context.document.settings`), or anything of that shape. */
export interface DocumentSettings {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  saveAsync?(callback: (result: { status: unknown }) => void): void;
}

/**
 * One named value of the workbook's document settings, so it travels with the file (never a key in it). Without
 * document settings (Node, tests) it lives in memory for the session.
 */
export class DocumentValue {
  #memory: unknown = null;

  constructor(
    private readonly settings: () => DocumentSettings | undefined,
    readonly name: string,
  ) {}

  read(): unknown {
    const settings = this.settings();
    return settings ? settings.get(this.name) : this.#memory;
  }

  /** Sets the value and saves the document's settings (a failed save is retried with the next write). */
  write(value: unknown): void {
    const settings = this.settings();
    if (!settings) {
      this.#memory = value;
      return;
    }
    settings.set(this.name, value);
    settings.saveAsync?.(() => undefined);
  }
}
