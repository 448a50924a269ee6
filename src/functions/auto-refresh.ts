import type { Clock } from "../clock";

/** After a failed automatic refresh: the first try again comes this soon, each next one twice as late… */
export const RETRY_FIRST_MS = 60_000;
/** …but never later than this (the most frequent dataset schedule), so data comes back soon after the service does. */
export const RETRY_MAX_MS = 15 * 60_000;

/**
 * One timer per cached dataset request that live cells show with auto_refresh on: it fires a little after the
 * dataset's next scheduled refresh (the service needs a moment to publish), and a successful refresh re-arms it for
 * the next one. A failed refresh re-arms it too, sooner, on a capped backoff, so one network hiccup does not stop a
 * sheet's auto-refresh for good; the next success starts the backoff again from its first step.
 */
export class AutoRefreshTimers {
  readonly #timers = new Map<string, { at: number; handle: unknown }>();
  /** Failed refreshes in a row, per key. */
  readonly #failures = new Map<string, number>();
  readonly #clock: Clock;
  readonly #delayMs: number;
  readonly #fire: (key: string) => void;

  constructor(clock: Clock, delayMs: number, fire: (key: string) => void) {
    this.#clock = clock;
    this.#delayMs = delayMs;
    this.#fire = fire;
  }

  /** A refresh of `key` succeeded: arms its timer for the refresh at `refreshAt` (an infinite time arms nothing). */
  ensure(key: string, refreshAt: number | undefined): void {
    this.#failures.delete(key);
    if (refreshAt === undefined || !Number.isFinite(refreshAt)) return;
    this.#arm(key, refreshAt + this.#delayMs);
  }

  /** A refresh of `key` failed: tries again after 1, 2, 4, 8 minutes…, at most RETRY_MAX_MS apart. */
  retry(key: string): void {
    const failures = (this.#failures.get(key) ?? 0) + 1;
    this.#failures.set(key, failures);
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(failures - 1, 30));
    this.#arm(key, this.#clock.now() + delay);
  }

  clear(key: string): void {
    this.#disarm(key);
    this.#failures.delete(key);
  }

  /** When each armed key fires next (for the pane and tests). */
  scheduled(): Map<string, number> {
    return new Map([...this.#timers].map(([key, timer]) => [key, timer.at]));
  }

  dispose(): void {
    for (const key of [...this.#timers.keys()]) this.clear(key);
  }

  #arm(key: string, at: number): void {
    if (this.#timers.get(key)?.at === at) return;
    this.#disarm(key);
    const handle = this.#clock.setTimeout(
      () => {
        this.#timers.delete(key);
        this.#fire(key);
      },
      Math.max(0, at - this.#clock.now()),
    );
    this.#timers.set(key, { at, handle });
  }

  #disarm(key: string): void {
    const timer = this.#timers.get(key);
    if (timer) this.#clock.clearTimeout(timer.handle);
    this.#timers.delete(key);
  }
}
