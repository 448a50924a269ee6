import type { ClientClock } from "../../../src/client";

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

/** Lets the event loop run the promise jobs and I/O callbacks queued so far. */
export async function flush(turns = 3): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * A clock whose timers fire only when the test moves time (DESIGN §4.6: injected, no global patching).
 * `drive(promise)` runs a client call to the end: it lets pending work finish, then jumps to the next timer.
 */
export class FakeClock implements ClientClock {
  private current: number;
  private timers: Timer[] = [];
  private nextId = 1;
  /** Every delay passed to setTimeout, in order. */
  readonly requested: number[] = [];

  constructor(start = 1_700_000_000_000) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const timer = { id: this.nextId++, at: this.current + Math.max(0, ms), callback };
    this.timers.push(timer);
    this.requested.push(ms);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Fire the earliest timer, moving time to it. False when none is pending. */
  fireNext(): boolean {
    if (this.timers.length === 0) return false;
    this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
    const timer = this.timers.shift()!;
    this.current = Math.max(this.current, timer.at);
    timer.callback();
    return true;
  }

  /** Move time forward by `ms`, firing every timer due on the way. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      await flush();
      this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.timers[0];
      if (!next || next.at > target) break;
      this.fireNext();
    }
    this.current = target;
    await flush();
  }

  /** Settle `promise`, jumping from timer to timer whenever nothing else is left to do. */
  async drive<T>(promise: Promise<T>, maxTimers = 10_000): Promise<T> {
    let settled = false;
    promise.then(
      () => (settled = true),
      () => (settled = true),
    );
    for (let fired = 0; ;) {
      await flush();
      if (settled) return promise;
      if (!this.fireNext()) {
        await flush(20);
        if (settled) return promise;
        if (this.timers.length === 0) throw new Error("FakeClock.drive: promise is stuck with no timer pending");
      } else if (++fired > maxTimers) {
        throw new Error("FakeClock.drive: too many timers");
      }
    }
  }
}
