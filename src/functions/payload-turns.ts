/**
 * Excel on the web carries requests and responses in payloads of at most 5 MB (resource-limits-and-performance-
 * optimization.md, "Excel on the web has a payload size limit for requests and responses of 5MB"), and results set
 * together travel together (Excel-Custom-Functions#233: "The request exceeds the limit of payload size in excel
 * online due to large data sets"; office-js#4654: values "serialized into one payload"). Over it, the cells stay
 * `#BUSY!` with no error (office-js#2222, #2786). Each spill is under the spill limit, so only results set together
 * can pass the cap: the refresh bus sets at most this many bytes of results per turn of the event loop, and waits for
 * the next turn for the rest. How Excel batches results is not documented: a turn is our unit, as the playground's.
 */
export const PAYLOAD_TURN_BYTES = 4_000_000;

/** Spreads results over turns so that those set in one turn stay under a byte budget. */
export class PayloadTurns {
  readonly #budgetBytes: number;
  readonly #nextTurn: () => Promise<void>;
  #used = 0;
  #turnEnd: Promise<void> | undefined;

  constructor(budgetBytes: number, nextTurn: () => Promise<void>) {
    this.#budgetBytes = budgetBytes;
    this.#nextTurn = nextTurn;
  }

  /**
   * Resolves when a result of `bytes` may be set: at once while this turn's results leave room for it (or it is the
   * turn's first), else in a later turn.
   */
  async fit(bytes: number): Promise<void> {
    while (this.#used > 0 && this.#used + bytes > this.#budgetBytes) await this.#endOfTurn();
    this.#used += bytes;
    void this.#endOfTurn();
  }

  /** Bytes set in the current turn (tests). */
  get used(): number {
    return this.#used;
  }

  #endOfTurn(): Promise<void> {
    this.#turnEnd ??= this.#nextTurn().then(() => {
      this.#used = 0;
      this.#turnEnd = undefined;
    });
    return this.#turnEnd;
  }
}
