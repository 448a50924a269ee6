import { DuckDBInstance } from "@duckdb/node-api";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { DATASET_DEFINITIONS, refreshSlot, type DatasetDefinition } from "../datasets";
import { describeParquet } from "../engine/duckdb-engine";
import { sqlString } from "../engine/sql-text";
import { newExecutionId } from "../executions/execution-id";
import { RETENTION_MS, STATES, type ExecutionRecord } from "../executions/execution-record";
import type { ExecutionService } from "../executions/execution-service";
import type { ServiceOptions } from "../options";
import { fileChecksum } from "../results/integrity";

/** The seed of the curated data: fixed, so every machine serves the same demo data for the same refresh slot. */
const SEED = 20240101;

/**
 * The curated datasets' snapshots (E6–E11). Each refresh is a stored result with its own execution id (query id fixed
 * per dataset), made on the spec's schedule: lazily when a request finds the current slot has no snapshot yet, and
 * ahead of time by a timer, so a client polling at the refresh moment sees new values. The schedule follows the
 * injected clock.
 */
export class SnapshotService {
  readonly #inFlight = new Map<string, Promise<ExecutionRecord>>();
  /** The newest snapshot per dataset, so a request does not scan every execution to find it. */
  readonly #latest: Map<string, ExecutionRecord>;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly executions: ExecutionService,
    private readonly options: Pick<ServiceOptions, "clock" | "log">,
  ) {
    this.#latest = executions.latestSnapshots();
    for (const def of DATASET_DEFINITIONS) executions.makePublic(def.queryId);
  }

  static async start(
    executions: ExecutionService,
    options: Pick<ServiceOptions, "clock" | "log">,
  ): Promise<SnapshotService> {
    const service = new SnapshotService(await DuckDBInstance.create(":memory:", { threads: "1" }), executions, options);
    service.#schedule();
    return service;
  }

  /** The snapshot of the slot in force now; concurrent requests for a missing one share one generation. */
  current(def: DatasetDefinition): Promise<ExecutionRecord> {
    const { index } = refreshSlot(def.schedule, new Date(this.options.clock.now()));
    const found = this.#latest.get(def.name);
    if (found && found.refreshIndex === index && found.state === STATES.completed) return Promise.resolve(found);
    const key = `${def.name}#${index}`;
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = this.#produce(def, index).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  /** Makes the current snapshot of every dataset (otherwise made on first request). */
  async warm(): Promise<void> {
    for (const def of DATASET_DEFINITIONS) {
      if (this.#closed) return;
      await this.current(def).catch((error: Error) =>
        this.options.log(`dataset ${def.name} refresh failed: ${error.message}`),
      );
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    await Promise.allSettled([...this.#inFlight.values()]);
    this.instance.closeSync();
  }

  async #produce(def: DatasetDefinition, index: number): Promise<ExecutionRecord> {
    const { clock } = this.options;
    const now = clock.now();
    const executionId = newExecutionId(now);
    const file = join(this.executions.resultsDir, `${executionId}.parquet`);
    const conn = await this.instance.connect();
    try {
      await def.writeSnapshot(conn, { seed: SEED, refreshIndex: index, refreshedAt: new Date(now), parquetPath: file });
      const written = (await describeParquet(conn, file)).map((c) => c.name).join(",");
      if (written !== def.columns.map((c) => c.name).join(",")) {
        throw new Error(`snapshot of ${def.name} has columns ${written}, not the dataset's`);
      }
      const rowCount = Number(
        (await conn.runAndReadAll(`SELECT count(*) FROM read_parquet(${sqlString(file)})`)).getRows()[0][0],
      );
      const ended = clock.now();
      const record: ExecutionRecord = {
        executionId,
        queryId: def.queryId,
        state: STATES.completed,
        performance: "medium",
        user: "service",
        teams: [],
        keyId: "",
        dataset: def.name,
        refreshIndex: index,
        parameters: {},
        submittedAt: now,
        startedAt: now,
        endedAt: ended,
        expiresAt: ended + RETENTION_MS,
        credits: 0,
        resultFile: file,
        resultChecksum: await fileChecksum(file),
        rowCount,
        resultBytes: (await stat(file)).size,
        columns: def.columns.map((c) => ({ name: c.name, type: c.type })),
      };
      await this.executions.adopt(record);
      this.#latest.set(def.name, record);
      return record;
    } finally {
      conn.closeSync();
    }
  }

  /** Refresh ahead of requests: wake at the earliest next slot of any dataset (system time; the lazy path covers
   * injected clocks). */
  #schedule(): void {
    if (this.#closed) return;
    const now = this.options.clock.now();
    const next = Math.min(...DATASET_DEFINITIONS.map((d) => refreshSlot(d.schedule, new Date(now)).nextAt.getTime()));
    this.#timer = setTimeout(
      () => void this.warm().finally(() => this.#schedule()),
      Math.max(1000, Math.min(next - now + 50, 2 ** 31 - 1)),
    );
    this.#timer.unref();
  }
}
