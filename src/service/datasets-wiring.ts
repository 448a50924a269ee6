import { DuckDBInstance } from "@duckdb/node-api";
import type { FastifyInstance } from "fastify";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { DATASET_DEFINITIONS, refreshSlot, type DatasetDefinition } from "./datasets";
import { describeParquet } from "./engine/duckdb-engine";
import { sqlString } from "./engine/sql-text";
import { newExecutionId } from "./executions/execution-id";
import { RETENTION_MS, STATES, type ExecutionRecord } from "./executions/execution-record";
import type { ExecutionService } from "./executions/execution-service";
import { badParameter } from "./http/error-registry";
import { sendResult } from "./http/result-response";
import type { QueryString } from "./http/query-values";
import { checkQueryIdParam } from "./http/routes/execution-routes";
import type { ServiceOptions } from "./options";
import type { ResultReader } from "./results/result-reader";

/** The seed of the curated data: fixed, so every machine serves the same demo data for the same refresh slot. */
const SEED = 20240101;

/**
 * Serves E6–E11. Each dataset refresh is a stored result with its own execution id (query id fixed per dataset),
 * made on the spec's schedule: lazily when a request finds the current slot has no snapshot yet, and ahead of time
 * by a timer, so a client polling at the refresh moment sees new values. The schedule follows the injected clock.
 */
export async function attachDatasets(
  app: FastifyInstance,
  executions: ExecutionService,
  reader: ResultReader,
  options: ServiceOptions,
): Promise<{ close(): Promise<void>; warm(): Promise<void> }> {
  const instance = await DuckDBInstance.create(":memory:", { threads: "1" });
  const inFlight = new Map<string, Promise<ExecutionRecord>>();
  let closed = false;

  // The newest snapshot per dataset, so a request does not scan every execution to find it.
  const latest = new Map<string, ExecutionRecord>();
  for (const r of executions.records.values()) {
    const seen = r.dataset ? latest.get(r.dataset) : undefined;
    if (r.dataset && r.state === STATES.completed && (!seen || (r.refreshIndex ?? 0) > (seen.refreshIndex ?? 0))) {
      latest.set(r.dataset, r);
    }
  }
  const existing = (def: DatasetDefinition, index: number): ExecutionRecord | undefined => {
    const r = latest.get(def.name);
    return r && r.refreshIndex === index && r.state === STATES.completed ? r : undefined;
  };

  const produce = async (def: DatasetDefinition, index: number): Promise<ExecutionRecord> => {
    const now = options.clock.now().getTime();
    const executionId = newExecutionId(now);
    const file = join(executions.resultsDir, `${executionId}.parquet`);
    const conn = await instance.connect();
    try {
      await def.writeSnapshot(conn, { seed: SEED, refreshIndex: index, refreshedAt: new Date(now), parquetPath: file });
      const written = (await describeParquet(conn, file)).map((c) => c.name).join(",");
      if (written !== def.columns.map((c) => c.name).join(",")) {
        throw new Error(`snapshot of ${def.name} has columns ${written}, not the dataset's`);
      }
      const rowCount = Number(
        (await conn.runAndReadAll(`SELECT count(*) FROM read_parquet(${sqlString(file)})`)).getRows()[0][0],
      );
      const ended = options.clock.now().getTime();
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
        rowCount,
        resultBytes: (await stat(file)).size,
        columns: def.columns.map((c) => ({ name: c.name, type: c.type })),
      };
      await executions.adopt(record);
      latest.set(def.name, record);
      return record;
    } finally {
      conn.closeSync();
    }
  };

  /** The snapshot of the slot in force now; concurrent requests for a missing one share one generation. */
  const current = (def: DatasetDefinition): Promise<ExecutionRecord> => {
    const { index } = refreshSlot(def.schedule, options.clock.now());
    const found = existing(def, index);
    if (found) return Promise.resolve(found);
    const key = `${def.name}#${index}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = produce(def, index).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };

  for (const def of DATASET_DEFINITIONS) {
    executions.publicQueryIds.add(def.queryId);
    app.get<{ Params: Record<string, string> }>(def.routePath, async (request, reply) => {
      checkQueryIdParam(request.query as QueryString, def.queryId);
      const fixed = def.pathParams.map((p) => {
        const value = request.params[p.name];
        if (!p.allowed.includes(value)) {
          throw badParameter(
            p.name,
            `"${String(value).slice(0, 40)}" is not allowed; use one of ${p.allowed.join(", ")}`,
          );
        }
        return { column: p.column, value };
      });
      return sendResult(request, reply, reader, await current(def), "json", fixed);
    });
  }

  // Refresh ahead of requests: wake at the earliest next slot of any dataset (system time; the lazy path covers
  // injected clocks).
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (closed) return;
    const now = options.clock.now().getTime();
    const next = Math.min(...DATASET_DEFINITIONS.map((d) => refreshSlot(d.schedule, new Date(now)).nextAt.getTime()));
    timer = setTimeout(() => void warm().finally(schedule), Math.max(1000, Math.min(next - now + 50, 2 ** 31 - 1)));
    timer.unref();
  };
  const warm = async () => {
    for (const def of DATASET_DEFINITIONS) {
      if (closed) return;
      await current(def).catch((error: Error) => options.log(`dataset ${def.name} refresh failed: ${error.message}`));
    }
  };
  schedule();

  return {
    warm,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...inFlight.values()]);
      instance.closeSync();
    },
  };
}
