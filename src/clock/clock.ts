/**
 * Time, injected through options (never patched globals) everywhere something waits or stamps: the client (backoffs, timeouts, polling), the
 * functions and the pane (schedules, budgets), and the local service (refresh slots, rate windows, retention). Tests
 * move one manual clock for all of them, without real waiting and without patching globals.
 */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};
