import { creditsNumber, formatCredits } from "../billing";
import type { BudgetRefusal, BudgetState } from "./automatic-budget";
import type { CanonicalRequest, HeldSource } from "../service-cells";

/** Why an automatic refresh did not fetch. */
export type HoldReason = BudgetRefusal | "size-unknown" | "grew";

/**
 * A request whose automatic refresh was held: its cells keep their values exactly as they were (no note over good
 * data); the pane lists it with why, and SERVICE.SOURCE of its cells says it was held.
 */
export interface HeldRefresh {
  key: string;
  /** "DATASET dex ethereum (limit=20)": which request, in words. */
  what: string;
  /** `Sheet1!A1` of the cells showing it, where Excel gave addresses. */
  cells: string[];
  /** When the values the cells keep were fetched (epoch ms), when they have any. */
  fetchedAt?: number;
  heldAt: number;
  reason: HoldReason;
  /** What the refresh was estimated at, when its size was known. */
  estimate?: number;
  /** Today's automatic budget then, and the room left in it (credits); absent when the refresh's cost was not known. */
  budget?: { left: number; perDay: number };
  /** Why, and what to do, in a sentence (the pane lists it). */
  message: string;
}

/** "DATASET dex ethereum (limit=20)", "RESULTS query 1002", "RESULTS execution 01J…". */
export function describeRequest(request: CanonicalRequest): string {
  const source = request.source;
  const params = Object.entries(request.params)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(", ");
  const base =
    source.kind === "dataset"
      ? `DATASET ${[source.dataset, ...source.args].join(" ")}`
      : source.kind === "query"
        ? `RESULTS query ${source.queryId}`
        : `RESULTS execution ${source.executionId}`;
  return params ? `${base} (${params})` : base;
}

const pad = (n: number): string => String(n).padStart(2, "0");

/** "10:05" today, "2026-03-01 10:05" another day: local time, as the user reads the clock. */
export function localTime(epochMs: number, now: number): string {
  const d = new Date(epochMs);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const day = (t: number) => new Date(t).toDateString();
  return day(epochMs) === day(now) ? time : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${time}`;
}

/**
 * Why, in words, and what to do. Nothing held is retried by itself, raising the budget included: the message offers
 * Refresh All for this one, and a higher budget for what comes later.
 */
export function holdMessage(
  reason: HoldReason,
  facts: { fetchedAt?: number; heldAt: number; estimate?: number; budget: BudgetState; detail?: string },
): string {
  const from = facts.fetchedAt === undefined ? "" : ` (data from ${localTime(facts.fetchedAt, facts.heldAt)})`;
  const head = `Not refreshed at ${localTime(facts.heldAt, facts.heldAt)}${from}: `;
  const cost = facts.estimate === undefined ? "" : ` (about ${formatCredits(facts.estimate)})`;
  const { creditsPerDay, spentToday } = facts.budget;
  const what =
    reason === "budget-off"
      ? `automatic refreshes need a daily credit budget${cost}; set one in the Service pane's Report tab, or use Refresh All.`
      : reason === "budget-spent"
        ? `today's automatic budget has no room for it${cost}: ${creditsNumber(spentToday)} of ${creditsNumber(creditsPerDay)} credits spent. Refresh All refreshes it now; a higher budget (Report tab) lets later automatic refreshes through.`
        : reason === "size-unknown"
          ? "its size is not known yet, so its cost cannot be held to the budget; use Refresh All once."
          : `${facts.detail ?? "it grew past what today's automatic budget has room for."} Use Refresh All, or raise the budget.`;
  return head + what;
}

/** The held refreshes of the live cells, by request key, and who wants to hear of changes. */
export class HeldRefreshes {
  readonly #held = new Map<string, HeldRefresh>();
  readonly #listeners = new Set<() => void>();

  get(key: string): HeldRefresh | undefined {
    return this.#held.get(key);
  }

  set(held: HeldRefresh): void {
    this.#held.set(held.key, held);
    this.#changed();
  }

  clear(key: string): void {
    if (this.#held.delete(key)) this.#changed();
  }

  all(): HeldRefresh[] {
    return [...this.#held.values()];
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
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

/** A held refresh as SERVICE.SOURCE tells it, beside where the rows came from. */
export function heldSource(held: HeldRefresh): HeldSource {
  return { at: new Date(held.heldAt).toISOString(), ...(held.budget ? { budget: held.budget } : {}) };
}
