import type { ClientClock } from "../../../src/client";

/** Timers that fire only when the test moves time: auto-refresh and status polls on demand. */
export class ManualClock implements ClientClock {
  #now: number;
  #timers: { id: number; at: number; callback: () => void }[] = [];
  #nextId = 1;

  constructor(start = Date.UTC(2024, 5, 1, 10, 7, 0)) {
    this.#now = start;
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

  /** Moves time forward, firing every timer that falls due, in order. */
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
}
