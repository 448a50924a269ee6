import type { SettingsBag, SettingsResult } from "../../src/document-settings";

/**
 * One workbook's document settings as several sessions of it see them, modelled on Office.Settings' reference: each
 * session works on an in-memory copy read when it opened the file; `saveAsync` writes that whole copy into the
 * document (the last writer wins), `refreshAsync` reads the document's again. Their callbacks wait in a queue the
 * test runs step by step, so a test chooses how two sessions' reads and writes interleave.
 */
export class SharedDocument {
  saved: Record<string, unknown> = {};
  readonly #queue: { session: DocumentSession; run(): void }[] = [];

  /** Opens the file in a new session (its copy of the settings is read now). */
  open(name: string): DocumentSession {
    return new DocumentSession(this, name);
  }

  /** @internal */
  enqueue(session: DocumentSession, run: () => void): void {
    this.#queue.push({ session, run });
  }

  /** What `session` (or anyone) has waiting: "refresh" or "save", in order. */
  waiting(session?: DocumentSession): string[] {
    return this.#queue
      .filter((q) => !session || q.session === session)
      .map((q) => (q.run as { kind?: string }).kind ?? "");
  }

  /** Runs the next waiting operation of `session` (or of anyone), then lets promises settle. */
  async next(session?: DocumentSession): Promise<string> {
    const at = this.#queue.findIndex((q) => !session || q.session === session);
    if (at === -1) throw new Error(`nothing waiting${session ? ` for ${session.name}` : ""}`);
    const [op] = this.#queue.splice(at, 1);
    op!.run();
    await settle();
    return (op!.run as { kind?: string }).kind ?? "";
  }

  /** Runs everything waiting, in order, until nothing is left. */
  async drain(): Promise<void> {
    await settle();
    while (this.#queue.length > 0) await this.next();
  }
}

export class DocumentSession implements SettingsBag {
  live: Record<string, unknown>;
  /** Make the next save fail (with this message). */
  failNextSave: string | undefined;

  constructor(
    readonly doc: SharedDocument,
    readonly name: string,
  ) {
    this.live = copy(doc.saved);
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

  refreshAsync(callback: (result: SettingsResult) => void): void {
    this.doc.enqueue(
      this,
      labelled("refresh", () => {
        this.live = copy(this.doc.saved);
        callback({ status: "succeeded" });
      }),
    );
  }

  saveAsync(callback: (result: SettingsResult) => void): void {
    const failure = this.failNextSave;
    this.failNextSave = undefined;
    const snapshot = copy(this.live); // Office takes the copy when asked to save
    this.doc.enqueue(
      this,
      labelled("save", () => {
        if (failure) return callback({ status: "failed", error: { message: failure } });
        this.doc.saved = snapshot;
        callback({ status: "succeeded" });
      }),
    );
  }
}

function labelled(kind: string, run: () => void): () => void {
  return Object.assign(run, { kind });
}

function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
