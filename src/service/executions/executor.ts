import { join } from "node:path";
import { rm } from "node:fs/promises";
import type { Clock } from "../../clock";
import { QueryCancelledError, type QueryEngine, type RunOptions, type RunningQuery } from "../engine/query-engine";
import { fileChecksum } from "../results/integrity";
import type { DiskGuard } from "../store/disk-guard";
import { isDiskFull } from "../store/disk-full";
import type { ExecutionStore } from "../store/execution-store";
import { PERFORMANCE_TIERS } from "../../billing";
import { STATES, type ExecutionRecord, type Performance } from "./execution-record";
import { DISK_FULL_MESSAGE, failureMessage } from "./failure-message";
import { endRun, startRun, type Outcome } from "./transitions";

/** What a run of SQL text adds to the engine's options: the tables it may read and its time limit. */
export type SqlRun = Pick<RunOptions, "tables" | "timeLimitMs">;

interface Job {
  record: ExecutionRecord;
  sql: string;
  sqlRun?: SqlRun;
}

/** The store writes the executor makes (an interface so tests can make them fail). */
export type RecordWrites = Pick<ExecutionStore, "save" | "addCredits">;

const UNSTORED_MESSAGE = "The service could not store this execution; run the query again.";

/**
 * Runs executions asynchronously: one FIFO queue per performance tier, each with its own number of slots, so a
 * burst of `medium` runs never delays a `large` one. Records live in memory (the registry) and every state change
 * is written through to the store. Nothing here rejects unhandled: a write that fails (a full disk) ends the run it
 * belongs to as FAILED, with a message that names no path, and the process goes on.
 */
export class Executor {
  private readonly queues: Record<Performance, Job[]> = { small: [], medium: [], large: [] };
  private readonly active: Record<Performance, number> = { small: 0, medium: 0, large: 0 };
  private readonly running = new Map<string, RunningQuery>();
  private readonly settled = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly engine: QueryEngine,
    private readonly store: RecordWrites,
    private readonly records: Map<string, ExecutionRecord>,
    private readonly options: {
      clock: Clock;
      dataDir: string;
      resultsDir: string;
      maxResultBytes: number;
      slots: Record<Performance, number>;
      disk: DiskGuard;
      log: (line: string) => void;
      /** Whether a queued run may start now (a key's in-flight limit); every run may when absent. */
      mayStart?: (record: ExecutionRecord) => boolean;
    },
  ) {}

  /** Accepts a run once its PENDING record is stored; if that fails, the run never existed (and costs nothing). */
  async submit(record: ExecutionRecord, sql: string, sqlRun?: SqlRun): Promise<void> {
    this.records.set(record.executionId, record);
    try {
      await this.store.save(record);
    } catch (error) {
      this.records.delete(record.executionId);
      throw error;
    }
    this.queues[record.performance].push({ record, sql, sqlRun });
    this.pump(record.performance);
  }

  /** 1-based position among the waiting executions of the same tier, or undefined once it is no longer waiting. */
  queuePosition(executionId: string): number | undefined {
    for (const tier of PERFORMANCE_TIERS) {
      const i = this.queues[tier].findIndex((j) => j.record.executionId === executionId);
      if (i >= 0) return i + 1;
    }
    return undefined;
  }

  /**
   * True when this cancel ended the run (pending or running: it stays CANCELLED, whatever the engine does next);
   * false when the run had already ended.
   */
  async cancel(record: ExecutionRecord): Promise<boolean> {
    const queued = record.state === STATES.pending;
    if (!endRun(record, { state: STATES.cancelled }, this.options.clock.now())) return false;
    if (queued) {
      const queue = this.queues[record.performance];
      const i = queue.findIndex((j) => j.record.executionId === record.executionId);
      if (i >= 0) queue.splice(i, 1);
    }
    this.running.get(record.executionId)?.cancel();
    await this.persist(record);
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const run of this.running.values()) run.cancel();
    await Promise.allSettled([...this.settled]);
  }

  /** Starts what may start, in every tier: a key's in-flight limit spans tiers, so a run ending may free another's. */
  private pump(_ended?: Performance): void {
    for (const tier of PERFORMANCE_TIERS) this.pumpTier(tier);
  }

  private pumpTier(tier: Performance): void {
    while (!this.closed && this.active[tier] < this.options.slots[tier]) {
      // The first queued run that may start: a run held by its key's in-flight limit lets later ones pass.
      const at = this.queues[tier].findIndex((job) => this.options.mayStart?.(job.record) ?? true);
      if (at < 0) return;
      const job = this.queues[tier].splice(at, 1)[0] as Job;
      this.active[tier] += 1;
      const p = this.execute(job)
        .catch((error: unknown) => this.options.log(`execution ${job.record.executionId}: ${String(error)}`))
        .finally(() => {
          this.active[tier] -= 1;
          this.settled.delete(p);
          this.pump(tier);
        });
      this.settled.add(p);
    }
  }

  private async execute({ record, sql, sqlRun }: Job): Promise<void> {
    if (!startRun(record, this.options.clock.now())) return;
    const price = record.credits;
    const unstored = (await this.persist(record)) ?? (await this.charge(record));
    if (unstored !== undefined) return this.endUnstored(record, unstored);
    // A cancel or a shutdown that arrived during the writes above found nothing to interrupt yet: honour it here.
    if (this.closed || record.state !== STATES.executing) return;
    const file = join(this.options.resultsDir, `${record.executionId}.parquet`);
    // The small tier has no engine instance of its own: it runs on the medium one, with its own queue and slots.
    const tier = record.performance === "small" ? "medium" : record.performance;
    const run = this.engine.runToFile(sql, { ...sqlRun, tier, file, maxBytes: this.options.maxResultBytes });
    this.running.set(record.executionId, run);
    let outcome: Outcome;
    let endedAt = this.options.clock.now();
    try {
      const stored = await run.done;
      outcome = {
        state: stored.truncated ? STATES.partial : STATES.completed,
        resultFile: file,
        resultChecksum: await fileChecksum(file),
        rowCount: stored.rowCount,
        resultBytes: stored.bytes,
        columns: stored.columns,
      };
      // The finished record is stored before the run is decided: a result the store cannot record is no result.
      endedAt = this.options.clock.now();
      const failed = await this.storeCandidate(record, outcome, endedAt);
      if (failed !== undefined) outcome = this.unstoredOutcome(failed);
    } catch (error) {
      // Cancelled (the cancel has already ended the run) or shut down (the record stays EXECUTING, and the next
      // start marks it FAILED: it cannot be resumed).
      if (error instanceof QueryCancelledError) {
        await rm(file, { force: true });
        return;
      }
      endedAt = this.options.clock.now();
      this.options.disk.noteFailure(error);
      const message = failureMessage(error, this.options.dataDir);
      outcome = { state: STATES.failed, errorMessage: message, refund: isDiskFull(error) };
    } finally {
      this.running.delete(record.executionId);
    }
    if (outcome.state !== STATES.completed && outcome.state !== STATES.partial) await rm(file, { force: true });
    // The one decision: if a cancel got there first, it stands and the result goes.
    if (!endRun(record, outcome, endedAt)) {
      await rm(file, { force: true });
      return;
    }
    if (outcome.state === STATES.failed) {
      const what = record.queryId === undefined ? "SQL text" : `query ${record.queryId}`;
      this.options.log(`execution ${record.executionId} of ${what} failed: ${outcome.errorMessage}`);
      if (outcome.refund) await this.refund(record, price);
      await this.persist(record);
    }
  }

  /** Writes the record as it would be with this outcome, without deciding it; the error if the store refused. */
  private async storeCandidate(record: ExecutionRecord, outcome: Outcome, at: number): Promise<unknown> {
    if (record.state !== STATES.executing) return undefined;
    const candidate = { ...record };
    endRun(candidate, outcome, at);
    return this.persist(candidate);
  }

  private unstoredOutcome(error: unknown): Outcome {
    const message = isDiskFull(error) ? DISK_FULL_MESSAGE : UNSTORED_MESSAGE;
    return { state: STATES.failed, errorMessage: message, refund: true };
  }

  /** A run that could not even be recorded as started ends FAILED, costing nothing. */
  private async endUnstored(record: ExecutionRecord, error: unknown): Promise<void> {
    if (endRun(record, this.unstoredOutcome(error), this.options.clock.now())) await this.persist(record);
  }

  private async charge(record: ExecutionRecord): Promise<unknown> {
    try {
      await this.store.addCredits(record.keyId, record.credits);
      return undefined;
    } catch (error) {
      this.options.disk.noteFailure(error);
      return error;
    }
  }

  /** Gives back what a run was charged; the counter is bookkeeping, so a failure here is logged, not fatal. */
  private async refund(record: ExecutionRecord, price: number): Promise<void> {
    await this.store.addCredits(record.keyId, -price).catch((error: unknown) => {
      this.options.disk.noteFailure(error);
      this.options.log(`execution ${record.executionId}: could not refund ${price} credits: ${String(error)}`);
    });
  }

  /** Writes a record through to the store; returns the error instead of throwing it (and logs it). */
  private async persist(record: ExecutionRecord): Promise<unknown> {
    try {
      await this.store.save(record);
      return undefined;
    } catch (error) {
      this.options.disk.noteFailure(error);
      this.options.log(`execution ${record.executionId}: could not store its record: ${String(error)}`);
      return error;
    }
  }
}
