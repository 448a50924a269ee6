import type { Clock } from "../client";

/**
 * One timer per cached dataset request that live cells show with auto_refresh on: it fires a little after the
 * dataset's next scheduled refresh (the service needs a moment to publish), and the refresh re-arms it.
 */
export class AutoRefreshTimers {
  readonly #timers = new Map<string, { at: number; handle: unknown }>();
  readonly #clock: Clock;
  readonly #delayMs: number;
  readonly #fire: (key: string) => void;

  constructor(clock: Clock, delayMs: number, fire: (key: string) => void) {
    this.#clock = clock;
    this.#delayMs = delayMs;
    this.#fire = fire;
  }

  /** Arms (or re-arms) the timer of `key` for the refresh at `refreshAt`; an infinite time arms nothing. */
  ensure(key: string, refreshAt: number | undefined): void {
    if (refreshAt === undefined || !Number.isFinite(refreshAt)) return;
    const at = refreshAt + this.#delayMs;
    if (this.#timers.get(key)?.at === at) return;
    this.clear(key);
    const handle = this.#clock.setTimeout(
      () => {
        this.#timers.delete(key);
        this.#fire(key);
      },
      Math.max(0, at - this.#clock.now()),
    );
    this.#timers.set(key, { at, handle });
  }

  clear(key: string): void {
    const timer = this.#timers.get(key);
    if (timer) this.#clock.clearTimeout(timer.handle);
    this.#timers.delete(key);
  }

  /** When each armed key fires next (for the pane and tests). */
  scheduled(): Map<string, number> {
    return new Map([...this.#timers].map(([key, timer]) => [key, timer.at]));
  }

  dispose(): void {
    for (const key of [...this.#timers.keys()]) this.clear(key);
  }
}
