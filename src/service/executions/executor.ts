import { fileChecksum } from "../results/integrity";
import { join } from "node:path";
import { rm } from "node:fs/promises";
import type { Clock } from "../../clock";
import { QueryCancelledError, type QueryEngine, type RunningQuery } from "../engine/query-engine";
import type { ExecutionStore } from "../store/execution-store";
import { PERFORMANCE_TIERS, TIER_CREDITS } from "../../billing";
import { RETENTION_MS, STATES, type ExecutionRecord, type ExecutionState, type Performance } from "./execution-record";

interface Job {
  record: ExecutionRecord;
  sql: string;
}

/**
 * Runs executions asynchronously: one FIFO queue per performance tier, each with its own number of slots, so a
 * burst of `medium` runs never delays a `large` one. Records live in memory (the registry) and every state change
 * is written through to the store.
 */
export class Executor {
  private readonly queues: Record<Performance, Job[]> = { small: [], medium: [], large: [] };
  private readonly active: Record<Performance, number> = { small: 0, medium: 0, large: 0 };
  private readonly running = new Map<string, RunningQuery>();
  private readonly settled = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly engine: QueryEngine,
    private readonly store: ExecutionStore,
    private readonly records: Map<string, ExecutionRecord>,
    private readonly options: {
      clock: Clock;
      resultsDir: string;
      maxResultBytes: number;
      slots: Record<Performance, number>;
      log: (line: string) => void;
      /** Whether a queued run may start now (a key's in-flight limit); every run may when absent. */
      mayStart?: (record: ExecutionRecord) => boolean;
    },
  ) {}

  async submit(record: ExecutionRecord, sql: string): Promise<void> {
    this.records.set(record.executionId, record);
    await this.store.save(record);
    this.queues[record.performance].push({ record, sql });
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

  /** True when a pending or running execution was stopped; false when it had already ended. */
  async cancel(record: ExecutionRecord): Promise<boolean> {
    if (record.state === STATES.pending) {
      const queue = this.queues[record.performance];
      const i = queue.findIndex((j) => j.record.executionId === record.executionId);
      if (i >= 0) queue.splice(i, 1);
      await this.finishCancelled(record);
      return true;
    }
    if (record.state === STATES.executing) {
      await this.finishCancelled(record);
      this.running.get(record.executionId)?.cancel();
      return true;
    }
    return false;
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
      const p = this.execute(job).finally(() => {
        this.active[tier] -= 1;
        this.settled.delete(p);
        this.pump(tier);
      });
      this.settled.add(p);
    }
  }

  private async execute({ record, sql }: Job): Promise<void> {
    const file = join(this.options.resultsDir, `${record.executionId}.parquet`);
    const now = this.options.clock.now();
    record.state = STATES.executing;
    record.startedAt = now;
    // Credits are spent when the engine starts: a run cancelled while still queued costs nothing.
    record.credits = TIER_CREDITS[record.performance];
    await this.store.save(record);
    await this.store.addCredits(record.keyId, record.credits);
    // A cancel or a shutdown that arrived during the writes above found nothing to interrupt yet: honour it here.
    if (this.closed || stateOf(record) !== STATES.executing) return;
    // The small tier has no engine instance of its own: it runs on the medium one, with its own queue and slots.
    const tier = record.performance === "small" ? "medium" : record.performance;
    const run = this.engine.runToFile(sql, { tier, file, maxBytes: this.options.maxResultBytes });
    this.running.set(record.executionId, run);
    try {
      const stored = await run.done;
      // A cancel may have landed while the engine was finishing: the cancel wins, the file goes.
      if (stateOf(record) !== STATES.executing) {
        await rm(file, { force: true });
        return;
      }
      Object.assign(record, {
        state: stored.truncated ? STATES.partial : STATES.completed,
        resultFile: file,
        resultChecksum: await fileChecksum(file),
        rowCount: stored.rowCount,
        resultBytes: stored.bytes,
        columns: stored.columns,
      });
      this.stamp(record);
    } catch (error) {
      if (error instanceof QueryCancelledError || stateOf(record) === STATES.cancelled) return;
      record.state = STATES.failed;
      record.errorMessage = engineMessage(error);
      this.stamp(record);
      this.options.log(`execution ${record.executionId} of query ${record.queryId} failed: ${record.errorMessage}`);
    } finally {
      this.running.delete(record.executionId);
      if (stateOf(record) !== STATES.cancelled) await this.store.save(record);
    }
  }

  private stamp(record: ExecutionRecord): void {
    record.endedAt = this.options.clock.now();
    record.expiresAt = record.endedAt + RETENTION_MS;
  }

  private async finishCancelled(record: ExecutionRecord): Promise<void> {
    record.state = STATES.cancelled;
    record.cancelledAt = this.options.clock.now();
    this.stamp(record);
    await this.store.save(record);
  }
}

/** The engine's own message (e.g. `Binder Error: ...`), first line only, without driver noise. */
function engineMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .split("\n")[0]
    .replace(/^Error:\s*/, "")
    .slice(0, 2000);
}

/** Read through a function: another task (cancel) may change the state across an await, which TS cannot see. */
function stateOf(record: ExecutionRecord): ExecutionState {
  return record.state;
}
