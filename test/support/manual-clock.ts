import type { ClientClock } from "../../src/client";
import type { Clock as ServiceClock } from "../../src/service";

/**
 * The one clock tests move by hand, for every side: the client, the functions runtime and the pane take it as their
 * `ClientClock` (timers fire only when time moves past them), and the local service takes its `service` view, so a
 * test moves the service's refresh slots and the add-in's schedules with one call.
 */
export class ManualClock implements ClientClock {
  #now: number;
  #timers: { id: number; at: number; callback: () => void }[] = [];
  #nextId = 1;

  /** The service's clock (dates) on the same time. */
  readonly service: ServiceClock = { now: () => new Date(this.#now) };

  constructor(start: number | string | Date = Date.UTC(2024, 5, 1, 10, 7, 0)) {
    this.#now = typeof start === "number" ? start : new Date(start).getTime();
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): unknown {
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
}
