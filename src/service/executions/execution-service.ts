import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Caller } from "../auth/keys";
import type { Clock } from "../../clock";
import type { QueryEngine } from "../engine/query-engine";
import { apiError } from "../errors";
import { resolveParameters, substituteParameters } from "../queries/parameters";
import { inputsText, sameInputs, wantedInputs } from "../queries/latest-inputs";
import type { SavedQuery } from "../queries/saved-query";
import { ResultIntegrity } from "../results/integrity";
import { DiskGuard } from "../store/disk-guard";
import type { ExecutionStore } from "../store/execution-store";
import { newExecutionId, isValidExecutionId } from "./execution-id";
import { TIER_CREDITS, addCredits } from "../../billing";
import { periodAt } from "../credits/billing-periods";
import { isTerminal, STATES, type ExecutionRecord, type Performance } from "./execution-record";
import { executingRuns, executionCredits, inflightFields, type InflightFields } from "./key-runs";
import { Executor, type SqlRun } from "./executor";
import { ResultExpiry } from "./result-expiry";
import { canCancelExecution, canSeeExecution, canSeeQuery } from "./visibility";

export interface ExecutionServiceOptions {
  clock: Clock;
  dataDir: string;
  maxResultBytes: number;
  slots: Record<Performance, number>;
  log: (line: string) => void;
  /** Executions of one key running at once; more wait PENDING (0: no limit). */
  maxInflight?: number;
  /** Credits the key spent on reads in the billing period `YYYY-MM` (they count against its limit too). */
  readCredits?: (keyId: string, periodId: string) => number;
}

/**
 * The executions side of the service: submitting runs, finding them for a caller, cancelling, expiring.
 * Records are held in memory and written through to the store, so a restart serves every result again.
 */
export class ExecutionService {
  private readonly records = new Map<string, ExecutionRecord>();
  /** Where result files live; producers outside the queue (dataset snapshots) write theirs here too. */
  readonly resultsDir: string;
  /** Query ids without a saved query whose results everyone may read (the curated datasets), and their latest. */
  private readonly publicQueryIds = new Map<number, (sendsId: boolean) => Promise<ExecutionRecord>>();
  private readonly executor: Executor;
  private readonly integrity = new ResultIntegrity();
  private readonly queries: Map<number, SavedQuery>;
  private readonly expiry: ResultExpiry;
  private readonly disk: DiskGuard;

  private constructor(
    private readonly store: ExecutionStore,
    engine: QueryEngine,
    queries: readonly SavedQuery[],
    private readonly options: ExecutionServiceOptions,
  ) {
    this.queries = new Map(queries.map((q) => [q.query_id, q]));
    this.resultsDir = join(options.dataDir, "results");
    this.disk = new DiskGuard(options.dataDir, options.log);
    this.executor = new Executor(engine, store, this.records, {
      ...options,
      resultsDir: this.resultsDir,
      disk: this.disk,
      mayStart: options.maxInflight
        ? (record) => executingRuns(this.records, record.keyId) < (options.maxInflight as number)
        : undefined,
    });
    this.expiry = new ResultExpiry(this.records, store, options);
  }

  static async open(
    store: ExecutionStore,
    engine: QueryEngine,
    queries: readonly SavedQuery[],
    options: ExecutionServiceOptions,
  ): Promise<ExecutionService> {
    const service = new ExecutionService(store, engine, queries, options);
    await mkdir(service.resultsDir, { recursive: true });
    await service.recover();
    return service;
  }

  /** Runs caught mid-way by a crash or stop cannot be resumed: they become FAILED, saying so. Stray temp files go. */
  private async recover(): Promise<void> {
    for (const record of await this.store.loadAll()) {
      this.records.set(record.executionId, record);
      if (!isTerminal(record.state)) {
        record.state = STATES.failed;
        record.errorMessage = "The service stopped before this execution finished; run the query again.";
        record.endedAt = this.options.clock.now();
        record.expiresAt = record.endedAt + 90 * 86_400_000;
        // Not stored (a full disk)? Then the next start finds it unfinished again and says the same.
        await this.saveQuietly(record);
      }
    }
    for (const name of await readdir(this.resultsDir)) {
      if (name.endsWith(".tmp")) await rm(join(this.resultsDir, name), { force: true });
    }
    await this.sweepExpired();
  }

  query(queryId: number): SavedQuery | undefined {
    return this.queries.get(queryId);
  }

  visibleQuery(queryId: number, caller: Caller): SavedQuery {
    const query = this.queries.get(queryId);
    if (!canSeeQuery(query, caller)) throw apiError("query_not_found");
    return query;
  }

  async execute(
    queryId: number,
    caller: Caller,
    submitted: Record<string, unknown>,
    performance: Performance,
  ): Promise<ExecutionRecord> {
    const query = this.visibleQuery(queryId, caller);
    const parameters = resolveParameters(query, submitted);
    this.checkCredits(caller, performance);
    const sql = substituteParameters(query, parameters);
    if (!this.disk.writable()) throw apiError("storage_full");
    const record: ExecutionRecord = {
      executionId: newExecutionId(this.options.clock.now()),
      queryId,
      state: STATES.pending,
      performance,
      user: caller.user,
      teams: [...caller.teams],
      keyId: caller.keyId,
      parameters,
      submittedAt: this.options.clock.now(),
      credits: 0,
    };
    try {
      await this.executor.submit(record, sql);
    } catch (error) {
      if (this.disk.noteFailure(error)) throw apiError("storage_full");
      throw error;
    }
    return record;
  }

  /**
   * A run of SQL text (`/v1/sql/execute`): priced, queued, polled, read, cancelled and kept as any run, with no query
   * id; only its runner can see it (visibility.ts: no query makes it anyone else's). `sqlRun` gives the tables it may
   * read and its time limit.
   */
  async executeSql(caller: Caller, sql: string, performance: Performance, sqlRun: SqlRun): Promise<ExecutionRecord> {
    this.checkCredits(caller, performance);
    if (!this.disk.writable()) throw apiError("storage_full");
    const record: ExecutionRecord = {
      executionId: newExecutionId(this.options.clock.now()),
      state: STATES.pending,
      performance,
      user: caller.user,
      teams: [...caller.teams],
      keyId: caller.keyId,
      parameters: {},
      submittedAt: this.options.clock.now(),
      credits: 0,
    };
    try {
      await this.executor.submit(record, sql, sqlRun);
    } catch (error) {
      if (this.disk.noteFailure(error)) throw apiError("storage_full");
      throw error;
    }
    return record;
  }

  /**
   * A key with a credit limit may not start a run that could take it past the limit in this billing cycle: what it
   * has spent (executions and reads), plus the price of its runs still queued (credits are spent when a run starts),
   * plus this run's price.
   */
  private checkCredits(caller: Caller, performance: Performance): void {
    if (caller.credits === undefined) return;
    const period = periodAt(this.options.clock.now());
    const reads = this.options.readCredits?.(caller.keyId, period.id) ?? 0;
    const committed = addCredits(executionCredits(this.records, caller.keyId, period.start, period.end, true), reads);
    if (addCredits(committed, TIER_CREDITS[performance]) > caller.credits) throw apiError("credit_limit");
  }

  /** Credits charged for the key's executions started in [from, to) (see `executionCredits`). */
  executionCredits(keyId: string, from: number, to: number): number {
    return executionCredits(this.records, keyId, from, to);
  }

  /** The in-flight fields of the run's status when runs per key are limited (`--max-inflight`). */
  inflight(record: ExecutionRecord): InflightFields | undefined {
    const max = this.options.maxInflight;
    return max ? inflightFields(this.records, record, max) : undefined;
  }

  /** The execution as the caller may see it; malformed ids are a 400, unknown or invisible ones a 404. */
  async find(executionId: string, caller: Caller): Promise<ExecutionRecord> {
    if (!isValidExecutionId(executionId)) throw apiError("invalid_execution_id", { id: executionId });
    const record = this.records.get(executionId);
    const query = record?.queryId === undefined ? undefined : this.queries.get(record.queryId);
    if (!record || !canSeeExecution(record, query, caller)) {
      throw apiError("execution_not_found", { id: executionId });
    }
    return this.expiry.view(record);
  }

  /**
   * The most recent execution of the query that has a result, whoever ran it (pane, API or schedule). `sendsId`: the
   * answer carries the execution's id (JSON), so a curated snapshot served this way is kept like any execution.
   * `inputs` (the request's `params.<name>` values): only a run whose parameters, after defaults, equal these counts.
   */
  async latestWithResult(
    queryId: number,
    caller: Caller,
    sendsId = false,
    inputs?: Record<string, string>,
  ): Promise<ExecutionRecord> {
    // Curated datasets have query ids too; their results are public, and their latest is the current snapshot.
    const publicLatest = this.publicQueryIds.get(queryId);
    if (publicLatest) {
      if (inputs) wantedInputs(undefined, inputs);
      return publicLatest(sendsId);
    }
    const query = this.visibleQuery(queryId, caller);
    const wanted = inputs && wantedInputs(query, inputs);
    // The latest run this caller may see, under the same rule as every other execution endpoint.
    const visible = (record: ExecutionRecord) => canSeeExecution(record, query, caller);
    if (!wanted) return this.latestOf(queryId, visible);
    return this.latestOf(
      queryId,
      (record) => visible(record) && sameInputs(query, record.parameters, wanted),
      () => apiError("result_not_found_for_inputs", { inputs: inputsText(wanted) }),
    );
  }

  private async latestOf(
    queryId: number,
    visible: (record: ExecutionRecord) => boolean,
    none: () => Error = () => apiError("result_not_found"),
  ): Promise<ExecutionRecord> {
    let latest: ExecutionRecord | undefined;
    for (const record of this.records.values()) {
      if (record.queryId !== queryId || !record.resultFile || !visible(record)) continue;
      if (record.state !== STATES.completed && record.state !== STATES.partial) continue;
      if (!latest || (record.endedAt ?? 0) > (latest.endedAt ?? 0)) latest = record;
    }
    const seen = latest && this.expiry.view(latest);
    if (!seen || seen.state === STATES.expired) throw none();
    return seen;
  }

  /**
   * Refuses (410) the rows of a result whose stored file is damaged, missing or truncated, and marks the execution
   * so its status says so; everything else goes on being served. A record written before checksums existed gets
   * its checksum on first read.
   */
  async verifyResult(record: ExecutionRecord): Promise<void> {
    if (record.resultDamaged) throw apiError("result_damaged", { id: record.executionId });
    const verdict = await this.integrity.check(record.resultFile as string, record.resultChecksum);
    if (verdict === "intact") return;
    if (verdict === "damaged") {
      record.resultDamaged = true;
      this.options.log(`execution ${record.executionId}: stored result damaged (${record.resultFile})`);
      await this.saveQuietly(record);
      throw apiError("result_damaged", { id: record.executionId });
    }
    record.resultChecksum = verdict.checksum;
    await this.saveQuietly(record);
  }

  /** A write that a read happens to make (a checksum noted, damage marked): when it fails, the read still succeeds. */
  private async saveQuietly(record: ExecutionRecord): Promise<void> {
    await this.store.save(record).catch((error: unknown) => {
      this.disk.noteFailure(error);
      this.options.log(`execution ${record.executionId}: could not store its record: ${String(error)}`);
    });
  }

  /** Whether the id is one of those without a saved query whose results everyone may read (a curated dataset's). */
  isPublicQueryId(queryId: number): boolean {
    return this.publicQueryIds.has(queryId);
  }

  /**
   * Everyone may read the results of this query id, which has no saved query (a curated dataset); `latest` gives its
   * latest result (E5, and as JSON); `sendsId` says whether the answer carries the result's execution id.
   */
  makePublic(queryId: number, latest: (sendsId: boolean) => Promise<ExecutionRecord>): void {
    this.publicQueryIds.set(queryId, latest);
  }

  /** Every curated-dataset snapshot held, in any state. */
  snapshotRecords(): ExecutionRecord[] {
    return [...this.records.values()].filter((r) => r.dataset !== undefined);
  }

  /** Registers (or stores again, once changed) a result produced outside the queue (a curated-dataset refresh). */
  async adopt(record: ExecutionRecord): Promise<void> {
    await this.store.save(record).catch((error: unknown) => {
      this.disk.noteFailure(error);
      throw error;
    });
    this.records.set(record.executionId, record);
  }

  /** Removes a result nobody can ask for (a snapshot whose id was never sent), record and file. */
  async discard(record: ExecutionRecord): Promise<void> {
    this.records.delete(record.executionId);
    // The file first: a stop between the two leaves the record, which the next pruning removes again.
    if (record.resultFile) await rm(record.resultFile, { force: true });
    await this.store.remove(record.executionId);
  }

  /** Expires a result now, for a reason other than its age (see `ResultExpiry.expireNow`). */
  expireNow(record: ExecutionRecord): Promise<void> {
    return this.expiry.expireNow(record);
  }

  queuePosition(executionId: string): number | undefined {
    return this.executor.queuePosition(executionId);
  }

  /** Cancels a run the caller can see (found through `find`); only the user who started it may. */
  cancel(record: ExecutionRecord, caller: Caller): Promise<boolean> {
    if (!canCancelExecution(record, caller)) throw apiError("cancel_forbidden", { id: record.executionId });
    return this.executor.cancel(record);
  }

  creditsSpent(keyId: string): Promise<number> {
    return this.store.creditsSpent(keyId);
  }

  /** A pass of result expiry now (they also run every minute): see `ResultExpiry`. */
  sweepExpired(): Promise<void> {
    return this.expiry.sweep();
  }

  async close(): Promise<void> {
    await this.expiry.close();
    await this.executor.close();
  }
}
