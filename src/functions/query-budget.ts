import { InvalidArgumentError } from "../client";
import { type DocumentSettings, DocumentValue } from "./document-value";

/** The document setting with the workbook's budget for automatic runs and what today's runs spent of it. */
export const QUERY_BUDGET_SETTING = "service.queryBudget";

export interface BudgetState {
  /** Credits automatic runs may spend per day; 0 (the default) means they never run. */
  creditsPerDay: number;
  /** Credits automatic runs spent today (local date). */
  spentToday: number;
  /** Today, as the local date `YYYY-MM-DD`. */
  day: string;
}

/** Why an automatic run may not start: no budget set, or today's is spent. */
export type BudgetRefusal = "budget-off" | "budget-spent";

interface Stored {
  creditsPerDay: number;
  day: string;
  spent: number;
}

const pad = (n: number): string => String(n).padStart(2, "0");

/** The local calendar date of an instant: the budget starts again at local midnight, as the user's day does. */
export function localDay(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function whole(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;
}

/**
 * The per-workbook daily credit budget of automatic runs (`run=on_change` cells, re-runs when the workbook opens),
 * kept in the document so that whoever opens the file gets the same limit and today's spending counts once. A run
 * reserves its credits before it is submitted (so two cells cannot both take the last credits) and gets them back
 * only if the service never accepted it. Explicit runs from the pane are the user's choice and are not counted.
 */
export class QueryBudget {
  readonly #value: DocumentValue;
  readonly #listeners = new Set<() => void>();

  constructor(
    settings: () => DocumentSettings | undefined,
    private readonly now: () => number,
    private readonly dayOf: (epochMs: number) => string = localDay,
  ) {
    this.#value = new DocumentValue(settings, QUERY_BUDGET_SETTING);
  }

  state(): BudgetState {
    const stored = this.#read();
    const day = this.dayOf(this.now());
    return { creditsPerDay: stored.creditsPerDay, spentToday: stored.day === day ? stored.spent : 0, day };
  }

  setCreditsPerDay(credits: number): void {
    if (!(typeof credits === "number" && Number.isInteger(credits) && credits >= 0)) {
      throw new InvalidArgumentError(`The daily budget must be a whole number of credits, 0 or more; got ${credits}`);
    }
    const { spentToday, day } = this.state();
    this.#write({ creditsPerDay: credits, day, spent: spentToday });
  }

  /** Takes `credits` from today's budget if they fit; otherwise says why not and takes nothing. */
  reserve(credits: number): BudgetRefusal | undefined {
    const { creditsPerDay, spentToday, day } = this.state();
    if (creditsPerDay <= 0) return "budget-off";
    if (spentToday + credits > creditsPerDay) return "budget-spent";
    this.#write({ creditsPerDay, day, spent: spentToday + credits });
    return undefined;
  }

  /** Gives back a reservation the service never charged (the execute was refused or never sent), same day only. */
  refund(credits: number, reservedOn: string): void {
    const { creditsPerDay, spentToday, day } = this.state();
    if (day !== reservedOn) return;
    this.#write({ creditsPerDay, day, spent: Math.max(0, spentToday - credits) });
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #read(): Stored {
    const stored = this.#value.read() as Partial<Stored> | null;
    return {
      creditsPerDay: whole(stored?.creditsPerDay),
      day: typeof stored?.day === "string" ? stored.day : "",
      spent: whole(stored?.spent),
    };
  }

  #write(stored: Stored): void {
    this.#value.write(stored);
    for (const listener of [...this.#listeners]) listener();
  }
}
