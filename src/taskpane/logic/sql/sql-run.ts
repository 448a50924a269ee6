import { isCancelledError, isExecutionFailedError, type ExecutionStatus, type RunProgress } from "../../../client";
import { type PerformanceChoice } from "../../../billing";
import { tierCredits, tierLabel } from "../../../service-cells";
import type { PaneDeps } from "../deps";
import type { HistoryStore } from "../history-store";
import { paneMessage } from "../messages";
import { describeState, historyPatch } from "../run-states";
import { Store } from "../store";
import { errorPosition, sqlRefusal, type SqlPosition } from "./sql-text";
import { previewResult, type SqlPreview } from "./sql-preview";

export type SqlPhase = "idle" | "priced" | "refused" | "running" | "cancelling" | "completed" | "failed" | "cancelled";

export interface SqlRunState {
  phase: SqlPhase;
  message: string;
  /** The text this state is about. */
  sql?: string;
  performance?: PerformanceChoice;
  /** The tier and its estimated credits, shown before anything is sent. */
  price?: { label: string; credits: number };
  executionId?: string;
  queuePosition?: number;
  rowCount?: number;
  /** The result's columns once it completed (offered by the editor's completion). */
  columns?: readonly string[];
  /** Where the engine's error points in the text, when it says. */
  errorAt?: SqlPosition;
}

const IDLE: SqlRunState = { phase: "idle", message: "" };

/**
 * The SQL tab's run: the text checked in the pane (empty, `{{placeholders}}`: refused, nothing sent), priced by
 * its tier before it is sent (the user confirms the price), then executed and followed as a saved query's run is
 * (progress, queue position, cancel on the server), kept in the History with its text, cost and execution id.
 */
export class SqlRunController {
  readonly store = new Store<SqlRunState>(IDLE);
  #abort: AbortController | undefined;

  constructor(
    private readonly deps: Pick<PaneDeps, "session" | "clock">,
    private readonly history: HistoryStore,
  ) {}

  get busy(): boolean {
    return this.store.state.phase === "running" || this.store.state.phase === "cancelling";
  }

  /** Step one: the text checked and priced; nothing is sent. Returns whether it may run. */
  price(sql: string, performance: PerformanceChoice): boolean {
    if (this.busy) return false;
    const refusal = sqlRefusal(sql);
    if (refusal !== undefined) {
      this.store.replace({ phase: "refused", message: refusal, sql, performance });
      return false;
    }
    const credits = tierCredits(performance);
    const label = tierLabel(performance);
    this.store.replace({
      phase: "priced",
      sql,
      performance,
      price: { label, credits },
      message: `Runs on ${label}: confirm to spend the credits.`,
    });
    return true;
  }

  /** Step two: the priced text runs (only the text and tier just priced: an edit since needs a new price). */
  async run(): Promise<SqlRunState> {
    const { sql, performance, price } = this.store.state;
    if (this.store.state.phase !== "priced" || sql === undefined || performance === undefined) return this.store.state;
    let client;
    try {
      client = this.deps.session.client();
    } catch (error) {
      this.store.set({ phase: "failed", message: paneMessage(error) });
      return this.store.state;
    }
    const abort = new AbortController();
    this.#abort = abort;
    const baseUrl = this.deps.session.baseUrl;
    const offSession = this.deps.session.onChange(() => abort.abort());
    this.store.set({ phase: "running", message: "Submitting the SQL…" });
    try {
      const result = await client.runSql(sql, {
        performance,
        signal: abort.signal,
        allowPartialResults: true,
        onProgress: (p) => {
          this.#progress(p, sql, performance, price?.credits ?? 0, baseUrl).catch(() => undefined);
        },
      });
      await this.#finished(result.status);
    } catch (error) {
      await this.#failed(error, sql);
    } finally {
      offSession();
      this.#abort = undefined;
    }
    return this.store.state;
  }

  /** Cancels on the server (the client sends the cancel when its signal aborts). */
  cancel(): void {
    if (!this.#abort || this.store.state.phase === "cancelling") return;
    this.store.set({ phase: "cancelling", message: "Cancelling on the server…" });
    this.#abort.abort();
  }

  /** The completed run's first rows, read (and priced) as any result is; undefined before a run completed. */
  async preview(): Promise<SqlPreview | undefined> {
    const { phase, executionId } = this.store.state;
    if (phase !== "completed" || executionId === undefined) return undefined;
    return previewResult(this.deps, executionId);
  }

  /** Back to the editor: a price shown is dropped (the text may change). */
  reset(): void {
    if (!this.busy) this.store.replace(IDLE);
  }

  async #progress(p: RunProgress, sql: string, performance: PerformanceChoice, credits: number, baseUrl: string) {
    const first = this.store.state.executionId === undefined;
    const cancelling = this.store.state.phase === "cancelling";
    this.store.set({
      executionId: p.executionId,
      queuePosition: p.queuePosition,
      message: cancelling
        ? this.store.state.message
        : (p.inflightLimit?.userMessage ?? describeState(p.state, p.queuePosition)),
    });
    // Accepted: from now on it may be charged, so it is in the History at once.
    if (first) {
      await this.history.upsert({
        executionId: p.executionId,
        queryId: 0,
        sql,
        parameters: {},
        performance,
        state: p.state,
        credits,
        submittedAt: new Date(this.deps.clock.now()).toISOString(),
        baseUrl,
      });
    } else if (p.status) await this.history.update(p.executionId, historyPatch(p.status));
  }

  async #finished(status: ExecutionStatus): Promise<void> {
    await this.history.update(status.execution_id, historyPatch(status));
    const meta = status.result_metadata;
    const rowCount = meta?.total_row_count ?? meta?.row_count;
    const rows = rowCount === undefined ? "" : ` · ${rowCount.toLocaleString("en-US")} rows`;
    this.store.set({
      phase: "completed",
      queuePosition: undefined,
      rowCount,
      columns: meta?.column_names ?? [],
      message: `Completed${rows}.`,
    });
  }

  async #failed(error: unknown, sql: string): Promise<void> {
    if (isCancelledError(error)) {
      this.store.set({ phase: "cancelled", queuePosition: undefined, message: "Cancelled on the server." });
      return;
    }
    if (isExecutionFailedError(error))
      await this.history.update(error.executionId, { state: error.state, error: error.serverMessage });
    const message = paneMessage(error);
    const engine = isExecutionFailedError(error) ? (error.serverMessage ?? message) : message;
    this.store.set({
      phase: "failed",
      queuePosition: undefined,
      message,
      errorAt: errorPosition(engine, sql),
    });
  }
}
