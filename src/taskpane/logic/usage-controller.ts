import { addCredits, describePlan } from "../../billing";
import { writeSettings } from "../../document-settings";
import type { Clock } from "../../clock";
import type { SettingsLike } from "../../excel";
import type { BudgetState } from "../../functions";
import { type DaySpending, type UsageSnapshot, localDay, reportUnexpected } from "../../session";
import type { PaneSession } from "./deps";
import { paneMessage } from "./messages";
import type { QueryReportSource } from "./report-source";
import { Store } from "./store";

/** Where older versions kept per-workbook usage in the document: spending is the user's, so it now lives with them. */
export const LEGACY_USAGE_SETTING = "service.usage";

/** The service's own count beside ours, over the same stretch of time. */
export interface ServiceComparison {
  /** When counting started (epoch ms). */
  since: number;
  /** Credits the service counted for the account since then (its usage endpoint, the whole account). */
  service: number;
  /** Credits this session counted since then. */
  ours: number;
  /** service − ours. */
  difference: number;
}

export interface UsageState {
  session: UsageSnapshot;
  /** This workbook's spending by this user: today, every day kept, and the days themselves (newest first). */
  workbook?: { id: string; today: DaySpending; total: DaySpending; days: { day: string; spending: DaySpending }[] };
  budget?: BudgetState;
  /** "Free (20 credits per MB)". */
  plan: string;
  comparison?: ServiceComparison;
  /** What the last comparison said (it may be unavailable on this plan). */
  comparisonMessage: string;
}

export type UsageDeps = {
  session: Pick<PaneSession, "usage" | "ledger" | "workbookId" | "billing" | "client" | "signedIn">;
  settings: SettingsLike;
  clock: Clock;
  queryReport?: Pick<QueryReportSource, "budget" | "onBudgetChange">;
};

const ZERO: DaySpending = { reads: 0, executions: 0, automaticReads: 0, automaticExecutions: 0 };

function sum(days: readonly DaySpending[]): DaySpending {
  return days.reduce(
    (total, d) => ({
      reads: addCredits(total.reads, d.reads),
      executions: addCredits(total.executions, d.executions),
      automaticReads: addCredits(total.automaticReads, d.automaticReads),
      automaticExecutions: addCredits(total.automaticExecutions, d.automaticExecutions),
    }),
    ZERO,
  );
}

/**
 * Usage: credits for reads and for executions, per session (the session's counters: functions and pane together),
 * per workbook and per day (the user's ledger, by the workbook's id), and the workbook's automatic budget against
 * them. Where the service offers its usage endpoint (free), the service's own count beside ours since the pane
 * started, and the difference: the check that reads are counted as the service bills them.
 */
export class UsageController {
  readonly store: Store<UsageState>;
  #baseline: { at: number; service: number; ours: number } | undefined;

  constructor(private readonly deps: UsageDeps) {
    this.store = new Store<UsageState>({
      session: deps.session.usage.snapshot(),
      plan: describePlan(deps.session.billing.settings.plan),
      comparisonMessage: "",
    });
  }

  /** Starts following the session, the ledger and the budget; returns the unsubscribe. */
  start(): () => void {
    this.#dropLegacy();
    this.#update();
    const offs = [
      this.deps.session.usage.onChange(() => this.#update()),
      this.deps.session.ledger.onChange(() => this.#update()),
      this.deps.session.billing.onChange(() => this.#update()),
      this.deps.queryReport?.onBudgetChange?.(() => this.#update()) ?? (() => undefined),
    ];
    // Counting from now, beside the service's own count (free); where it is not offered this says so once.
    if (this.deps.session.signedIn) void this.compare().catch(reportUnexpected("reading the service's usage"));
    return () => offs.forEach((off) => off());
  }

  /**
   * Asks the service for its count (POST /v1/usage, free). The first answer is where counting starts; each later
   * one is compared with what this session counted since then.
   */
  async compare(): Promise<void> {
    let used: number;
    try {
      const usage = await this.deps.session.client().usage();
      used = usage.billing_periods.reduce((n, p) => addCredits(n, p.credits_used), 0);
    } catch (error) {
      this.store.set({ comparisonMessage: `The service's own count is not available: ${paneMessage(error)}` });
      return;
    }
    const ours = this.deps.session.usage.snapshot().creditsSpent;
    const now = this.deps.clock.now();
    if (!this.#baseline) {
      this.#baseline = { at: now, service: used, ours };
      this.store.set({
        comparisonMessage: "Counting from now beside the service's own count: compare after some reads or runs.",
      });
      return;
    }
    const service = addCredits(used, -this.#baseline.service);
    const mine = addCredits(ours, -this.#baseline.ours);
    const comparison = { since: this.#baseline.at, service, ours: mine, difference: addCredits(service, -mine) };
    this.store.set({
      comparison,
      comparisonMessage:
        comparison.difference === 0
          ? "The service's count and ours agree."
          : "The service counts the whole account (other tools and keys too), and may round differently.",
    });
  }

  #update(): void {
    const session = this.deps.session;
    const id = session.workbookId();
    const state: Partial<UsageState> = {
      session: session.usage.snapshot(),
      plan: describePlan(session.billing.settings.plan),
      budget: this.deps.queryReport?.budget(),
    };
    if (id !== undefined) {
      const days = session.ledger.days(id);
      state.workbook = {
        id,
        today: session.ledger.day(id, localDay(this.deps.clock.now())),
        total: sum(days.map((d) => d.spending)),
        days,
      };
    }
    this.store.set(state);
  }

  /** Per-workbook usage was kept in the document by older versions: what the person spent is not the file's. */
  #dropLegacy(): void {
    if (this.deps.settings.get(LEGACY_USAGE_SETTING) == null) return;
    // Through the document's one queue of merged writes; a failed save is tried again with the next write.
    void writeSettings(this.deps.settings, (settings) => settings.remove(LEGACY_USAGE_SETTING)).catch(
      reportUnexpected("dropping the workbook's old usage totals"),
    );
  }
}
