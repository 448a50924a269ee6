import { addCredits, subtractCredits } from "../billing";
import { InvalidArgumentError } from "../client";
import { type SpendingLedger, localDay } from "../session";
import { type DocumentSettings, DocumentValue } from "../service-cells";
import { Reservation, type ReservationKind } from "./reservation";

/** The document setting with the workbook's daily credit budget for everything automatic (the limit only). */
export const AUTOMATIC_BUDGET_SETTING = "service.automaticBudget";
/** Where older versions kept the budget of automatic runs and today's spending of it, in the document. */
export const LEGACY_BUDGET_SETTING = "service.queryBudget";

export interface BudgetState {
  /** Credits everything automatic may spend per day; 0 (the default) means nothing automatic spends. */
  creditsPerDay: number;
  /** Today, as the local date `YYYY-MM-DD`. */
  day: string;
  /** Credits automatic refreshes and runs of this workbook spent today (this user, every window and copy). */
  spentToday: number;
  spentReads: number;
  spentExecutions: number;
  /** Estimates of automatic work going now, not yet spent: the budget keeps room for them. */
  reserved: number;
  /** Automatic reads and executions going now. */
  inFlight: { reads: number; executions: number };
  /**
   * What the work going now may spend beyond its estimates, at most, where that is known: a read asks for one page
   * before the rest is estimated again, so it can go over by that page's overshoot only (counted here as the
   * growth allowance of its first page); an execution is billed by compute and its overshoot is known only when it
   * ends (not counted here: see the error of the runs that ended, in spentToday).
   */
  readErrorBound: number;
}

/** Why automatic work may not start: no budget set, or today's has no room for its estimate. */
export type BudgetRefusal = "budget-off" | "budget-spent";

function creditsValue(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value * 100) / 100 : 0;
}

/**
 * One daily credit budget per workbook for everything automatic: scheduled dataset refreshes, refresh and re-runs
 * when the workbook opens, `run=on_change`, the ribbon's Refresh All. The limit is the workbook's (its document
 * settings: whoever opens the file gets the same limit); what was spent against it is the user's (the ledger in
 * their storage, by workbook id and local day), so an unsaved reload, a second copy of the file or a co-author never
 * starts it again. Work starts only if the budget has room for its estimate (spent today, plus what work going now
 * has reserved, plus this estimate); what it really costs is booked as it becomes known.
 */
export class AutomaticBudget {
  readonly #value: DocumentValue;
  readonly #legacy: DocumentValue;
  readonly #open = new Set<Reservation>();
  readonly #listeners = new Set<() => void>();

  constructor(
    settings: () => DocumentSettings | undefined,
    private readonly ledger: SpendingLedger,
    private readonly workbookId: () => string | undefined,
    private readonly now: () => number,
  ) {
    this.#value = new DocumentValue(settings, AUTOMATIC_BUDGET_SETTING);
    this.#legacy = new DocumentValue(settings, LEGACY_BUDGET_SETTING);
    ledger.onChange(() => this.#changed());
  }

  state(): BudgetState {
    this.#migrate();
    const day = localDay(this.now());
    const id = this.workbookId();
    const spent = id === undefined ? undefined : this.ledger.day(id, day);
    const spentReads = spent?.automaticReads ?? 0;
    const spentExecutions = spent?.automaticExecutions ?? 0;
    let reserved = 0;
    let readErrorBound = 0;
    const inFlight = { reads: 0, executions: 0 };
    for (const r of this.#open) {
      reserved = addCredits(reserved, r.outstanding);
      inFlight[r.kind === "reads" ? "reads" : "executions"]++;
      readErrorBound = addCredits(readErrorBound, r.errorBound);
    }
    return {
      creditsPerDay: this.#limit(),
      day,
      spentToday: addCredits(spentReads, spentExecutions),
      spentReads,
      spentExecutions,
      reserved,
      inFlight,
      readErrorBound,
    };
  }

  /** A new limit (credits, to the hundredth, 0 or more); today's spending stays. */
  setCreditsPerDay(credits: number): void {
    if (!(typeof credits === "number" && Number.isFinite(credits) && credits >= 0)) {
      throw new InvalidArgumentError(`The daily budget must be a number of credits, 0 or more; got ${credits}`);
    }
    this.#value.write({ creditsPerDay: creditsValue(credits) });
    this.#changed();
  }

  /**
   * Holds `estimate` credits of today's budget for work about to start, if they fit; otherwise says why not and
   * holds nothing. With no budget nothing automatic starts, not even work estimated at 0 credits.
   * `errorBound`: what the work may spend beyond its estimate at most, where that is known (shown, not held).
   */
  reserve(kind: ReservationKind, estimate: number, errorBound = 0): Reservation | BudgetRefusal {
    const state = this.state();
    if (state.creditsPerDay <= 0) return "budget-off";
    if (addCredits(state.spentToday, state.reserved, estimate) > state.creditsPerDay) return "budget-spent";
    const reservation = new Reservation(kind, estimate, errorBound, {
      book: (credits) => this.#book(kind, credits),
      close: (r) => {
        this.#open.delete(r);
        this.#changed();
      },
      changed: () => this.#changed(),
    });
    this.#open.add(reservation);
    this.#changed();
    return reservation;
  }

  /** Room left today for more automatic work: the limit less what is spent and reserved. */
  room(): number {
    const s = this.state();
    return subtractCredits(s.creditsPerDay, addCredits(s.spentToday, s.reserved));
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #book(kind: ReservationKind, credits: number): void {
    const id = this.workbookId();
    if (id === undefined || credits === 0) return;
    const now = this.now();
    this.ledger.book(id, localDay(now), kind === "reads" ? "automaticReads" : "automaticExecutions", credits, now);
  }

  #limit(): number {
    const stored = this.#value.read() as { creditsPerDay?: unknown } | null;
    return creditsValue(stored?.creditsPerDay);
  }

  /**
   * Moves an older version's budget out of the document, once: its limit into the new setting, today's spending into
   * the user's ledger (it was this workbook's automatic runs), and clears it.
   */
  #migrate(): void {
    const legacy = this.#legacy.read() as { creditsPerDay?: unknown; day?: unknown; spent?: unknown } | null;
    if (!legacy || typeof legacy !== "object" || this.#value.read() != null) return;
    const today = localDay(this.now());
    const spent = creditsValue(legacy.spent);
    if (legacy.day === today && spent > 0) this.#book("executions", spent);
    this.#value.write({ creditsPerDay: creditsValue(legacy.creditsPerDay) });
    this.#legacy.write(null);
  }

  #changed(): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener();
      } catch {
        // A closed pane's listener must not stop the others.
      }
    }
  }
}
