/** What one session of the workbook tells the others (other tabs of the same origin). */
export type SessionMessage =
  | { type: "opened"; session: string }
  | { type: "here"; session: string }
  | { type: "closed"; session: string }
  | { type: "saved"; session: string; savedAt: number; settingsChanged: boolean };

/** The part of BroadcastChannel the file uses (a fake in unit tests). */
export interface ChannelLike {
  postMessage(message: SessionMessage): void;
  addEventListener(type: "message", listener: (event: { data: SessionMessage }) => void): void;
  close(): void;
}

/**
 * The sessions of one workbook in this browser: each tab (page) on the same origin is another session of the same
 * file, like two people with one workbook open in Excel on the web. A tab says when it opens and when it saved; the
 * others answer "here" and learn of saves (`onSaved`: another session's settings reach this one as
 * `settingsChanged`, as co-authoring does).
 */
export class SessionChannel {
  readonly session = Math.random().toString(36).slice(2, 10);
  readonly #others = new Set<string>();
  readonly #savedListeners = new Set<(message: Extract<SessionMessage, { type: "saved" }>) => void>();
  readonly #othersListeners = new Set<(count: number) => void>();

  constructor(private readonly channel: ChannelLike | undefined) {
    channel?.addEventListener("message", ({ data }) => this.#receive(data));
  }

  static forPage(scope: object): SessionChannel {
    const Channel = (scope as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
    return new SessionChannel(Channel ? (new Channel("playground-workbook") as unknown as ChannelLike) : undefined);
  }

  announce(): void {
    this.channel?.postMessage({ type: "opened", session: this.session });
  }

  saved(savedAt: number, settingsChanged: boolean): void {
    this.channel?.postMessage({ type: "saved", session: this.session, savedAt, settingsChanged });
  }

  /** How many other sessions are known to be open. */
  get others(): number {
    return this.#others.size;
  }

  onSaved(listener: (message: Extract<SessionMessage, { type: "saved" }>) => void): () => void {
    this.#savedListeners.add(listener);
    return () => this.#savedListeners.delete(listener);
  }

  onOthers(listener: (count: number) => void): () => void {
    this.#othersListeners.add(listener);
    return () => this.#othersListeners.delete(listener);
  }

  /** This session ends (the page is left): the others forget it. */
  close(): void {
    this.channel?.postMessage({ type: "closed", session: this.session });
    this.channel?.close();
  }

  #receive(message: SessionMessage): void {
    if (message.session === this.session) return;
    const known = this.#others.size;
    if (message.type === "closed") this.#others.delete(message.session);
    else this.#others.add(message.session);
    if (message.type === "opened") this.channel?.postMessage({ type: "here", session: this.session });
    if (message.type === "saved") for (const listener of [...this.#savedListeners]) listener(message);
    if (this.#others.size !== known) for (const listener of [...this.#othersListeners]) listener(this.#others.size);
  }
}
