import type { Clock } from "../../clock";
import { GatewayStoreUnavailableError } from "../../team-store";

/** How often writes that found the store unavailable are tried again, and how many are kept meanwhile. */
const RETRY_EVERY_MS = 5_000;
const MAX_WAITING = 10_000;

/**
 * The store writes that follow an answer already on its way (a reconcile, a run's owner, an audit entry): the
 * person has been served, so a store that is unavailable at that moment must not lose them. They are tried again
 * every few seconds, in order, until the store takes them; a write the store refuses as wrong (a reservation another
 * instance already reconciled) is dropped. What is still waiting when the relay stops is logged, never guessed.
 */
export class StoreRetry {
  readonly #waiting: { what: string; write: () => Promise<void> }[] = [];
  readonly #inFlight = new Set<Promise<boolean>>();
  #timer: unknown;

  constructor(
    private readonly clock: Clock,
    private readonly log: (line: string) => void,
  ) {}

  /** Runs the write now (true when done); kept for later when the store is unavailable. Never rejects. */
  run(what: string, write: () => Promise<void>): Promise<boolean> {
    const attempt = this.#attempt(what, write);
    this.#inFlight.add(attempt);
    void attempt.finally(() => this.#inFlight.delete(attempt));
    return attempt;
  }

  async #attempt(what: string, write: () => Promise<void>): Promise<boolean> {
    try {
      await write();
      return true;
    } catch (error) {
      if (error instanceof GatewayStoreUnavailableError) {
        if (this.#waiting.length < MAX_WAITING) this.#waiting.push({ what, write });
        else this.log(JSON.stringify({ gateway: "store write dropped (too many waiting)", what }));
        this.#schedule();
      } else {
        this.log(JSON.stringify({ gateway: "store write refused", what, error: (error as Error).message }));
      }
      return false;
    }
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    this.#timer = this.clock.setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, RETRY_EVERY_MS);
    (this.#timer as { unref?: () => void }).unref?.();
  }

  /** Tries the waiting writes once, in order, stopping at the first the store still cannot take. */
  async flush(): Promise<void> {
    while (this.#waiting.length > 0) {
      const next = this.#waiting.shift()!;
      try {
        await next.write();
      } catch (error) {
        if (error instanceof GatewayStoreUnavailableError) {
          this.#waiting.unshift(next);
          this.#schedule();
          return;
        }
        this.log(JSON.stringify({ gateway: "store write refused", what: next.what, error: (error as Error).message }));
      }
    }
  }

  /** Waits for the writes under way, tries the waiting ones once more, and logs what could not be written. */
  async close(): Promise<void> {
    await Promise.all([...this.#inFlight]);
    if (this.#timer !== undefined) this.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.flush();
    if (this.#timer !== undefined) this.clock.clearTimeout(this.#timer);
    if (this.#waiting.length > 0) {
      this.log(JSON.stringify({ gateway: "store writes lost at stop", count: this.#waiting.length }));
    }
  }
}
