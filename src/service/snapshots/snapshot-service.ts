import { DuckDBInstance } from "@duckdb/node-api";
import { DATASET_DEFINITIONS, refreshSlot, type DatasetDefinition } from "../datasets";
import { STATES, type ExecutionRecord } from "../executions/execution-record";
import type { ExecutionService } from "../executions/execution-service";
import type { ServiceOptions } from "../options";
import { makeSnapshot } from "./make-snapshot";
import { planRetention, SUPERSEDED_GRACE_MS, type CurrentSnapshot } from "./snapshot-retention";

type SnapshotOptions = Pick<ServiceOptions, "clock" | "log" | "maxSnapshotBytes">;

/**
 * The curated datasets' snapshots (E6–E11). Each refresh slot of a dataset's schedule has at most one snapshot, a
 * stored result with its own execution id (query id fixed per dataset), made when the slot is first asked for: by
 * the dataset's endpoint or the latest result of its query id. No timer makes one ahead of time, so an idle service
 * writes nothing (only `warm`, called once at start by `npm start` and `npm run service`, makes the slots then in
 * force). What is kept is decided in `snapshot-retention.ts`. The schedule follows the injected clock.
 */
export class SnapshotService {
  readonly #inFlight = new Map<string, Promise<ExecutionRecord>>();
  /** The current snapshot of each dataset (the latest asked for), so a request does not scan every execution. */
  readonly #current = new Map<string, { record: ExecutionRecord; since: number }>();
  #prunes: Promise<void> = Promise.resolve();
  #pruneTimer: unknown;
  #closed = false;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly executions: ExecutionService,
    private readonly options: SnapshotOptions,
  ) {
    // After a restart, the newest stored snapshot of each dataset is its current one until a request says otherwise.
    for (const record of executions.snapshotRecords()) {
      const seen = this.#current.get(record.dataset as string)?.record;
      if (usable(record) && (!seen || (record.refreshIndex ?? 0) > (seen.refreshIndex ?? 0))) {
        this.#current.set(record.dataset as string, { record, since: -Infinity });
      }
    }
    // The latest result by query id: as JSON it carries the snapshot's execution id, which may then be asked for.
    for (const def of DATASET_DEFINITIONS) {
      executions.makePublic(def.queryId, (sendsId) => (sendsId ? this.serve(def) : this.current(def)));
    }
  }

  static async start(executions: ExecutionService, options: SnapshotOptions): Promise<SnapshotService> {
    const service = new SnapshotService(await DuckDBInstance.create(":memory:", { threads: "1" }), executions, options);
    // In the background: a data directory from before snapshots were pruned may hold thousands to retire.
    service.prune().catch((error: Error) => options.log(`snapshots: pruning failed: ${error.message}`));
    return service;
  }

  /** The snapshot of the slot in force now, made if the slot has none; concurrent requests share one making. */
  current(def: DatasetDefinition): Promise<ExecutionRecord> {
    const { index } = refreshSlot(def.schedule, new Date(this.options.clock.now()));
    const found = this.#current.get(def.name)?.record;
    if (found && found.refreshIndex === index && found.state === STATES.completed) return Promise.resolve(found);
    const key = `${def.name}#${index}`;
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = this.#take(def, index).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  /**
   * As `current`, for an answer that sends the snapshot's execution id to the caller (the dataset endpoint's JSON):
   * from then on the id may be asked for, so the snapshot is kept like any execution. Recorded before the answer.
   */
  async serve(def: DatasetDefinition): Promise<ExecutionRecord> {
    const record = await this.current(def);
    if (record.idServed === false) {
      record.idServed = true;
      await this.executions.adopt(record);
    }
    return record;
  }

  /** Makes the current snapshot of every dataset now (at start, so the first requests are quick). */
  async warm(): Promise<void> {
    for (const def of DATASET_DEFINITIONS) {
      if (this.#closed) return;
      await this.current(def).catch((error: Error) =>
        this.options.log(`dataset ${def.name} refresh failed: ${error.message}`),
      );
    }
  }

  /** Removes or expires the snapshots nobody can ask for any more (after any pruning under way). */
  prune(): Promise<void> {
    const pass = this.#prunes.then(() => this.#prune());
    this.#prunes = pass.catch(() => undefined);
    return pass;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.options.clock.clearTimeout(this.#pruneTimer);
    await Promise.allSettled([...this.#inFlight.values()]);
    await this.#prunes;
    this.instance.closeSync();
  }

  /** The slot's stored snapshot when one is kept (the clock went back, or a restart), or a new one. */
  async #take(def: DatasetDefinition, index: number): Promise<ExecutionRecord> {
    const now = this.options.clock.now();
    const stored = this.executions
      .snapshotRecords()
      .find((r) => r.dataset === def.name && r.refreshIndex === index && usable(r) && now < (r.expiresAt ?? Infinity));
    let record = stored;
    if (!record) {
      record = await makeSnapshot(this.instance, def, index, this.executions.resultsDir, this.options.clock);
      await this.executions.adopt(record);
    }
    this.#current.set(def.name, { record, since: this.options.clock.now() });
    this.#armPrune();
    return record;
  }

  async #prune(): Promise<void> {
    if (this.#closed) return;
    const { clock, log, maxSnapshotBytes } = this.options;
    const current = new Map<string, CurrentSnapshot>();
    for (const [name, { record, since }] of this.#current)
      current.set(name, { executionId: record.executionId, since });
    const plan = planRetention(this.executions.snapshotRecords(), current, clock.now(), maxSnapshotBytes);
    for (const record of plan.remove) await this.executions.discard(record);
    for (const record of plan.expire) await this.executions.expireNow(record);
    if (plan.remove.length + plan.expire.length > 0) {
      log(
        `snapshots: removed ${plan.remove.length} superseded whose ids were never sent; expired ${plan.expire.length} ` +
          `superseded whose ids were sent, oldest first, to keep snapshots within ${maxSnapshotBytes} bytes`,
      );
    }
  }

  /** A superseded snapshot is pruned once the grace after its successor took over has passed. */
  #armPrune(): void {
    if (this.#closed) return;
    this.options.clock.clearTimeout(this.#pruneTimer);
    this.#pruneTimer = this.options.clock.setTimeout(() => {
      this.prune().catch((error: Error) => this.options.log(`snapshots: pruning failed: ${error.message}`));
    }, SUPERSEDED_GRACE_MS);
    (this.#pruneTimer as { unref?: () => void } | undefined)?.unref?.();
  }
}

/** A snapshot that can be served as its slot's: completed, with its file, not found damaged. */
function usable(record: ExecutionRecord): boolean {
  return record.state === STATES.completed && record.resultFile !== undefined && !record.resultDamaged;
}
