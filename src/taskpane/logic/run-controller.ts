import {
  isCancelledError,
  isExecutionFailedError,
  knownTime,
  type ExecutionStatus,
  type RunProgress,
} from "../../client";
import type { PaneDeps } from "./deps";
import type { HistoryStore } from "./history-store";
import { paneMessage, rateLimitWaitMessage } from "./messages";
import { type RunRequest, type RunState, describeState, historyPatch } from "./run-states";
import { runIdentities } from "./run-identities";

export type { RunPhase, RunRequest, RunState } from "./run-states";
import type { PaneRunNote } from "../../functions";

import { Store } from "./store";

const TICK_MS = 250;
const IDLE: RunState = { phase: "idle", elapsedMs: 0, message: "", partial: false };

/**
 * One query run at a time: execute, poll, show progress, cancel on the server. Every execution that the
 * service accepted is put in the history at once, so a closed pane never loses track of credits spent.
 */
interface Ticker {
  stopped: boolean;
  handle: unknown;
}

export class RunController {
  readonly store = new Store<RunState>(IDLE);
  #abort: AbortController | undefined;
  #ticker: Ticker | undefined;
  /** The service the current run was sent to (History is kept per service). */
  #baseUrl: string | undefined;

  constructor(
    private readonly deps: Pick<PaneDeps, "session" | "clock" | "recordQueryRun" | "queryReport">,
    private readonly history: HistoryStore,
  ) {}

  get busy(): boolean {
    return ["starting", "running", "cancelling"].includes(this.store.state.phase);
  }

  async run(request: RunRequest): Promise<RunState> {
    if (this.busy) return this.store.state;
    let client;
    try {
      client = this.deps.session.client();
    } catch (error) {
      this.store.replace({ ...IDLE, phase: "failed", request, message: paneMessage(error) });
      this.#tellCells(request);
      return this.store.state;
    }
    // SERVICE.QUERY cells with these inputs (and the Report) show that a run is going.
    this.#note(request, { phase: "running" });
    const abort = new AbortController();
    this.#abort = abort;
    const generation = this.deps.session.generation;
    this.#baseUrl = this.deps.session.baseUrl;
    // Signing out or changing the key or service ends the run's polling (the session aborts its reads): cancel the
    // run on the server rather than leave it spending credits for results nobody will follow.
    const offSession = this.deps.session.onChange(() => abort.abort());
    const startedAt = this.deps.clock.now();
    this.store.replace({ ...IDLE, phase: "starting", request, message: `Submitting query ${request.queryId}…` });
    this.#startTicker(startedAt);
    const stopHearingWaits = client.onRateLimitWait((waitMs) => {
      if (this.store.state.phase !== "cancelling") this.store.set({ message: rateLimitWaitMessage(waitMs) });
    });
    try {
      const result = await client.run(request.queryId, {
        parameters: request.parameters,
        performance: request.performance,
        signal: abort.signal,
        allowPartialResults: true,
        onProgress: (p) => {
          // History is a convenience: the store already keeps storage failures from failing the run, and this
          // catch keeps anything else it throws from becoming an unhandled rejection.
          this.#progress(request, p).catch(() => undefined);
        },
      });
      await this.#finished(result.status, result.partial);
    } catch (error) {
      await this.#failed(request, error, generation !== this.deps.session.generation);
    } finally {
      offSession();
      stopHearingWaits();
      this.#stopTicker();
      this.#abort = undefined;
      this.store.set({ elapsedMs: this.deps.clock.now() - startedAt });
    }
    this.#tellCells(request);
    return this.store.state;
  }

  /** Cancels on the server (the client sends E4 when its signal aborts) and waits for the run to settle. */
  cancel(): void {
    if (!this.#abort || this.store.state.phase === "cancelling") return;
    this.store.set({ phase: "cancelling", message: "Cancelling on the server…" });
    this.#abort.abort();
  }

  reset(): void {
    if (!this.busy) this.store.replace(IDLE);
  }

  /**
   * How the run ended, for SERVICE.QUERY cells with its inputs: a completed run is remembered in the workbook (they
   * show it from now on, and so does whoever opens the file later); a failure is shown on the Report's row.
   */
  #tellCells(request: RunRequest): void {
    const end = this.store.state;
    if (end.phase === "completed" && end.executionId) {
      const expiresAt = knownTime(end.expiresAt);
      const run = {
        executionId: end.executionId,
        finishedAt: this.deps.clock.now(),
        ...(expiresAt !== undefined ? { expiresAt } : {}),
      };
      for (const parameters of this.#identities(request))
        this.deps.recordQueryRun?.(request.queryId, parameters, request.performance, run);
      this.#note(request, undefined);
    } else if (end.phase === "failed") this.#note(request, { phase: "failed", message: end.message });
    else this.#note(request, undefined);
  }

  /** Tells the cells with these inputs (under each identity of the run) how the pane's run goes. */
  #note(request: RunRequest, note: PaneRunNote | undefined): void {
    for (const parameters of this.#identities(request)) this.deps.queryReport?.note({ ...request, parameters }, note);
  }

  /** The parameter sets of cells this run stands for (see runIdentities), with the cells on the sheets now. */
  #identities(request: RunRequest): RunRequest["parameters"][] {
    return runIdentities(request, request.sameRunAs === undefined ? [] : (this.deps.queryReport?.rows() ?? []));
  }

  async #progress(request: RunRequest, p: RunProgress): Promise<void> {
    const first = this.store.state.executionId === undefined;
    const cancelling = this.store.state.phase === "cancelling";
    // Too many executions in flight is its own state: why nothing moves, and what to do about it.
    const waiting = p.inflightLimit;
    this.store.set({
      phase: cancelling ? "cancelling" : "running",
      executionId: p.executionId,
      serverState: p.state,
      queuePosition: p.queuePosition,
      waitingForSlot: waiting !== undefined,
      message: cancelling
        ? this.store.state.message
        : (waiting?.userMessage ?? describeState(p.state, p.queuePosition)),
    });
    if (first) await this.#accepted(request, p.executionId, p.state);
    else await this.history.update(p.executionId, { state: p.state });
  }

  /** The service took the run: from now on it may charge for it, so it goes in the History at once. */
  async #accepted(request: RunRequest, executionId: string, state: string): Promise<void> {
    this.#note(request, { phase: "running", executionId });
    await this.history.upsert({
      executionId,
      queryId: request.queryId,
      parameters: request.parameters,
      performance: request.performance,
      state,
      credits: this.deps.session.estimateExecution(request.queryId, request.performance),
      submittedAt: new Date(this.deps.clock.now()).toISOString(),
      baseUrl: this.#baseUrl ?? this.deps.session.baseUrl,
    });
  }

  async #finished(status: ExecutionStatus, partial: boolean): Promise<void> {
    const rowCount = status.result_metadata?.total_row_count ?? status.result_metadata?.row_count;
    await this.#record(status);
    const rows = rowCount === undefined ? "" : ` · ${rowCount.toLocaleString("en-US")} rows`;
    this.store.set({
      phase: "completed",
      serverState: status.state,
      queuePosition: undefined,
      waitingForSlot: false,
      rowCount,
      partial,
      expiresAt: status.expires_at,
      message: partial
        ? `Completed with a partial result${rows}: the full result was too large to store.`
        : `Completed${rows}.`,
    });
  }

  async #failed(request: RunRequest, error: unknown, sessionChanged: boolean): Promise<void> {
    const executionId = this.store.state.executionId ?? (isCancelledError(error) ? error.executionId : undefined);
    if (isCancelledError(error) && executionId) {
      if (this.store.state.executionId === undefined) {
        // Cancelled while "Submitting…": the service had accepted the run (the client cancelled it there as soon as
        // its answer came), so it is in the History like any other, with its id, and its credits are counted.
        this.store.set({ executionId });
        await this.#accepted(request, executionId, "QUERY_STATE_PENDING");
      }
      if (sessionChanged) {
        // Another key or service may not see this run at all: say what happened instead of asking it.
        this.store.set({
          phase: "cancelled",
          queuePosition: undefined,
          waitingForSlot: false,
          message: "Cancelled on the server: you signed out or changed the key or service while it ran.",
        });
        return;
      }
      // The run may have finished before the cancel arrived: show what the server really has.
      const status = await this.deps.session
        .client()
        .status(executionId)
        .catch(() => undefined);
      if (status?.state === "QUERY_STATE_COMPLETED") return this.#finished(status, false);
      if (status) await this.#record(status);
      this.store.set({
        phase: "cancelled",
        serverState: status?.state,
        queuePosition: undefined,
        waitingForSlot: false,
        message: "Cancelled on the server.",
      });
      return;
    }
    if (isExecutionFailedError(error))
      await this.history.update(error.executionId, { state: error.state, error: error.serverMessage });
    const message = paneMessage(error);
    this.store.set({
      phase: isCancelledError(error) ? "cancelled" : "failed",
      queuePosition: undefined,
      waitingForSlot: false,
      message,
    });
  }

  async #record(status: ExecutionStatus): Promise<void> {
    await this.history.update(status.execution_id, historyPatch(status));
  }

  /**
   * Every TICK_MS while the run is live, the elapsed time. Each tick schedules the next; a listener of the tick may
   * stop the ticker (the run ended), so a stopped ticker schedules nothing more.
   */
  #startTicker(startedAt: number): void {
    const ticker: Ticker = { stopped: false, handle: undefined };
    const tick = (): void => {
      ticker.handle = this.deps.clock.setTimeout(() => {
        this.store.set({ elapsedMs: this.deps.clock.now() - startedAt });
        if (!ticker.stopped) tick();
      }, TICK_MS);
    };
    this.#ticker = ticker;
    tick();
  }

  #stopTicker(): void {
    if (this.#ticker) {
      this.#ticker.stopped = true;
      this.deps.clock.clearTimeout(this.#ticker.handle);
    }
    this.#ticker = undefined;
  }
}
