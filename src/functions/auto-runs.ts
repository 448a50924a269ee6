import {
  isCancelledError,
  isExecutionFailedError,
  knownTime,
  type PerformanceChoice,
  type QueryParameterValue,
  type ServiceClient,
} from "../client";
import { tierCredits } from "./tiers";
import type { QueryActivities } from "./query-activity";
import type { BudgetRefusal, QueryBudget } from "./query-budget";
import type { QueryCell } from "./query-request";
import type { QueryRuns } from "./query-runs";

export interface AutoRunDeps {
  client(): ServiceClient;
  /** Runs wait for this first (the session's stored key being read). */
  ready: Promise<unknown>;
  runs: QueryRuns;
  activity: QueryActivities;
  budget: QueryBudget;
  now(): number;
  /** The message a failed run leaves on the report's row and in its cells. */
  failureMessage(error: unknown): string;
  /** Told of each state an accepted run reaches (the pane keeps them in its History). */
  onEvent?(event: AutomaticRunEvent): void;
}

/** An automatic run the service accepted, at one of its states: what the pane's History records. */
export interface AutomaticRunEvent {
  executionId: string;
  queryId: number;
  parameters: Record<string, QueryParameterValue>;
  performance: PerformanceChoice;
  /** The service's state (QUERY_STATE_…). */
  state: string;
  /** When it was submitted (epoch ms). */
  submittedAt: number;
  /** The service's message, for a failed run. */
  error?: string;
}

/** What asking for an automatic run came to. */
export type AutoRunStart = { started: Promise<void> } | { refused: BudgetRefusal | "in-flight" };

/**
 * Runs the workbook starts without a click — a `run=on_change` cell's new inputs, stale results re-run when the
 * workbook opens — always within the daily credit budget and never twice at once for one parameter set. A run
 * that completes is remembered (its cells then show it); one that fails or is refused says so in its cells.
 */
export class AutoRuns {
  readonly #aborts = new Map<string, AbortController>();

  constructor(private readonly deps: AutoRunDeps) {}

  start(key: string, cell: Pick<QueryCell, "queryId" | "parameters" | "performance">): AutoRunStart {
    const { activity, budget } = this.deps;
    if (activity.isRunning(key)) return { refused: "in-flight" };
    const credits = tierCredits(cell.performance);
    const reservedOn = budget.state().day;
    const refusal = budget.reserve(credits);
    if (refusal) {
      activity.set(key, { phase: "refused", reason: refusal });
      return { refused: refusal };
    }
    const abort = new AbortController();
    this.#aborts.set(key, abort);
    activity.set(key, { phase: "running", since: this.deps.now(), origin: "automatic" });
    return { started: this.#run(key, cell, abort, () => budget.refund(credits, reservedOn)) };
  }

  /** Cancels an automatic run of `key` (on the server too); false if none is going. */
  cancel(key: string): boolean {
    const abort = this.#aborts.get(key);
    abort?.abort();
    return abort !== undefined;
  }

  dispose(): void {
    for (const abort of this.#aborts.values()) abort.abort();
  }

  async #run(
    key: string,
    cell: Pick<QueryCell, "queryId" | "parameters" | "performance">,
    abort: AbortController,
    refund: () => void,
  ): Promise<void> {
    const { activity, runs } = this.deps;
    let accepted: { executionId: string; submittedAt: number } | undefined;
    const tell = (state: string, error?: string): void => {
      if (!accepted) return;
      const { queryId, parameters, performance } = cell;
      this.deps.onEvent?.({ ...accepted, queryId, parameters, performance, state, ...(error ? { error } : {}) });
    };
    try {
      await this.deps.ready;
      let last = "";
      const result = await this.deps.client().run(cell.queryId, {
        parameters: cell.parameters,
        performance: cell.performance,
        signal: abort.signal,
        allowPartialResults: true,
        onProgress: (p) => {
          if (!accepted) {
            accepted = { executionId: p.executionId, submittedAt: this.deps.now() };
            const { executionId, submittedAt } = accepted;
            activity.set(key, { phase: "running", since: submittedAt, origin: "automatic", executionId });
          }
          if (p.state !== last) tell((last = p.state));
        },
      });
      if (result.state !== last) tell(result.state);
      const expiresAt = knownTime(result.status.expires_at);
      runs.record(key, {
        executionId: result.executionId,
        finishedAt: this.deps.now(),
        ...(expiresAt !== undefined ? { expiresAt } : {}),
      });
      activity.set(key, undefined);
    } catch (error) {
      if (!accepted && isCancelledError(error) && error.executionId !== undefined) {
        // Cancelled while its execute was out: the service took the run (the client cancelled it there once the
        // answer came), so it is told like any other and its credits stay reserved.
        accepted = { executionId: error.executionId, submittedAt: this.deps.now() };
      }
      if (isExecutionFailedError(error)) tell(error.state, error.serverMessage);
      else if (isCancelledError(error)) tell("QUERY_STATE_CANCELLED");
      // Never accepted (refused, not signed in, unreachable): the service charged nothing, so neither does the budget.
      if (!accepted) refund();
      activity.set(
        key,
        isCancelledError(error)
          ? undefined
          : { phase: "failed", at: this.deps.now(), message: this.deps.failureMessage(error) },
      );
    } finally {
      this.#aborts.delete(key);
    }
  }
}
