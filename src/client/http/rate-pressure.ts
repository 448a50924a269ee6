import type { Clock } from "../../clock";

/** How long a 429 keeps the client careful: the real service's limits are per minute. */
export const RATE_WINDOW_MS = 60_000;
/** While careful, status polls are at least this far apart (the lowest plan allows 40 reads a minute). */
export const CAREFUL_POLL_MS = 6_000;

/**
 * What the client has learnt from the service's 429s. The real service limits requests per minute per plan and
 * sends no rate-limit headers, so the only signal is the 429 itself: after one, page requests go one at a time and
 * status polls slow down, for a minute after the last 429. The retry ladder still honours `Retry-After` per request.
 */
export class RatePressure {
  #lastLimitedAt = -Infinity;
  #count = 0;
  readonly #waitListeners = new Set<(waitMs: number) => void>();

  constructor(private readonly clock: Clock) {}

  /** Called by the transport on every 429. */
  rateLimited(): void {
    this.#lastLimitedAt = this.clock.now();
    this.#count++;
  }

  /** Called by the transport before it waits out a 429 to try again: progress displays say why nothing moves. */
  waiting(waitMs: number): void {
    for (const listener of this.#waitListeners) {
      try {
        listener(waitMs);
      } catch {
        // A display that fails must not stop the request it reports on.
      }
    }
  }

  /** `listener` hears each wait after a 429 (milliseconds until the next attempt). Returns the unsubscribe. */
  onWait(listener: (waitMs: number) => void): () => void {
    this.#waitListeners.add(listener);
    return () => this.#waitListeners.delete(listener);
  }

  /** 429s seen since the client was made (for the pane's progress and for tests). */
  get count(): number {
    return this.#count;
  }

  /** True within a minute of the last 429. */
  careful(): boolean {
    return this.clock.now() - this.#lastLimitedAt < RATE_WINDOW_MS;
  }

  /** Requests to keep in flight: what the caller wants, or one while careful. */
  concurrency(wanted: number): number {
    return this.careful() ? 1 : wanted;
  }

  /** A poll's wait, stretched while careful. */
  pollDelay(delay: number): number {
    return this.careful() ? Math.max(delay, CAREFUL_POLL_MS) : delay;
  }
}
