import { addCredits, subtractCredits } from "../billing";
import type { ReadBudget } from "../session";

export type ReservationKind = "reads" | "executions";

interface ReservationHooks {
  /** Books credits against today's automatic spending (in the user's ledger). */
  book(credits: number): void;
  close(reservation: Reservation): void;
  changed(): void;
}

/**
 * Part of today's automatic budget held for one piece of work (a read, an execution) while it goes: reserved at its
 * estimate, then reconciled. What it really spends is booked as it becomes known (each page of a read as it
 * arrives; an execution at its estimate once the service took it, then corrected to the cost its status reports),
 * and what it held but did not spend is given back when it is done.
 */
export class Reservation {
  #booked = 0;
  #closed = false;

  constructor(
    readonly kind: ReservationKind,
    /** Credits held for it. */
    public estimate: number,
    /** What it may spend beyond the estimate at most, where that is known (0 where it is not). */
    readonly errorBound: number,
    private readonly hooks: ReservationHooks,
  ) {}

  /** Credits booked so far. */
  get booked(): number {
    return this.#booked;
  }

  /** Held but not spent yet: what the budget keeps room for. */
  get outstanding(): number {
    return this.#closed ? 0 : subtractCredits(this.estimate, this.#booked);
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Credits really spent (negative to correct an amount booked at an estimate). */
  book(credits: number): void {
    if (credits === 0) return;
    this.#booked = addCredits(this.#booked, credits);
    this.hooks.book(credits);
    this.hooks.changed();
  }

  /** Holds more for the same work (its rest proved larger), when the caller found room for it. */
  extend(credits: number): void {
    this.estimate = addCredits(this.estimate, credits);
    this.hooks.changed();
  }

  /** Done: what was held and not spent goes back to the budget. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.hooks.close(this);
  }
}

/** An automatic read's share of the budget, as the read meter uses it: more room only if the budget has it. */
export function readBudget(budget: { room(): number }, reservation: Reservation | undefined): ReadBudget | undefined {
  if (!reservation) return undefined;
  return {
    get estimate() {
      return reservation.estimate;
    },
    book: (credits) => reservation.book(credits),
    grow: (credits) => {
      if (budget.room() < credits) return false;
      reservation.extend(credits);
      return true;
    },
  };
}
