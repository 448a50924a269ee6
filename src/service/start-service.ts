import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { KeyRing } from "./auth/keys";
import { RateLimiter } from "./auth/rate-limiter";
import { DATASET_DEFINITIONS } from "./datasets";
import { DuckDbEngine } from "./engine/duckdb-engine";
import { ExecutionService } from "./executions/execution-service";
import { MAX_INSERT_BYTES } from "../billing";
import { KeyBilling } from "./credits/key-billing";
import { ReadLedger } from "./credits/read-ledger";
import {
  buildApp,
  decoratePublicUrl,
  registerDatasetRoutes,
  registerExecutionRoutes,
  registerQueryRoutes,
  registerUsageRoutes,
  registerSqlRoutes,
  registerUploadRoutes,
  PageBodies,
} from "./http";
import { UploadService } from "./uploads/upload-service";
import type { ExecutionRecord } from "./executions/execution-record";
import type { ServiceOptions } from "./options";
import { ResultReader } from "./results/result-reader";
import { checkSavedQueries } from "./queries/check-queries";
import { ExecutionStore } from "./store/execution-store";
import { SnapshotService } from "./snapshots/snapshot-service";

/** How long SQL text may run unless the options say otherwise: the local service is shared, so a runaway stops. */
const SQL_TIME_LIMIT_MS = 5 * 60_000;

/** Response bodies of result pages kept for repeat requests (the pager and many cells ask the same pages). */
const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export interface RunningService {
  /** e.g. http://127.0.0.1:8787 */
  url: string;
  port: number;
  executions: ExecutionService;
  /** The API routes served (method and fastify pattern); HEAD and CORS preflights aside. */
  routes: readonly { method: string; url: string }[];
  /** Makes the current snapshot of every curated dataset (otherwise made on first request). */
  warmDatasets(): Promise<void>;
  /** Removes the curated snapshots nobody can ask for any more now (also done a minute after one is superseded). */
  pruneSnapshots(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the whole local service on a real port with its data directory, and returns a handle to stop it. */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  checkSavedQueries(
    options.queries,
    DATASET_DEFINITIONS.map((d) => ({ queryId: d.queryId, name: d.name })),
  );
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  // First: a count that cannot be read stops the start before anything else is opened.
  const ledger = await ReadLedger.open(dataDir, options.clock, options.log);
  const store = await ExecutionStore.open(dataDir);
  const engine = await DuckDbEngine.create(options.threads, join(dataDir, "spill"));
  // One engine thread per page read: concurrent requests already use both cores, and a second thread per query
  // only decodes row groups ahead that a LIMIT then throws away (measured: 100-row page 23 ms with 1, 47 ms with 2).
  const reader = await ResultReader.create(1);
  const executions = await ExecutionService.open(store, engine, options.queries, {
    clock: options.clock,
    dataDir,
    maxResultBytes: options.maxResultBytes,
    slots: options.slots,
    log: options.log,
    maxInflight: options.maxInflight,
    readCredits: (keyId, periodId) => ledger.spent(keyId, periodId),
  });
  const billing = new KeyBilling(ledger, executions, options.clock);
  const uploads = await UploadService.open(dataDir, billing, options.clock, options.uploadStorageBytes);
  const app = await buildApp({
    keys: new KeyRing(options.keys),
    rateLimiters: {
      all: new RateLimiter(options.rateLimitPerMinute, options.clock),
      read: new RateLimiter(options.rateLimitRead, options.clock),
      write: new RateLimiter(options.rateLimitWrite, options.clock),
    },
    corsOrigins: options.corsOrigins,
    log: options.log,
  });
  let publicUrl: URL | undefined = options.publicUrl === undefined ? undefined : new URL(options.publicUrl);
  decoratePublicUrl(app, () => publicUrl as URL);
  const routes: { method: string; url: string }[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD" && method !== "OPTIONS") routes.push({ method, url: route.url });
    }
  });
  const results = {
    reader,
    verify: (record: ExecutionRecord) => executions.verifyResult(record),
    cache: new PageBodies(PAGE_CACHE_BYTES),
    billing,
  };
  registerExecutionRoutes(app, executions, results);
  registerQueryRoutes(app, executions);
  registerUsageRoutes(
    app,
    billing,
    options.queries,
    () => options.clock.now(),
    (caller) => uploads.storage(caller),
  );
  registerSqlRoutes(app, executions, uploads, options.sqlTimeLimitMs ?? SQL_TIME_LIMIT_MS);
  await registerUploadRoutes(app, uploads, options.maxInsertBytes ?? MAX_INSERT_BYTES);
  const datasets = options.datasets ? await SnapshotService.start(executions, options) : undefined;
  // Off: the datasets' snapshots are still made, readable as their queries' latest results; their own paths are unknown.
  if (datasets && options.curatedEndpoints) registerDatasetRoutes(app, datasets, results);
  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const url = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${port}`;
  publicUrl ??= new URL(url);
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    executions,
    routes,
    warmDatasets: async () => datasets?.warm(),
    pruneSnapshots: async () => datasets?.prune(),
    close: () =>
      (closing ??= (async () => {
        await app.close();
        await datasets?.close();
        await executions.close();
        await uploads.close();
        await ledger.close();
        await reader.close();
        await engine.close();
        await store.close();
      })()),
  };
}
