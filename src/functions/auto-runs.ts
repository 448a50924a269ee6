import {
  isCancelledError,
  isExecutionFailedError,
  knownTime,
  type QueryParameterValue,
  type ServiceClient,
} from "../client";
import type { PerformanceChoice } from "../billing";
import { reportedExecutionCredits } from "../billing";
import type { QueryActivities } from "./query-activity";
import type { AutomaticBudget, BudgetRefusal } from "./automatic-budget";
import type { Reservation } from "./reservation";
import type { QueryCell, QueryRuns } from "../service-cells";

export interface AutoRunDeps {
  client(): ServiceClient;
  /** Runs wait for this first (the session's stored key being read). */
  ready: Promise<unknown>;
  runs: QueryRuns;
  activity: QueryActivities;
  budget: AutomaticBudget;
  /** What a run is expected to cost before it starts (the last reported cost of the query on that tier, else the tier's). */
  estimate(queryId: number, performance: PerformanceChoice): number;
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
  /** What it cost, once its last status reported it (`execution_cost_credits`). */
  credits?: number;
}

/** What asking for an automatic run came to. */
export type AutoRunStart = { started: Promise<void> } | { refused: BudgetRefusal | "in-flight" };

/**
 * Runs the workbook starts without a click — a `run=on_change` cell's new inputs, stale results re-run when the
 * workbook opens — always within the daily credit budget and never twice at once for one parameter set. Each is
 * reserved at its estimate before it is submitted, booked at that estimate once the service took it, and
 * reconciled to the `execution_cost_credits` its last status reports (failed and cancelled runs may cost what they
 * used; one cancelled before it started costs nothing). A run that completes is remembered (its cells then show
 * it); one that fails or is refused says so in its cells.
 */
export class AutoRuns {
  readonly #aborts = new Map<string, AbortController>();

  constructor(private readonly deps: AutoRunDeps) {}

  start(key: string, cell: Pick<QueryCell, "queryId" | "parameters" | "performance">): AutoRunStart {
    const { activity, budget } = this.deps;
    if (activity.isRunning(key)) return { refused: "in-flight" };
    const estimate = this.deps.estimate(cell.queryId, cell.performance);
    const reservation = budget.reserve("executions", estimate);
    if (typeof reservation === "string") {
      activity.set(key, { phase: "refused", reason: reservation });
      return { refused: reservation };
    }
    const abort = new AbortController();
    this.#aborts.set(key, abort);
    activity.set(key, { phase: "running", since: this.deps.now(), origin: "automatic" });
    return { started: this.#run(key, cell, abort, reservation).finally(() => reservation.close()) };
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

  /** What a run that did not complete cost, from its status (free); undefined when that cannot be read. */
  async #finalCost(executionId: string): Promise<number | undefined> {
    try {
      return reportedExecutionCredits(await this.deps.client().status(executionId));
    } catch {
      return undefined;
    }
  }

  async #run(
    key: string,
    cell: Pick<QueryCell, "queryId" | "parameters" | "performance">,
    abort: AbortController,
    reservation: Reservation,
  ): Promise<void> {
    const { activity, runs } = this.deps;
    let accepted: { executionId: string; submittedAt: number } | undefined;
    /** The service took the run: from now on it may charge, so its estimate counts as spent until its cost is known. */
    const accept = (executionId: string): void => {
      accepted = { executionId, submittedAt: this.deps.now() };
      reservation.book(reservation.estimate);
    };
    /** Its cost as the status reports it (or the estimate, where none says), in place of the estimate. */
    const reconcile = (cost: number | undefined): number | undefined => {
      if (cost !== undefined) reservation.book(cost - reservation.booked);
      return cost;
    };
    const tell = (state: string, error?: string, credits?: number): void => {
      if (!accepted) return;
      const { queryId, parameters, performance } = cell;
      const reported = credits === undefined ? {} : { credits };
      this.deps.onEvent?.({
        ...accepted,
        queryId,
        parameters,
        performance,
        state,
        ...(error ? { error } : {}),
        ...reported,
      });
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
            accept(p.executionId);
            const { executionId, submittedAt } = accepted!;
            activity.set(key, { phase: "running", since: submittedAt, origin: "automatic", executionId });
          }
          if (p.state !== last) tell((last = p.state));
        },
      });
      tell(result.state, undefined, reconcile(reportedExecutionCredits(result.status)));
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
        // answer came), so it is told like any other and counted.
        accept(error.executionId);
      }
      // Never accepted (refused, not signed in, unreachable): the service charged nothing, so neither does the budget.
      // Accepted, then failed or cancelled: it may have cost what it used, as its status (free) says.
      const cost = accepted ? reconcile(await this.#finalCost(accepted.executionId)) : undefined;
      if (isExecutionFailedError(error)) tell(error.state, error.serverMessage, cost);
      else if (isCancelledError(error)) tell("QUERY_STATE_CANCELLED", undefined, cost);
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
