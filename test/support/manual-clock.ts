import type { Clock } from "../../src/clock";

/** Lets the event loop run the promise jobs and I/O callbacks queued so far. */
export async function flush(turns = 3): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * The one clock tests move by hand, for every side: the client, the functions runtime, the pane and the local
 * service all take a `Clock`, so a test moves the service's refresh slots and the add-in's schedules with one call.
 * Timers fire only when time moves past them.
 */
export class ManualClock implements Clock {
  #now: number;
  #timers: { id: number; at: number; callback: () => void }[] = [];
  #nextId = 1;
  /** Every delay passed to setTimeout, in order. */
  readonly requested: number[] = [];

  constructor(start: number | string | Date = Date.UTC(2024, 5, 1, 10, 7, 0)) {
    this.#now = typeof start === "number" ? start : new Date(start).getTime();
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    this.requested.push(ms);
    const id = this.#nextId++;
    this.#timers.push({ id, at: this.#now + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#timers = this.#timers.filter((t) => t.id !== handle);
  }

  /** Timers waiting to fire. */
  get pending(): number {
    return this.#timers.length;
  }

  /** When the earliest timer is due. */
  nextAt(): number | undefined {
    return this.#timers.reduce<number | undefined>(
      (min, t) => (min === undefined || t.at < min ? t.at : min),
      undefined,
    );
  }

  /** Moves time forward, firing every timer that falls due, in order (timers set meanwhile included). */
  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      const due = this.#timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t !== due);
      this.#now = Math.max(this.#now, due.at);
      due.callback();
    }
    this.#now = until;
  }

  /** Moves time to `at` (forward: timers fire as in `advance`; backward: only the time changes). */
  set(at: number | string | Date): void {
    const target = typeof at === "number" ? at : new Date(at).getTime();
    if (target >= this.#now) this.advance(target - this.#now);
    else this.#now = target;
  }

  /** Fires the earliest timer, moving time to it. False when none is pending. */
  fireNext(): boolean {
    const due = [...this.#timers].sort((a, b) => a.at - b.at || a.id - b.id)[0];
    if (!due) return false;
    this.#timers = this.#timers.filter((t) => t !== due);
    this.#now = Math.max(this.#now, due.at);
    due.callback();
    return true;
  }

  /** As `advance`, letting promise jobs and I/O run before each timer and at the end (for async code under test). */
  async advanceSettling(ms: number): Promise<void> {
    const target = this.#now + ms;
    for (;;) {
      await flush();
      const next = this.nextAt();
      if (next === undefined || next > target) break;
      this.fireNext();
    }
    this.#now = target;
    await flush();
  }

  /** Settles `promise`, jumping from timer to timer whenever nothing else is left to do. */
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
        if (this.#timers.length === 0) throw new Error("ManualClock.drive: the promise is stuck with no timer pending");
      } else if (++fired > maxTimers) {
        throw new Error("ManualClock.drive: too many timers");
      }
    }
  }
}
